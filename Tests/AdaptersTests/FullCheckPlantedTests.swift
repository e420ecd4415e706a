import Adapters
import FetchSimCore
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
}
