import CommandLanguage
import Foundation
import Interpreter
import ObjectGraph
import Testing

/// Runs lines through a demo or empty workspace and returns each line's JSON answer as a dictionary.
final class Session {
    let interpreter: Interpreter

    init(_ start: SessionStart = .demo) throws {
        interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try start.prepare(interpreter)
    }

    /// The JSON answer of `line`, parsed by Foundation (so it is valid JSON).
    func json(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let text = interpreter.execute(line).json.description
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "not an object: \(text)", sourceLocation: sourceLocation)
    }

    /// The plain 80-column text of `line`.
    func text(_ line: String) -> [String] {
        interpreter.execute(line).renderText(width: 80)
    }

    /// The object callbacks of `line`'s batch as `type id old→new action`.
    func callbacks(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let answer = try json(line, sourceLocation: sourceLocation)
        let batch = try #require(
            answer["batch"] as? [String: Any], "no batch: \(answer)", sourceLocation: sourceLocation)
        let callbacks = try #require(batch["callbacks"] as? [[String: Any]], sourceLocation: sourceLocation)
        return callbacks.compactMap { callback in
            guard callback["event"] as? String == "object" else { return nil }
            let path = { (key: String) in (callback[key] as? [Int]).map { "\($0[0]).\($0[1])" } ?? "nil" }
            return
                "\(callback["type"] ?? "?") #\(callback["id"] ?? "?") \(path("indexPath"))→\(path("newIndexPath")) \(callback["action"] ?? "?")"
        }
    }
}

@Suite struct InterpreterTests {
    @Test func demoStartsWithTwelveNotesInThreeSections() throws {
        let session = try Session()
        let dump = try session.json("dump")
        let sections = try #require(dump["sections"] as? [[String: Any]])
        #expect(sections.map { $0["name"] as? String } == ["Groceries", "Home", "Work"])
        #expect(sections.map { ($0["ids"] as? [Int])?.count } == [4, 4, 4])
        #expect(dump["consistent"] as? Bool == true)
    }

    @Test func anEditLineAnswersIdsAndItsBatch() throws {
        let session = try Session()
        let answer = try session.json(#"insert Note title="Tea" group="Groceries" order=1"#)
        #expect(answer["ids"] as? [Int] == [13])
        let batch = try #require(answer["batch"] as? [String: Any])
        #expect(batch["n"] as? Int == 1)
        #expect(batch["consistent"] as? Bool == true)
        #expect(batch["error"] is NSNull)
        // Tea sorts after Milk (order 0) and before Eggs (order 1, created earlier? no: ties go by ID, Eggs #2 < Tea #13).
        #expect(try session.callbacks("set #13 order=5") == ["move #13 0.2→0.4 applied"])
    }

    @Test func aFlaggedDragIsSkippedAndTheTableStaysRight() throws {
        let session = try Session()
        // Rule 19: dragging row 3 to row 1 renumbers rows 1…3; since iOS 10 one move and two
        // updates (rule 22): the move is skipped, the updated cells reconfigured.
        #expect(
            try session.callbacks("move 0.3 0.1") == [
                "move #4 0.3→0.1 skipped", "update #2 0.1→0.2 applied", "update #3 0.2→0.3 applied",
            ])
        #expect(try session.json("check")["consistent"] as? Bool == true)
    }

