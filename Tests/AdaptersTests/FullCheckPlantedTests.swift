import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import Testing

/// The full check against inconsistencies planted by hand — values the controller has not been
/// told about, cells configured behind the adapter's back — named in words written here, for int
/// and string sort keys, short and long strings.
@Suite struct FullCheckPlantedTests {
    @Test func anIntKeyOutOfOrderAndItsStaleCell() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1", "a2"]])
        #expect(h.check.run(scope: .full).isEmpty)
        // Written, never processed: the controller still orders a0 first.
        try h.set("a0", "order", .int(5))
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell, #"row 0.0 shows a stale cell for #1: "a0 | A | 0" but it should show "a0 | A | 5""#),
                ConsistencyProblem(.order, #"the controller's objects are out of order: #1 "a0" comes before #2 "a1""#),
            ])
    }

    @Test func aStringKeyOutOfOrderAcrossSections() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0"], "B": ["b0"]])
        try h.set("b0", "group", .string("0"))  // "0" sorts before "A"
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell, #"row 1.0 shows a stale cell for #2: "b0 | B | 0" but it should show "b0 | 0 | 0""#),
                ConsistencyProblem(.order, #"the controller's objects are out of order: #1 "a0" comes before #2 "b0""#),
            ])
    }

    @Test func equalLongSectionNamesInSeparateStorage() throws {
        let name = "a section name longer than fifteen bytes"
        let h = try Harness(.coordinator, sections: [name: ["x0", "x1", "x2"]])
        // The same name built again: equal text in another allocation, so the check compares the text.
        let copy = String(name.reversed().reversed())
        try h.event { try h.set("x1", "group", .string(copy)) }
        #expect(h.check.run(scope: .full).isEmpty)
        try h.set("x1", "order", .int(-1))
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell,
                    "row 0.1 shows a stale cell for #2: \"x1 | \(name) | 1\" but it should show \"x1 | \(name) | -1\""),
                ConsistencyProblem(.order, #"the controller's objects are out of order: #1 "x0" comes before #2 "x1""#),
            ])
    }

    @Test func theSameValuesWrittenAgainLeaveNothingToReport() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]]) { $0.updates = .ignore }
        // A write of the values the cells were formatted from, never processed: nothing differs.
        try h.set("a1", "order", .int(1))
        try h.set("a1", "title", .string("a1"))
        #expect(h.check.run(scope: .full).isEmpty)
    }

    /// A cell app code configured without the data source is compared by its text, and a cell
    /// for another object is named.
    @Test func aCellWithoutASourceIsComparedByItsText() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]])
        let row = IndexPath(row: 1, section: 0)
        #expect(h.table.configureVisibleCell(at: row, with: TableCell(identifier: 2, columns: ["a1", "A", "1"])))
        #expect(h.check.run(scope: .full).isEmpty)
        h.table.configureVisibleCell(at: row, with: TableCell(identifier: 2, columns: ["a1", "A", "7"]))
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell, #"row 0.1 shows a stale cell for #2: "a1 | A | 7" but it should show "a1 | A | 1""#)
            ])
        h.table.configureVisibleCell(at: row, with: h.dataSource.cell(for: try h.object("a0")))
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(.wrongCell, #"row 0.1 is #2 "a1" but its cell shows #1 "a0""#)
            ])
    }

    /// A pending write nobody was told about is no problem with the delivered values, and is with
    /// the current ones.
    @Test func deliveredValuesHideAPendingWriteAndCurrentOnesShowIt() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1", "a2"], "B": ["b0"]])
        try h.set("a2", "group", .string("C"))
        var delivered = h.check
        delivered.readsDeliveredValues = true
        #expect(delivered.run(scope: .full).isEmpty)
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell, #"row 0.2 shows a stale cell for #3: "a2 | A | 2" but it should show "a2 | C | 2""#),
                ConsistencyProblem(.order, #"the controller's objects are out of order: #3 "a2" comes before #4 "b0""#),
            ])
    }

    /// A cell shows one column per value: a column missing or one too many is stale, even when
    /// the columns it has are right.
    @Test func aCellWithAColumnMissingOrOneTooManyIsStale() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"]])
        let row = IndexPath(row: 1, section: 0)
        h.table.configureVisibleCell(at: row, with: TableCell(identifier: 2, columns: ["a1", "A"]))
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell, #"row 0.1 shows a stale cell for #2: "a1 | A" but it should show "a1 | A | 1""#)
            ])
        h.table.configureVisibleCell(at: row, with: TableCell(identifier: 2, columns: ["a1", "A", "1", ""]))
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(
                    .staleCell, #"row 0.1 shows a stale cell for #2: "a1 | A | 1 | " but it should show "a1 | A | 1""#)
            ])
    }

    /// The controller changed without telling the table: each row is compared with the
    /// controller's object at its own index path, past the rows one side lacks.
    @Test func rowsTheTableWasNotToldAbout() throws {
        let h = try Harness(.coordinator, sections: ["A": ["a0", "a1"], "B": ["b0", "b1"]])
        // A delegate that hears the events and tells the table nothing (without a delegate the
        // controller would not track changes at all).
        final class Unheard: FetchedResultsSnapshotDelegate {
            func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {}
        }
        let unheard = Unheard()
        h.controller.delegate = unheard
        // Sorts first in A: the controller's rows of A move down by one, the table's stay.
        try h.context.insert("Note", values: [("title", .string("ax")), ("group", .string("A")), ("order", .int(-1))])
        // Leaves B: the table shows b1 where the controller has no row.
        try h.set("b0", "group", .string("C"))
        try h.context.processPendingChanges()
        #expect(
            h.check.run(scope: .full) == [
                ConsistencyProblem(.sectionCount, "the table has 2 sections but the controller has 3"),
                ConsistencyProblem(.rowCount, "section 0 has 2 rows but the controller has 3"),
                ConsistencyProblem(.wrongRow, #"row 0.0 shows #1 "a0" but the controller has #5 "ax" there"#),
                ConsistencyProblem(.wrongRow, #"row 0.1 shows #2 "a1" but the controller has #1 "a0" there"#),
                ConsistencyProblem(.rowCount, "section 1 has 2 rows but the controller has 1"),
                ConsistencyProblem(.wrongRow, #"row 1.0 shows #3 "b0" but the controller has #4 "b1" there"#),
                ConsistencyProblem(.extraRow, #"row 1.1 shows #4 "b1" but the controller has no row there"#),
            ])
        withExtendedLifetime(unheard) {}
    }
}
