import Foundation
import Interpreter
import Testing

/// Drags and placed inserts through the whole pipeline, checked against the full, unfiltered
/// order of the demo's Groceries section, worked out by hand: Milk #1 (order 0), Eggs #2 (1,
/// done), Bread #3 (2), Coffee #4 (3) — docs/reorder.md.
@Suite struct ReorderTests {
    static let unfiltered = "fetch Note sort group, order section group index order"
    static let filtered = "fetch Note where done == nil sort group, order section group index order"

    /// The IDs of the controller's section `section`.
    private func ids(_ session: Session, section: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [Int]
    {
        let dump = try session.json("dump", sourceLocation: sourceLocation)
        let sections = try #require(dump["sections"] as? [[String: Any]], sourceLocation: sourceLocation)
        return try #require(sections[section]["ids"] as? [Int], sourceLocation: sourceLocation)
    }

    /// The index values of the objects with `ids`, as text.
    private func orders(_ session: Session, _ ids: [Int]) throws -> [String] {
        let dump = try session.json("dump objects")
        let objects = try #require(dump["objects"] as? [[String: Any]])
        return ids.map { id in
            let values = objects.first { $0["id"] as? Int == id }?["values"] as? [String: Any]
            return values?["order"].map { "\($0)" } ?? "?"
        }
    }

    private func drag(_ session: Session, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Int?
    {
        let answer = try session.json(line, sourceLocation: sourceLocation)
        let batch = try #require(
            answer["batch"] as? [String: Any], "no batch: \(answer)", sourceLocation: sourceLocation)
        #expect(batch["consistent"] as? Bool == true, "\(batch)", sourceLocation: sourceLocation)
        return batch["writes"] as? Int
    }

    @Test(arguments: ["dense", "sparse"])
    func aFilteredDragLandsAfterTheVisibleRowAboveBeforeTheHiddenOnes(strategy: String) throws {
        let session = try Session()
        _ = try session.json("reorder \(strategy)")
        _ = try session.json(Self.filtered)
        // Shown: Milk, Bread, Coffee. Coffee dropped at 0.1 lands right after Milk, before the hidden Eggs.
        _ = try drag(session, "move 0.2 0.1")
        // Shown: Milk, Coffee, Bread. Milk dropped at the bottom lands right after Bread.
        _ = try drag(session, "move 0.0 0.2")
        _ = try session.json(Self.unfiltered)
        let full = try ids(session)
        #expect(full == [4, 2, 3, 1])
        let keys = try orders(session, full)
        #expect(Set(keys).count == 4, "no two objects share an index value: \(keys)")
    }

    @Test func aFilteredDragOntoTheTopLandsBeforeTheVisibleRowBelow() throws {
        let session = try Session()
        _ = try session.json("set #1 done=true")
        _ = try session.json(Self.filtered)
        // Hidden: Milk, Eggs. Shown: Bread, Coffee. Coffee dropped at the top lands right before Bread, after Milk and Eggs.
        _ = try drag(session, "move 0.1 0.0")
        _ = try session.json(Self.unfiltered)
        #expect(try ids(session) == [1, 2, 4, 3])
    }

    @Test func aDescendingDragProducesTheOrderTheUserSees() throws {
        let session = try Session()
        _ = try session.json("fetch Note sort group, order desc section group index order")
        // Shown: Coffee, Bread, Eggs, Milk; Coffee dropped at 0.2 gives Bread, Eggs, Coffee, Milk.
        #expect(try drag(session, "move 0.0 0.2") == 3)
        #expect(try ids(session) == [3, 2, 4, 1])
        #expect(try orders(session, [3, 2, 4, 1]) == ["3", "2", "1", "0"])
    }

    @Test func anIndexKeyTheListIsNotSortedByIsRefused() throws {
        let session = try Session()
        let answer = try session.json("fetch Note sort group, title section group index order")
        let error = try #require(answer["error"] as? String)
        #expect(
            error == "index attribute 'order' must be what the list is sorted by: sort by 'group, order' "
                + "(then any tie-breakers), not 'group, title' at column 50")
        // A tie-breaker after the index key is fine.
        #expect(
            try session.json("fetch Note sort group, order, title section group index order")["ok"] as? Bool == true)
    }

    @Test func aDropWhereTheRowAlreadyIsSaysSo() throws {
        let session = try Session()
        #expect(session.text("move 0.0 0.0") == ["no change: 0.0 is already at 0.0"])
        #expect(try session.json("move 0.1 0.1")["batch"] is NSNull)
    }

    @Test func sparseWritesOneObjectPerDragAndReportsIt() throws {
        let session = try Session()
        _ = try session.json("reorder sparse")
        // Milk (0) dropped between Bread (2) and Coffee (3): no integer is free. The window of
        // radius 1 around the slot is (Bread, Coffee) above Eggs (1) and open at the end, so
        // Bread, Milk, Coffee become 1025, 2049, 3073: three writes.
        let writes = try drag(session, "move 0.0 0.2")
        #expect(try ids(session) == [2, 3, 1, 4])
        #expect(writes == 3)
        let stats = try session.json("stats")
        #expect(stats["reorder"] as? String == "sparse")
        #expect(stats["writes"] as? Int == 3)
        // Now the keys have gaps: a drag writes one object.
        #expect(try drag(session, "move 0.3 0.0") == 1)
    }

    @Test(arguments: ["apple-template", "coordinator", "reload-all"])
    func aDragThatEmptiesASectionAndOneIntoTheMiddleOfAnotherStayConsistent(adapter: String) throws {
        let session = try Session()
        // skip-moves for the template too: its default, the sample's skip-all, leaves the emptied section behind (rule 20).
        _ = try session.json("adapter \(adapter)" + (adapter == "apple-template" ? " userdriven=skip-moves" : ""))
        _ = try session.json(#"insert Note title="Old receipts" group="Archive" order=0"#)
        _ = try drag(session, "move 0.0 1.2")
        #expect(try ids(session) == [1, 2, 13, 3, 4])
        _ = try drag(session, "move 0.2 1.0")
        #expect(try ids(session, section: 1) == [13, 5, 6, 7, 8])
    }

    @Test func insertAtPlacesTheObjectAfterTheVisibleRowAbove() throws {
        let session = try Session()
        _ = try session.json(Self.filtered)
        // Shown: Milk, Bread, Coffee; inserted at 0.1 it lands right after Milk, before the hidden Eggs.
        let answer = try session.json(#"insert Note title="Tea" at 0.1"#)
        #expect(answer["ids"] as? [Int] == [13])
        _ = try session.json(Self.unfiltered)
        #expect(try ids(session) == [1, 13, 2, 3, 4])
        // One past the last row of another section appends there, with that section's key.
        _ = try session.json(#"insert Note title="Rake" at 1.4"#)
        #expect(try ids(session, section: 1) == [5, 6, 7, 8, 14])
    }

    @Test func insertAtRefusesWhatItSetsItself() throws {
        let session = try Session()
        let answer = try session.json(#"insert Note title="Tea" order=4 at 0.1"#)
        #expect(answer["error"] as? String == "'order' is set by 'at 0.1'; leave it out at column 25")
        // The column of the index path, after `at`.
        let range = try session.json(#"insert Note title="Tea" at 0.9"#)
        #expect(range["error"] as? String == "cannot insert at 0.9 (section 0 takes rows 0…4) at column 28")
    }
}
