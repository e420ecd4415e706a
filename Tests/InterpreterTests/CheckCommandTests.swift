import Interpreter
import Testing

/// `check`: the same header as the event line, and inside `begin … commit` the last delivered
/// state rather than edits nobody has been told about.
@Suite struct CheckCommandTests {
    @Test func problemsComeUnderTheEventLinesHeader() throws {
        let session = try Session()
        _ = session.text("adapter apple-template moves=move-row")
        _ = session.text("move --unflagged 0.3 0.1")
        // Demo order: Milk, Eggs, Bread, Coffee. The drag shows Milk, Coffee, Eggs, Bread and
        // renumbers; the template replays three moves on top, so rows 1…3 end up rotated.
        #expect(
            session.text("check") == [
                "✗ inconsistent: 3 problems",
                "  row 0.1 shows #3 \"Bread\" but the controller has #4 \"Coffee\" there",
                "  row 0.2 shows #4 \"Coffee\" but the controller has #2 \"Eggs\" there",
                "  row 0.3 shows #2 \"Eggs\" but the controller has #3 \"Bread\" there",
            ])
    }

    @Test func insideBeginPendingEditsAreNotReportedAsStaleCells() throws {
        let session = try Session()
        _ = session.text("begin")
        _ = session.text("set 0.1 title=\"Oats\" ; set 0.2 order=7")
        #expect(session.text("check") == ["✓ consistent", "(edits pending until 'commit' are not checked)"])
        let answer = try session.json("check")
        #expect(answer["consistent"] as? Bool == true && answer["pending"] as? Bool == true)
        _ = session.text("commit")
        #expect(session.text("check") == ["✓ consistent"])
    }

    /// A table that really is wrong is still reported inside a block: the delivered values are
    /// compared, not skipped.
    @Test func insideBeginARealProblemIsStillReported() throws {
        let session = try Session()
        _ = session.text("adapter coordinator userdriven=skip-all")
        _ = session.text("move 0.3 0.1")
        _ = session.text("begin")
        _ = session.text("set 0.0 title=\"Oat milk\"")
        let lines = session.text("check")
        #expect(lines.first == "✗ inconsistent: 3 problems")
        #expect(
            lines.contains(
                "  row 0.1 shows a stale cell for #4: \"Coffee | Groceries | 3 | nil\" but it should show \"Coffee | Groceries | 1 | nil\""
            ))
        #expect(!lines.contains { $0.contains("Oat milk") })
    }
}
