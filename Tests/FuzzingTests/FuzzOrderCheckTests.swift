import Adapters
import FetchSimCore
@testable import Fuzzing
import ObjectGraph
import Testing

/// After a drag the oracle checks the full order in one pass over the expected IDs and builds
/// the full order only when that pass does not confirm it (docs/performance.md, "The
/// fuzzer's executor and the full check"). Whatever the expected order, `lostOrder` must answer what the
/// full comparison answers: the same failure, the same message, or none.
@Suite struct FuzzOrderCheckTests {
    typealias FullOrder = FuzzExecutor.FullOrder

    /// The check as it was before the one-pass path: build the full order, compare section by
    /// section in name order, then look for a tie around the dragged object.
    static func reference(_ executor: FuzzExecutor, _ expected: FullOrder, moved: ObjectID) -> FuzzFailure? {
        let actual = executor.fullOrder()
        let context = executor.workspace.context
        for group in Set(actual.keys).union(expected.keys).sorted() where actual[group] ?? [] != expected[group] ?? [] {
            let text = { (ids: [ObjectID]) in ids.map(\.description).joined(separator: " ") }
            return FuzzFailure(kind: .userOrder, message: "section \"\(group)\": the user made "
                + "\(text(expected[group] ?? [])), the full order is \(text(actual[group] ?? []))")
        }
        for (group, ids) in actual {
            guard let index = ids.firstIndex(of: moved), let key = context.object(with: moved)?["order"] else { continue }
            for neighbour in [index - 1, index + 1] where ids.indices.contains(neighbour) {
                if let other = context.object(with: ids[neighbour]), Value.compare(other["order"], key) == 0 {
                    return FuzzFailure(kind: .userOrder, message: "section \"\(group)\": the dragged "
                        + "\(moved) ties with \(other.objectID) at order \(key)")
                }
            }
        }
        return nil
    }

    /// Wrong orders near `order`: two neighbours swapped, an object moved to another section,
    /// one left out, one listed twice, an unknown ID, an empty section added (which the full
    /// comparison ignores), a section renamed.
    static func variants(of order: FullOrder) -> [FullOrder] {
        var variants: [FullOrder] = []
        let names = order.keys.sorted()
        guard let first = names.first, let ids = order[first], let id = ids.first else { return [] }
        if ids.count >= 2 {
            var swapped = order
            swapped[first]?.swapAt(0, 1)
            variants.append(swapped)
        }
        if let other = names.dropFirst().first {
            var moved = order
            moved[first]?.removeFirst()
            moved[other]?.append(id)
            if moved[first]?.isEmpty == true { moved[first] = nil }
            variants.append(moved)
            var twice = order
            twice[other]?.append(id)
            variants.append(twice)
        }
        var missing = order
        missing[first]?.removeFirst()
        variants.append(missing)
        var unknown = order
        unknown[first]?.append(ObjectID(1 << 40))
        variants.append(unknown)
        var empty = order
        empty["no such group"] = []
        variants.append(empty)
        var renamed = order
        renamed[first] = nil
        renamed[first + "x"] = ids
        variants.append(renamed)
        return variants
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let seed: UInt64
        let filter: Int
        let ascending: Bool
        let reorder: ReorderStrategy
        var testDescription: String { "seed \(seed) filter \(filter)% \(ascending ? "asc" : "desc") \(reorder)" }
    }

    /// Int keys (dense, sparse) take the one-pass path; fractional keys are doubles, which it
    /// leaves to the full comparison.
    @Test(arguments: [
        Case(seed: 7, filter: 0, ascending: true, reorder: .dense),
        Case(seed: 11, filter: 30, ascending: false, reorder: .sparse),
        Case(seed: 13, filter: 50, ascending: true, reorder: .fractional),
    ])
    func theOnePassCheckAnswersAsTheFullComparison(_ testCase: Case) throws {
        let seed = testCase.seed
        let configuration = FuzzConfiguration.with(seed: seed, batches: 200) {
            $0.filterPercent = testCase.filter
            $0.sortsAscending = testCase.ascending
            $0.reorder = testCase.reorder
        }
        var generator = FuzzGenerator(configuration: configuration, seed: seed)
        let executor = try FuzzExecutor()
        for line in generator.setup() { _ = executor.run(line) }
        var checked = 0, failing = 0
        for _ in 0..<200 {
            _ = executor.run(generator.nextBatch(executor))
            let order = executor.fullOrder()
            // Each object as the dragged one: the tie check around it runs on both paths.
            for moved in order.values.compactMap(\.first) {
                #expect(executor.lostOrder(expected: (order, moved)) == Self.reference(executor, order, moved: moved))
                checked += 1
            }
            guard let moved = order.values.first?.last else { continue }
            for variant in Self.variants(of: order) {
                let expected = Self.reference(executor, variant, moved: moved)
                #expect(executor.lostOrder(expected: (variant, moved)) == expected)
                if expected != nil { failing += 1 }
            }
        }
        #expect(checked > 200 && failing > 200, "checked \(checked), failing \(failing)")
    }
}
