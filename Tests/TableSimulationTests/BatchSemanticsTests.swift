import FetchSimCore
import TableSimulation
import Testing

/// Semantics.md rule 13: which numbering each call uses, and the order UIKit processes them in.
@Suite struct BatchSemanticsTests {
    /// TVPG Listing 7-8, with the calls made in either order.
    @Test(arguments: [false, true])
    func tableViewProgrammingGuideListing7_8(deletesFirst: Bool) throws {
        let names = [
            1: "Arizona", 2: "California", 3: "Delaware", 4: "New Jersey", 5: "Washington",
            6: "Alaska", 7: "Georgia", 8: "Virginia",
        ]
        let harness = Harness([[1, 2, 3, 4, 5]])
        harness.source.set([[6, 1, 2, 7, 4, 8]])
        try harness.table.performBatchUpdates {
            if deletesFirst { try harness.table.deleteRows(at: [p(0, 2), p(0, 4)]) }
            try harness.table.insertRows(at: [p(0, 0), p(0, 3), p(0, 5)])
            if !deletesFirst { try harness.table.deleteRows(at: [p(0, 2), p(0, 4)]) }
        }
        let shown = harness.table.rowIdentifiers(inSection: 0).map { names[$0] ?? "?" }
        #expect(shown == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])
    }

    /// TVPG Figure 7-2: 3×3 rows; delete row 0-1, delete section 1, insert row 1-1 (new numbering).
    @Test func tableViewProgrammingGuideFigure7_2() throws {
        let harness = Harness([[0, 1, 2], [10, 11, 12], [20, 21, 22]])
        harness.source.set([[0, 2], [20, 99, 21, 22]])
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: [p(0, 1)])
            try harness.table.deleteSections([1])
            try harness.table.insertRows(at: [p(1, 1)])
        }
        #expect(harness.table.numberOfSections == 2)
        #expect(harness.table.numberOfRows(inSection: 0) == 2)
        #expect(harness.table.numberOfRows(inSection: 1) == 4)
        #expect(harness.table.rowIdentifiersBySection == [[0, 2], [20, 99, 21, 22]])
        #expect(harness.table.headerTitle(forSection: 1) == "S2", "the old section 2 keeps its cached title")
    }

    /// Deletes refer to the old layout and inserts to the new one, in all 24 call orders.
    @Test(arguments: 0..<24)
    func deletesAreProcessedBeforeInsertsWhateverTheCallOrder(permutation: Int) throws {
        let harness = Harness([[1, 2, 3, 4]])
        harness.source.set([[8, 1, 9, 3]])
        let calls: [(SimulatedTableView) throws -> Void] = [
            { try $0.insertRows(at: [p(0, 0)]) }, { try $0.deleteRows(at: [p(0, 1)]) },
            { try $0.insertRows(at: [p(0, 2)]) }, { try $0.deleteRows(at: [p(0, 3)]) },
        ]
        var remaining = Array(calls.indices)
        var order: [Int] = []
        var code = permutation
        while !remaining.isEmpty {
            let count = remaining.count
            order.append(remaining.remove(at: code % count))
            code /= count
        }
        try harness.table.performBatchUpdates {
            for index in order { try calls[index](harness.table) }
        }
        #expect(harness.table.rowIdentifiers(inSection: 0) == [8, 1, 9, 3], "order \(order)")
    }

    @Test func movedSectionKeepsItsRowsCellsAndTitle() throws {
        let harness = Harness([[1, 2], [3]])
        harness.source.labels[1] = "changed"
        harness.source.set([[3], [1, 2]], titles: ["new 0", "new 1"])
        try harness.table.moveSection(0, toSection: 1)
        #expect(harness.table.rowIdentifiersBySection == [[3], [1, 2]])
        #expect(harness.columns(1, 0) == ["0", "item 1"], "moved, not reconfigured")
        #expect(harness.table.headerTitle(forSection: 1) == "S0")
        #expect(harness.table.lastBatch.map(\.description) == ["moveSection 0 → 1"])
    }

    @Test func insertedSectionIsReadFromTheDataSource() throws {
        let harness = Harness([[1]])
        harness.source.set([[5, 6], [1]], titles: ["Fresh", "Old"])
        harness.source.indexTitles = ["F", "O"]
        try harness.table.insertSections([0])
        #expect(harness.table.rowIdentifiersBySection == [[5, 6], [1]])
        #expect(harness.table.headerTitle(forSection: 0) == "Fresh")
        #expect(harness.table.headerTitle(forSection: 1) == "S0")
        #expect(harness.table.sectionIndexTitles == ["F", "O"])
        #expect(harness.table.cellForRow(at: p(0, 1)) == TableCell(identifier: 6, columns: ["1", "item 6"]))
    }

    @Test func insertsIntoInsertedSectionsAndDeletesFromDeletedSectionsPassThrough() throws {
        let harness = Harness([[1, 2], [3]])
        harness.source.set([[3], [7, 8]])
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: [p(0, 0), p(0, 1)])
            try harness.table.deleteSections([0])
            try harness.table.insertSections([1])
            try harness.table.insertRows(at: [p(1, 0), p(1, 1)])
        }
        #expect(harness.table.rowIdentifiersBySection == [[3], [7, 8]])
    }

    @Test func crossSectionMoveKeepsTheCellAndUpdatesBothCounts() throws {
        let harness = Harness([[1, 2], [3]])
        harness.source.set([[2], [3, 1]])
        try harness.table.performBatchUpdates { try harness.table.moveRow(at: p(0, 0), to: p(1, 1)) }
        #expect(harness.table.rowIdentifiersBySection == [[2], [3, 1]])
        #expect(harness.columns(1, 1) == ["0", "item 1"])
    }

    @Test func operationsAreLoggedReadably() throws {
        let harness = Harness([[1, 2, 3, 4]])
        harness.source.set([[9, 2, 1]])
        try harness.table.performBatchUpdates {
            try harness.table.deleteRows(at: [p(0, 2), p(0, 3)])
            try harness.table.moveRow(at: p(0, 0), to: p(0, 2))
            try harness.table.insertRows(at: [p(0, 0)])
            try harness.table.reconfigureRows(at: [p(0, 1)])
        }
        #expect(
            harness.table.lastBatch.map(\.description)
                == ["deleteRows [0.2, 0.3]", "moveRow 0.0 → 0.2", "insertRows [0.0]", "reconfigureRows [0.1]"])
        #expect(harness.table.rowIdentifiers(inSection: 0) == [9, 2, 1])
        harness.table.reloadData()
        #expect(harness.table.lastBatch.map(\.description) == ["reloadData"])
        #expect(TableOperation.insertSections([1]).description == "insertSections [1]")
        #expect(TableOperation.reloadRows([p(1, 0)]).description == "reloadRows [1.0]")
    }
}
