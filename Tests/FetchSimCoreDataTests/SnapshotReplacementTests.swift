import FetchSimCore
import FetchSimCoreData
import Testing

/// The fetched results controller makes each event's snapshot from its last one, replacing only
/// the rows between the common first and last rows of each changed section
/// (`changedRows(to:)`, `replaceItemsUnchecked(_:)`): held here to the plain computation, a
/// snapshot built from scratch of the new sections, through random edits.
@Suite struct SnapshotReplacementTests {
    /// `count` random small numbers, with repeats, so common runs are frequent.
    private func randomRows(_ count: Int, using generator: inout SeededGenerator) -> [Int] {
        (0..<count).map { _ in Int.random(in: 0..<4, using: &generator) }
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func theChangedRowsAreBetweenTheLongestCommonEnds(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let old = randomRows(Int.random(in: 0..<7, using: &generator), using: &generator)
            var new = old
            for _ in 0..<Int.random(in: 0..<3, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    new.insert(
                        Int.random(in: 0..<4, using: &generator), at: Int.random(in: 0...new.count, using: &generator))
                case 1 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                default: if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &generator)] = 9 }
                }
            }
            guard let changed = old.changedRows(to: new) else {
                #expect(old == new, "\(old) → \(new)")
                continue
            }
            // Written out: the common first rows, then the common last rows of what is left.
            let first = zip(old, new).prefix { $0 == $1 }.count
            let last = zip(old.dropFirst(first).reversed(), new.dropFirst(first).reversed()).prefix { $0 == $1 }.count
            #expect(changed.old == first..<(old.count - last), "\(old) → \(new)")
            #expect(changed.new == first..<(new.count - last), "\(old) → \(new)")
            var rebuilt = old
            rebuilt.replaceSubrange(changed.old, with: new[changed.new])
            #expect(rebuilt == new, "\(old) → \(new)")
        }
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func aSnapshotWithItsChangedRowsReplacedIsTheNewSectionsSnapshot(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let names = ["A", "B", "C", "D"]
        var sections = names.enumerated().map { index, _ in Array((index * 10)..<(index * 10 + 6)) }
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>(uncheckedSections: Array(zip(names, sections)))
        var next = 100
        for step in 0..<200 {
            // An event as the controller sees one: inserts, deletes, and moves within or across
            // sections, a few at a time.
            var new = sections
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let from = Int.random(in: 0..<4, using: &generator)
                let to = Int.random(in: 0..<4, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    new[to].insert(next, at: Int.random(in: 0...new[to].count, using: &generator))
                    next += 1
                case 1 where !new[from].isEmpty:
                    new[from].remove(at: Int.random(in: 0..<new[from].count, using: &generator))
                default:
                    guard !new[from].isEmpty else { continue }
                    let item = new[from].remove(at: Int.random(in: 0..<new[from].count, using: &generator))
                    new[to].insert(item, at: Int.random(in: 0...new[to].count, using: &generator))
                }
            }
            let replacements = new.indices.compactMap { index in
                sections[index].changedRows(to: new[index]).map { (index, $0.old, Array(new[index][$0.new])) }
            }
            snapshot.replaceItemsUnchecked(replacements)
            sections = new
            var expected = NSDiffableDataSourceSnapshot<String, Int>()
            expected.appendSections(names)
            for (name, items) in zip(names, new) { expected.appendItems(items, toSection: name) }
            #expect(snapshot == expected, "step \(step)")
            #expect(snapshot.numberOfItems == expected.numberOfItems, "step \(step)")
            for item in 0..<next {
                #expect(
                    snapshot.sectionIdentifier(containingItem: item)
                        == expected.sectionIdentifier(containingItem: item),
                    "step \(step), item \(item)")
            }
        }
    }

    /// The controller marks an event's objects without checks (`reloadItemsUnchecked`); marks
    /// the app adds after are checked against them: each identifier once, in the order first
    /// marked.
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func marksAddedAfterTheControllersAreEachOnce(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let items = Array(0..<12)
            var snapshot = NSDiffableDataSourceSnapshot<String, Int>(uncheckedSections: [("A", items)])
            let controllers = Array(items.shuffled(using: &generator).prefix(Int.random(in: 0...5, using: &generator)))
            snapshot.reloadItemsUnchecked(controllers)
            var marked = controllers
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                let more = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    items.randomElement(using: &generator) ?? 0
                }
                snapshot.reloadItems(more)
                marked += more
            }
            // Written out: every identifier marked, the first time it was.
            var plain: [Int] = []
            for item in marked where !plain.contains(item) { plain.append(item) }
            #expect(snapshot.reloadedItemIdentifiers == plain, "\(marked)")
        }
    }
}
