import Interpreter
import Testing

/// `undo` and `redo` say which event they took back or re-applied, with the objects by ID.
@Suite struct UndoRedoTests {
    @Test func undoAndRedoNameTheEventTheyReplay() throws {
        let session = try Session()
        _ = session.text("set 0.1 title=\"Oats\" ; delete #5")
        _ = session.text("move 0.3 0.1")
        #expect(session.text("undo").first == "undid event 2: move #4 0.3→0.1")
        #expect(session.text("undo").first == "undid event 1: set #2 title; delete #5")
        #expect(session.text("redo").first == "redid event 1: set #2 title; delete #5")
        #expect(session.text("redo").first == "redid event 2: move #4 0.3→0.1")
        #expect(session.text("redo") == ["error: nothing to redo"])
    }

    @Test func aBlockIsNamedByEverythingItDid() throws {
        let session = try Session()
        for line in ["begin", "insert Note title=\"Tea\" group=\"Home\" order=9", "set #1 order=3 done=true", "commit"]
        {
            _ = session.text(line)
        }
        #expect(session.text("undo").first == "undid event 1: insert Note #13; set #1 order, done")
    }

    /// The name is written as the edits run (`UTF8Text`): a placed insert, a delete
    /// of several objects and a set of several keys, in one line and across lines.
    @Test func placedInsertsAndDeletesOfSeveralObjectsAreNamed() throws {
        let session = try Session()
        _ = session.text("insert Note title=\"Jam\" at 0.1")
        _ = session.text("delete #5 #6 ; set #2 title=\"Rye\" done=true")
        #expect(session.text("undo").first == "undid event 2: delete #5 #6; set #2 title, done")
        #expect(session.text("undo").first == "undid event 1: insert Note #13 at 0.1")
    }

    /// An aborted block leaves no name behind for the next event.
    @Test func anAbortedBlocksEditsDoNotNameTheNextEvent() throws {
        let session = try Session()
        for line in ["begin", "delete #1", "abort", "set #2 order=8"] { _ = session.text(line) }
        #expect(session.text("undo").first == "undid event 1: set #2 order")
    }
}
