import Interpreter
import Testing

/// The REPL's side of rule 24 and issue 16's leftovers: `log` after attaching a snapshot delegate,
/// the difference form in JSON, `canreorder=false`, the first snapshot's duplicates.
@Suite struct DiffableDeliveryCommandTests {
    @Test func attachingASnapshotDelegateShowsWhatPerformFetchDelivered() throws {
        let session = try Session()
        _ = session.text("adapter diffable")
        #expect(
            session.text("log") == [
                "performFetch (when the adapter was attached; no change event since):",
                "  didChangeContentWith snapshot (3 sections, 12 items)  [applied]",
            ])
        // A fetch delivers nothing to the new adapter: it fetches before the delegate is attached.
        _ = session.text("fetch Note sort group, order section group index order")
        #expect(session.text("log") == ["no change event yet"])
        _ = session.text("set 0.1 title=\"Oat milk\"")
        #expect(
            session.text("log").prefix(2) == [
                "event 1:", "  didChangeContentWith snapshot (3 sections, 12 items; reload #2)  [applied]",
            ])
    }

    @Test func theDifferenceIsStructuredInJSON() throws {
        let session = try Session()
        _ = session.text("fetch Note sort order, title")
        _ = session.text("adapter diffable delegate=difference")
        // Sorted by order then title, the order-0 rows are Fix the sink (#5), Milk (#1), Write
        // report (#9); "Able" sorts first: Milk's title is a sort key, so it moves from 1 to 0.
        let answer = try session.json("set #1 title=\"Able\"")
        let batch = try #require(answer["batch"] as? [String: Any])
        let callbacks = try #require(batch["callbacks"] as? [[String: Any]])
        #expect(callbacks.count == 1)
        #expect(callbacks.first?["event"] as? String == "difference")
        let removals = try #require(callbacks.first?["removals"] as? [[String: Any]])
        let insertions = try #require(callbacks.first?["insertions"] as? [[String: Any]])
        #expect(removals.map { $0["offset"] as? Int } == [1] && removals.map { $0["associatedWith"] as? Int } == [0])
        #expect(insertions.map { $0["offset"] as? Int } == [0] && insertions.map { $0["id"] as? Int } == [1])
        #expect(insertions.map { $0["associatedWith"] as? Int } == [1])
    }

    @Test func aDragOfAnItemThatCannotBeReorderedIsRefused() throws {
        let session = try Session()
        _ = session.text("adapter diffable canreorder=false")
        #expect(
            session.text("move 0.2 0.0")
                == ["error: cannot drag 0.2: canReorderItem returns false for it at column 6"])
        #expect(
            session.text("adapter canreorder=true") == [
                "adapter diffable moves=delete-insert updates=ignore userdriven=skip-moves threshold=off paused=false"
            ])
        #expect(session.text("move 0.2 0.0").first?.hasPrefix("event 1 ·") == true)
    }

    @Test func theFirstSnapshotWithDuplicateIdentifiersIsLoggedWhenTheAdapterIsChosen() throws {
        let session = try Session()
        _ = session.text("set 1.0 title=\"Milk\"")
        let lines = session.text("adapter diffable items=title")
        #expect(lines.count == 2)
        #expect(
            lines.last?.hasSuffix(
                "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(Milk)} with userInfo (null)")
                == true)
        #expect(session.text("check").first == "✗ inconsistent: 1 problem")
    }
}
