import FetchSimCore
import ObjectGraph
import Testing

@testable import Benchmarks

/// The bench's Heckel-style baseline is a real diff: what it reports turns the old list into the
/// new one, checked the way UIKit checks a batch — counts per surviving section, and the rows that
/// neither leave nor arrive keep their relative order.
@Suite struct HeckelDiffTests {
    private func list(_ sections: [(String, [Int])]) -> SectionedIDs {
        SectionedIDs(names: sections.map { .string($0.0) }, ids: sections.map(\.1))
    }

    @Test func aHandWorkedExample() {
        // A: 1 2 3 4, B: 5 6  →  A: 2 7 4 3, C: 6. Section B deleted, C inserted; 1 and 5
        // deleted, 7 inserted, 6 moved from B to C. In A, after the offsets (one row left before
        // 2, 3 and 4; 7 arrived before 4 and 3), 2 is at 0 both times and stays; 4 (old 3 - 1 = 2,
        // new 2 - 1 = 1) and 3 (old 2 - 1 = 1, new 3 - 1 = 2) are reported moved, as IGListKit does.
        let diff = HeckelDiff(
            from: list([("A", [1, 2, 3, 4]), ("B", [5, 6])]), to: list([("A", [2, 7, 4, 3]), ("C", [6])]))
        #expect(diff.sectionDeletes == [1])
        #expect(diff.sectionInserts == [1])
        #expect(diff.deletes.map { [$0.section, $0.row] } == [[0, 0], [1, 0]])
        #expect(diff.inserts.map { [$0.section, $0.row] } == [[0, 1]])
        #expect(
            diff.moves.map { [$0.from.section, $0.from.row, $0.to.section, $0.to.row] } == [
                [0, 3, 0, 2], [0, 2, 0, 3], [1, 1, 1, 0],
            ])
    }

    @Test(arguments: 1...40)
    func randomListsReplay(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let names = ["A", "B", "C", "D", "E"]
        func randomList(from ids: [Int]) -> SectionedIDs {
            let chosen = names.filter { _ in Bool.random(using: &rng) }.sorted()
            guard !chosen.isEmpty else { return SectionedIDs() }
            var sections = chosen.map { ($0, [Int]()) }
            for id in ids.shuffled(using: &rng) where Int.random(in: 0..<5, using: &rng) > 0 {
                sections[Int.random(in: 0..<sections.count, using: &rng)].1.append(id)
            }
            return list(sections)
        }
        let old = randomList(from: Array(1...30))
        let new = randomList(from: Array(10...40))
        let diff = HeckelDiff(from: old, to: new)

        for (newSection, name) in new.names.enumerated() {
            guard let oldSection = old.names.firstIndex(of: name) else {
                #expect(diff.sectionInserts.contains(newSection))
                continue
            }
            let leaving = Set(
                diff.deletes.filter { $0.section == oldSection }.map(\.row)
                    + diff.moves.filter { $0.from.section == oldSection }.map(\.from.row))
            let arriving = Set(
                diff.inserts.filter { $0.section == newSection }.map(\.row)
                    + diff.moves.filter { $0.to.section == newSection }.map(\.to.row))
            let stayed = old.ids[oldSection].enumerated().filter { !leaving.contains($0.offset) }.map(\.element)
            let kept = new.ids[newSection].enumerated().filter { !arriving.contains($0.offset) }.map(\.element)
            #expect(stayed == kept, "section \(name): the rows left in place keep their order")
            #expect(old.ids[oldSection].count - leaving.count + arriving.count == new.ids[newSection].count)
        }
        for (oldSection, name) in old.names.enumerated() where !new.names.contains(name) {
            #expect(diff.sectionDeletes.contains(oldSection))
        }
        // Every new row that is not in a kept place arrived by insert or move, and each ID once.
        let arrivedIDs =
            diff.inserts.map { new.ids[$0.section][$0.row] } + diff.moves.map { new.ids[$0.to.section][$0.to.row] }
        #expect(Set(arrivedIDs).count == arrivedIDs.count)
        let oldIDs = Set(old.ids.joined())
        #expect(diff.inserts.allSatisfy { !oldIDs.contains(new.ids[$0.section][$0.row]) })
    }
}
