import FetchSimCore
import ObjectGraph
import TableSimulation
import Testing

@testable import Adapters

/// `SnapshotDiff` (docs/semantics.md rule D1): hand-computed batches for small cases, and every
/// diff — hand-written or random — replayed through the simulated table, which must then show the
/// new snapshot (the DifferenceKit oracle).
@Suite struct SnapshotDiffTests {
    /// A snapshot from `[(name, ids)]`, items identified by object ID.
    static func snapshot(_ sections: [(String, [Int])]) -> DiffableSnapshot {
        var snapshot = DiffableSnapshot()
        snapshot.sections = sections.map { name, ids in
            DiffableSnapshot.Section(
                name: name, items: ids.map { .object(ObjectID($0)) }, objects: ids.map(ObjectID.init))
        }
        return snapshot
    }

    /// Applies the diff from `old` to `new` to a table showing `old`; returns the table's rows and titles.
    static func replay(
        _ old: DiffableSnapshot, _ new: DiffableSnapshot,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (rows: [[Int]], titles: [String?]) {
        let source = SnapshotSource(old)
        let table = SimulatedTableView(dataSource: source)
        table.reloadData()
        let diff = SnapshotDiff(from: old, to: new)
        try table.performBatchUpdates {
            source.snapshot = new
            if !diff.deletedSections.isEmpty { try table.deleteSections(diff.deletedSections) }
            if !diff.insertedSections.isEmpty { try table.insertSections(diff.insertedSections) }
            for move in diff.movedSections { try table.moveSection(move.from, toSection: move.to) }
            if !diff.deletedRows.isEmpty { try table.deleteRows(at: diff.deletedRows) }
            if !diff.insertedRows.isEmpty { try table.insertRows(at: diff.insertedRows) }
            for move in diff.movedRows { try table.moveRow(at: move.from, to: move.to) }
        }
        return (table.rowIdentifiersBySection, (0..<table.numberOfSections).map(table.headerTitle(forSection:)))
    }

    @Test func identicalSnapshotsGiveAnEmptyBatch() {
        let a = Self.snapshot([("A", [1, 2, 3]), ("B", [4])])
        #expect(SnapshotDiff(from: a, to: a).isEmpty)
    }

    @Test func oneRowMovedUpIsOneMove() throws {
        let old = Self.snapshot([("A", [1, 2, 3, 4])])
        let new = Self.snapshot([("A", [4, 1, 2, 3])])
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.movedRows.map { [$0.from, $0.to] } == [[path(0, 3), path(0, 0)]])
        #expect(diff.deletedRows.isEmpty && diff.insertedRows.isEmpty)
        #expect(try Self.replay(old, new).rows == [[4, 1, 2, 3]])
    }

    @Test func sectionsFirstThenItems() throws {
        // B disappears with its item 3; C appears with the new item 9 and item 1 from A;
        // item 2 moves from A into the surviving D.
        let old = Self.snapshot([("A", [1, 2]), ("B", [3]), ("D", [4])])
        let new = Self.snapshot([("C", [1, 9]), ("D", [2, 4])])
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.deletedSections == [0, 1])
        #expect(diff.insertedSections == [0])
        #expect(diff.movedSections.isEmpty)
        // 1 leaves deleted A for inserted C: nothing; 2 leaves deleted A: inserted at 1.0.
        #expect(diff.deletedRows.isEmpty)
        #expect(diff.insertedRows == [path(1, 0)])
        #expect(diff.movedRows.isEmpty)
        let replayed = try Self.replay(old, new)
        #expect(replayed.rows == [[1, 9], [2, 4]])
        #expect(replayed.titles == ["C", "D"])
    }

    @Test func itemIntoAnInsertedSectionIsDeletedFromItsOldPlace() throws {
        let old = Self.snapshot([("A", [1, 2])])
        let new = Self.snapshot([("A", [1]), ("B", [2])])
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.insertedSections == [1])
        #expect(diff.deletedRows == [path(0, 1)])
        #expect(diff.movedRows.isEmpty)
        #expect(try Self.replay(old, new).rows == [[1], [2]])
    }

    @Test func crossSectionMoveBetweenSurvivingSections() throws {
        let old = Self.snapshot([("A", [1, 2]), ("B", [3])])
        let new = Self.snapshot([("A", [2]), ("B", [3, 1])])
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.movedRows.map { [$0.from, $0.to] } == [[path(0, 0), path(1, 1)]])
        #expect(try Self.replay(old, new).rows == [[2], [3, 1]])
    }

    @Test func reorderedSectionsMoveOffTheLongestRun() throws {
        let old = Self.snapshot([("A", [1]), ("B", [2]), ("C", [3])])
        let new = Self.snapshot([("C", [3]), ("A", [1]), ("B", [2])])
        let diff = SnapshotDiff(from: old, to: new)
        #expect(diff.movedSections.map { [$0.from, $0.to] } == [[2, 0]])
        #expect(diff.movedRows.isEmpty)
        let replayed = try Self.replay(old, new)
        #expect(replayed.rows == [[3], [1], [2]])
        #expect(replayed.titles == ["C", "A", "B"])
    }

    @Test func longestIncreasingRunIsLongest() {
        #expect(SnapshotDiff.longestIncreasingRun([3, 0, 1, 2]) == [0, 1, 2])
        #expect(SnapshotDiff.longestIncreasingRun([]) == [])
        #expect(SnapshotDiff.longestIncreasingRun([2, 1, 0]).count == 1)
        #expect(SnapshotDiff.longestIncreasingRun([0, 5, 1, 6, 2, 7]) == [0, 1, 2, 7])
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomDiffsReplayToTheNewSnapshot(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let names = ["A", "B", "C", "D", "E"]
        func random() -> DiffableSnapshot {
            let chosen = names.filter { _ in Bool.random(using: &rng) }.shuffled(using: &rng)
            var ids = Array(1...14).filter { _ in Int.random(in: 0..<10, using: &rng) < 7 }.shuffled(using: &rng)
            var sections: [(String, [Int])] = []
            for (i, name) in chosen.enumerated() {
                let take = i == chosen.count - 1 ? ids.count : Int.random(in: 0...ids.count, using: &rng)
                sections.append((name, Array(ids.prefix(take))))
                ids.removeFirst(take)
            }
            return Self.snapshot(sections)
        }
        for _ in 0..<100 {
            let old = random()
            let new = random()
            let replayed = try Self.replay(old, new)
            #expect(replayed.rows == new.sections.map { $0.objects.map(\.rawValue) })
            #expect(replayed.titles == new.sections.map { Optional($0.name) })
        }
    }
}

/// A table data source that serves a snapshot's object IDs and section names.
final class SnapshotSource: TableViewDataSource {
    var snapshot: DiffableSnapshot
    init(_ snapshot: DiffableSnapshot) { self.snapshot = snapshot }
    func numberOfSections(in tableView: SimulatedTableView) -> Int { snapshot.sections.count }
    func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int {
        snapshot.sections[section].items.count
    }
    func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        TableCell(identifier: self.tableView(tableView, identifierForRowAt: indexPath), columns: [])
    }
    func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        snapshot.sections[indexPath.section].objects[indexPath.row].rawValue
    }
    func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        snapshot.sections[section].name
    }
    func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? { nil }
    func tableView(
        _ tableView: SimulatedTableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}
