import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation
import Testing

/// The difference delegate under random events (the fuzzer has no option for it): applying each
/// difference to the data source's items and reconfiguring the paired objects keeps the table
/// equal to the controller — cells included — under the profiles with iOS 10's change shapes
/// (`ios9`'s updates without a new path and twin update + move cannot be written as a difference,
/// an iOS 13 API; docs/semantics.md rule 24).
@Suite struct RandomDifferenceDeliveryTests {
    @Test(arguments: [CompatibilityProfile.modern, .ios10, .strict])
    func appliedDifferencesKeepTheTableConsistent(profile: CompatibilityProfile) throws {
        let titles = (0..<8).map { "t\($0)" }
        let h = try Harness(.diffable, sections: ["A": titles], sectioned: false) {
            $0.delivery = .difference
            $0.updates = .reconfigure
        }
        h.controller.profile = profile
        try h.controller.performFetch()
        var random = SeededGenerator(seed: 17)
        var next = 100
        for step in 0..<300 {
            let problems = try h.event {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let objects = h.context.objects(ofEntity: "Note")
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<2 where objects.count < 14:
                        next += 1
                        try h.context.insert(
                            "Note",
                            values: [
                                ("title", .string("n\(next)")), ("group", .string("A")),
                                ("order", .int(Int.random(in: 0..<10, using: &random))),
                            ])
                    case 2 where objects.count > 3:
                        if let victim = objects.randomElement(using: &random) { try h.context.delete(victim.objectID) }
                    case 3..<7:
                        if let object = objects.randomElement(using: &random) {
                            try h.context.setValue(
                                .int(Int.random(in: 0..<10, using: &random)), forKey: "order", of: object.objectID)
                        }
                    default:
                        if let object = objects.randomElement(using: &random) {
                            next += 1
                            try h.context.setValue(.string("u\(next)"), forKey: "title", of: object.objectID)
                        }
                    }
                }
            }
            #expect(problems.isEmpty, "step \(step): \(problems.map(\.description))")
            #expect(h.adapter.lastEvent.tableError == nil, "step \(step)")
            if !problems.isEmpty { return }
        }
    }
}
