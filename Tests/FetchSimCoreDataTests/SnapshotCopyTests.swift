import FetchSimCore
import FetchSimCoreData
import Testing

/// A snapshot's copies share its contents until one of them changes (copy on write): held here
/// to plain arrays, through random changes to random copies, each copy its own value.
@Suite struct SnapshotCopyTests {
    /// What a snapshot holds, as plain arrays.
    private struct Model {
        var sections: [String] = []
        var items: [[Int]] = []
        var reloads: [Int] = []

        func section(of item: Int) -> String? {
            items.firstIndex { $0.contains(item) }.map { sections[$0] }
        }
    }

    private typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func eachCopyKeepsItsOwnContents(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var first = Snapshot()
        first.appendSections(["S0", "S1"])
        first.appendItems([0, 1, 2], toSection: "S0")
        first.appendItems([3, 4], toSection: "S1")
        var copies = [(first, Model(sections: ["S0", "S1"], items: [[0, 1, 2], [3, 4]]))]
        var nextItem = 5
        var nextSection = 2
        for step in 0..<300 {
            let pick = Int.random(in: 0..<copies.count, using: &generator)
            var (snapshot, model) = copies[pick]
            let all = model.items.flatMap { $0 }
            switch Int.random(in: 0..<8, using: &generator) {
            case 0:
                // A copy by assignment, or the data source's copy without marks.
                if Bool.random(using: &generator) {
                    copies.append((snapshot, model))
                } else {
                    var unmarked = model
                    unmarked.reloads = []
                    copies.append((snapshot.unmarkedCopy(), unmarked))
                }
                if copies.count > 6 { copies.removeFirst() }
                continue
            case 1 where !model.sections.isEmpty:
                let index = Int.random(in: 0..<model.sections.count, using: &generator)
                snapshot.appendItems([nextItem, nextItem + 1], toSection: model.sections[index])
                model.items[index] += [nextItem, nextItem + 1]
                nextItem += 2
            case 2 where !all.isEmpty:
                let item = all[Int.random(in: 0..<all.count, using: &generator)]
                snapshot.deleteItems([item])
                for index in model.items.indices { model.items[index].removeAll { $0 == item } }
            case 3 where all.count > 1:
                let item = all[Int.random(in: 0..<all.count, using: &generator)]
                let target = all[Int.random(in: 0..<all.count, using: &generator)]
                guard item != target else { continue }
                snapshot.moveItem(item, beforeItem: target)
                for index in model.items.indices { model.items[index].removeAll { $0 == item } }
                if let index = model.items.firstIndex(where: { $0.contains(target) }),
                    let row = model.items[index].firstIndex(of: target)
                {
                    model.items[index].insert(item, at: row)
                }
            case 4:
                snapshot.appendSections(["S\(nextSection)"])
                model.sections.append("S\(nextSection)")
                model.items.append([])
                nextSection += 1
            case 5 where model.sections.count > 1:
                let index = Int.random(in: 0..<model.sections.count, using: &generator)
                snapshot.deleteSections([model.sections[index]])
                model.sections.remove(at: index)
                model.items.remove(at: index)
            case 6 where !all.isEmpty:
                let item = all[Int.random(in: 0..<all.count, using: &generator)]
                snapshot.reloadItems([item])
                if !model.reloads.contains(item) { model.reloads.append(item) }
            default:
                continue
            }
            copies[pick] = (snapshot, model)
            for (number, (snapshot, model)) in copies.enumerated() {
                let where_ = "step \(step), copy \(number)"
                #expect(snapshot.sectionIdentifiers == model.sections, "\(where_)")
                #expect(
                    snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) } == model.items,
                    "\(where_)")
                #expect(snapshot.numberOfItems == model.items.joined().count, "\(where_)")
                #expect(snapshot.reloadedItemIdentifiers == model.reloads, "\(where_)")
                for item in 0..<nextItem {
                    #expect(
                        snapshot.sectionIdentifier(containingItem: item) == model.section(of: item),
                        "\(where_), \(item)")
                }
            }
        }
    }
}