    @Test func theEventLineCountsCallbacksByKindAndFate() throws {
        let session = try Session()
        // Rule 19 again: one move skipped, two updates applied. Then an insert into a new section: the
        // coordinator drops the row insert inside an inserted section (docs/semantics.md, "Simulated table view and adapters").
        #expect(
            session.text("move 0.3 0.1").first?.hasPrefix(
                "event 1 · 1 move skipped, 2 updates applied · writes 3 · table: ") == true)
        let insert = session.text(#"insert Note title="Tea" group="Garden" order=0"#)
        #expect(
            insert.contains {
                $0.hasPrefix("event 2 · 1 section insert applied, 1 insert filtered · table: insertSections")
            })
    }

    @Test func anUnflaggedDragUnderMoveRowIsCaught() throws {
        let session = try Session()
        _ = try session.json("adapter apple-template moves=move-row")
        let answer = try session.json("move --unflagged 0.3 0.1")
        let batch = try #require(answer["batch"] as? [String: Any])
        #expect(batch["consistent"] as? Bool == false)
    }

    @Test func beginCommitIsOneEvent() throws {
        let session = try Session()
        #expect(try session.json("begin")["ok"] as? Bool == true)
        let pending = try session.json("set 0.0 order=7")
        #expect(pending["batch"] is NSNull)
        _ = try session.json(#"insert Note title="x" group="Home" order=9"#)
        let committed = try session.json("commit")
        let batch = try #require(committed["batch"] as? [String: Any])
        #expect(batch["n"] as? Int == 1)
        #expect((batch["callbacks"] as? [Any])?.count == 4)  // will, move, insert, did
        #expect(try session.json("commit")["error"] as? String == "'commit' without 'begin'")
    }

    @Test(arguments: [
        ("inser Note", "unknown command 'inser' at column 1 (did you mean 'insert'?)"),
        (#"insert Note titel="x""#, "unknown attribute 'titel' of entity 'Note' at column 13 (did you mean 'title'?)"),
        (#"insert Nope title="x""#, "unknown entity 'Nope' at column 8 (did you mean 'Note'?)"),
        ("set 0.0 order=\"x\"", #"attribute 'order' of entity 'Note' is int, not string "x" at column 9"#),
        ("set 7.0 order=1", "index path 7.0 is out of range (the table has 3 sections) at column 5"),
        ("delete #99", "no object #99 (never inserted, or deleted) at column 8"),
        ("move 0.0 9.0", "cannot drop at 9.0 (the table has 3 sections) at column 10"),
        ("move 0.0 0.4", "cannot drop at 0.4 (section 0 takes rows 0…3) at column 10"),
        ("move 0.7 0.0", "no row 0.7 to move (section 0 has 4 rows) at column 6"),
        ("fetch Note where title ==", "expected a value after '==' at column 26"),
        ("fetch Note sort titel", "unknown sort key 'titel' of entity 'Note' at column 17 (did you mean 'title'?)"),
        // Sorted by group, then order, the orders restart in each group: object 4 has order 0 again.
        (
            "fetch Note sort group, order section order",
            #"Error Domain=NSCocoaErrorDomain Code=134060 "A Core Data error occurred." UserInfo={reason=The fetched object at index 4 "#
                + "has an out of order section name '0'. Objects must be sorted by section name} at column 38"
        ),
        ("show 3", "no section 3: the table has 3 sections at column 6"),
        ("commit", "'commit' without 'begin'"),
    ])
    func badInputGetsOneLineErrorNamingTokenAndColumn(line: String, message: String) throws {
        let session = try Session()
        let answer = try session.json(line)
        #expect(answer["ok"] as? Bool == false)
        #expect(answer["error"] as? String == message)
        #expect(try session.json("check")["consistent"] as? Bool == true, "the session goes on")
    }

    @Test func aFailingLineIsDiscardedWhole() throws {
        let session = try Session()
        let answer = try session.json(#"set 0.0 order=5 ; set 0.1 nope=1"#)
        #expect(answer["ok"] as? Bool == false)
        #expect(try session.json("stats")["unsavedChanges"] as? Bool == false)
    }

    @Test func hugeAndControlLinesNeverCrash() throws {
        let session = try Session()
        for line in [
            String(repeating: "x", count: 1_000_000), "insert Note title=\"\u{7}\"", "\u{FFFD}\u{FFFD}",
            String(repeating: "; ", count: 10_000),
        ] {
            _ = session.interpreter.execute(line)
        }
        #expect(try session.json("check")["consistent"] as? Bool == true)
    }
}

/// `scroll S.R` moves the table's viewport as scrolling a UITableView does: rows coming into
/// view get configured cells, rows leaving it lose theirs.
@Suite struct ScrollCommandTests {
    @Test func scrollMovesTheViewportAndConfiguresTheRowsInView() throws {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        try SessionStart.demo.prepare(interpreter)
        let inserts = (0..<250).map { "insert Note title=\"n\($0)\" group=\"Work\" order=\(10 + $0)" }.joined(
            separator: " ; ")
        #expect(interpreter.execute(inserts).errorMessage == nil)
        let table = try #require(interpreter.workspace.table)
        let far = IndexPath(row: 240, section: 2)  // flat row 248: outside the first 200 rows
        #expect(table.cellForRow(at: far) == nil)
        let outcome = interpreter.execute("scroll 2.100")
        #expect(outcome.errorMessage == nil)
        #expect(outcome.renderText(width: 80) == ["viewport: 200 rows from 2.100"])
        #expect(interpreter.workspace.viewport.firstRow == 4 + 4 + 100)
        #expect(table.cellForRow(at: far)?.columns.first == "n236")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        #expect(
            interpreter.execute("scroll 3.0").errorMessage
                == "index path 3.0 is out of range (the table has 3 sections) at column 8")
        #expect(
            interpreter.execute("scroll 0.4").errorMessage
                == "index path 0.4 is out of range (section 0 has 4 rows) at column 8")
    }
}
