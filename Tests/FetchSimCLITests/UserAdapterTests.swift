import CommandLanguage
import FetchSimCLI
import FetchSimTestSupport
import Foundation
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// The app's view controllers these tests register, as an app's executable registers them.
let testAdapters: [String: FetchSimCLI.ViewControllerFactory] = [
    "checklist": { ItemsViewController(context: $0, usesUserDrivenFlag: true) },
    "checklist-unflagged": { ItemsViewController(context: $0, usesUserDrivenFlag: false) },
]

/// Runs `body` with the test adapters registered, as `cli-tests`: only for this test's sessions,
/// not for the other suites running beside it in the process.
@MainActor
func withTestAdapters<T>(_ body: () throws -> T) rethrows -> T {
    try FetchSimCLI.withAdapters(testAdapters, executable: "cli-tests", body)
}

/// A session on an empty workspace with the items a, b, c (orders 0, 1, 2).
@MainActor
final class Session {
    let interpreter: Interpreter

    init() throws {
        interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        run("entity Item title:string order:int")
        run(#"insert Item title="a" order=0; insert Item title="b" order=1; insert Item title="c" order=2"#)
    }

    /// The line's plain text at 80 columns, and whether it failed.
    @discardableResult
    func run(_ line: String) -> (text: [String], failed: Bool) {
        let outcome = interpreter.execute(line)
        return (outcome.renderText(width: 80), outcome.failed)
    }
}

@MainActor
@Suite struct UserAdapterTests {
    @Test func adapterSelectsTheAppsViewControllerAndShowReadsItsTable() throws {
        try withTestAdapters {
            let session = try Session()
            let selected = session.run("adapter checklist")
            #expect(!selected.failed, "\(selected.text)")
            #expect(
                selected.text.first
                    == "adapter checklist · ItemsViewController (the app's view controller, registered by cli-tests)")
            // The app's cells as its cellForRowAt configured them; the id is the table's row serial,
            // given in load order.
            #expect(
                session.run("show").text == [
                    "  path  id  text", "── 3 rows ──────", "  0.0   #1  a", "  0.1   #2  b", "  0.2   #3  c",
                ])
            #expect(session.run("show adapter").text == [selected.text[0]])
            #expect(session.run("check").text == ["✓ consistent"])
        }
    }

    @Test func theInterpretersEditsReachTheAppsControllerThroughTheContext() throws {
        try withTestAdapters {
            let session = try Session()
            session.run("adapter checklist")
            // An insert sorted last: Apple's template inserts the row in a batch.
            let inserted = session.run(#"insert Item title="d" order=3"#)
            #expect(!inserted.failed, "\(inserted.text)")
            #expect(inserted.text.first == "#4")
            #expect(
                inserted.text.dropFirst().first
                    == "event 2 · the app's table: beginUpdates, insertRows [0.3], endUpdates")
            // A delete and a rename through the interpreter: the app's controller reports both.
            let edited = session.run(#"delete #1; set #2 title="B""#)
            #expect(!edited.failed, "\(edited.text)")
            #expect(session.run("show").text.dropFirst(2) == ["  0.0   #2  B", "  0.1   #3  c", "  0.2   #4  d"])
        }
    }

    @Test func aDragThroughTheFlaggedViewControllerStaysConsistent() throws {
        try withTestAdapters {
            let session = try Session()
            session.run("adapter checklist")
            let moved = session.run("move 0.2 0.0")
            #expect(!moved.failed, "\(moved.text)")
            // The flag makes the app skip every callback of its own renumbering: its table, already
            // moved by UIKit, gets no call.
            #expect(moved.text.first == "event 2 · user moves row 0.2 to 0.0 · the app's table: no calls")
            // The row keeps its serial as it moves, as a UITableViewCell stays with its row.
            #expect(session.run("show").text.dropFirst(2) == ["  0.0   #3  c", "  0.1   #1  a", "  0.2   #2  b"])
            #expect(session.run("log").text == ["event 2 (the app's view controller):", "  user moves row 0.2 to 0.0"])
            #expect(session.run("check").text == ["✓ consistent"])
        }
    }

    @Test func aDragThroughTheUnflaggedViewControllerIsReportedNotTrapped() throws {
        try withTestAdapters {
            let session = try Session()
            session.run("adapter checklist-unflagged")
            let moved = session.run("move 0.2 0.0")
            // Without the flag the app moves the row UIKit already moved: the turn reports it.
            #expect(moved.failed)
            #expect(
                moved.text.contains {
                    $0.hasPrefix("✗ inconsistent") || $0.contains("NSInternalInconsistencyException")
                }, "\(moved.text)")
            #expect(
                moved.text.first?.hasPrefix("event 2 · user moves row 0.2 to 0.0 · the app's table: beginUpdates")
                    == true, "\(moved.text)")
        }
    }

    @Test func aDragTheTableRefusesIsALocatedError() throws {
        try withTestAdapters {
            let session = try Session()
            session.run("adapter checklist")
            #expect(session.run("move 0.5 0.0").text == ["error: there is no row 0.5 at column 6"])
            #expect(session.run("move --unflagged 0.1 0.0").failed)
        }
    }

    @Test func namesAreKnownToHelpCompletionAndDidYouMean() throws {
        try withTestAdapters {
            let session = try Session()
            #expect(CompletionContext().adapterNames.suffix(2) == ["checklist", "checklist-unflagged"])
            let help = session.run("help adapter").text.joined(separator: " ").split(separator: " ").joined(
                separator: " ")
            #expect(help.contains("registered by cli-tests: checklist, checklist-unflagged"), "\(help)")
            #expect(
                session.run("adapter checklst").text == [
                    "error: unknown adapter 'checklst' at column 9 (did you mean 'checklist'?)"
                ])
            // Back to one of FetchSim's adapters, and options refused while the app's is selected.
            session.run("adapter checklist")
            #expect(session.run("adapter moves=move-row").failed)
            session.run("adapter coordinator")
            #expect(session.run("show adapter").text.first?.hasPrefix("adapter coordinator") == true)
        }
    }

    @Test func aSchemaChangeMakesTheViewControllerAnew() throws {
        try withTestAdapters {
            let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
            // Selected before its entity exists, as a session started with `--adapter` is.
            #expect(!interpreter.execute("adapter checklist").failed)
            let defined = interpreter.execute("entity Item title:string order:int").renderText(width: 80)
            #expect(defined.last == "adapter checklist: the view controller is made anew on the new model")
            let inserted = interpreter.execute(#"insert Item title="a" order=0"#)
            #expect(!inserted.failed)
            #expect(interpreter.execute("show").renderText(width: 80).last == "  0.0   #1  a")
        }
    }
}
