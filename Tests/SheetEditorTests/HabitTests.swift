import FetchSimCore
import Interpreter
import ObjectGraph
import SheetEditor
import Testing

/// What a full-screen user expects from habit (issue 34, item 6): the `:` line's history and
/// its completion list, `o` in an empty list, errors that name no column of a line never seen,
/// the REPL's rule for quitting with unsaved work, and Ctrl-C saying what it does not do.
@Suite struct HabitTests {
    func typeLine(_ fixture: Fixture, _ line: String) {
        fixture.press(.character(":"))
        fixture.type(line)
        fixture.press(.enter)
    }

    func field(_ fixture: Fixture) -> String? {
        if case .commandLine(let field) = fixture.editor.mode { return field.string }
        return nil
    }

    @Test func theCommandLineRecallsEarlierLines() throws {
        let fixture = try Fixture()
        typeLine(fixture, "stats")
        typeLine(fixture, "check")
        typeLine(fixture, "check")
        fixture.press(.character(":"))
        fixture.type("sh")
        fixture.press(.up)
        #expect(field(fixture) == "check")
        fixture.press(.up)
        #expect(field(fixture) == "stats", "a repeated line is kept once")
        fixture.press(.up)
        #expect(field(fixture) == "stats", "nothing older")
        fixture.press(.down)
        #expect(field(fixture) == "check")
        fixture.press(.down)
        #expect(field(fixture) == "sh", "past the newest: the line being typed")
    }

    @Test func tabWithSeveralCandidatesListsThemInThePane() throws {
        let fixture = try Fixture()
        fixture.press(.character(":"))
        fixture.type("sh")
        fixture.press(.tab)
        guard case .output(let lines)? = fixture.editor.pane else {
            Issue.record("no candidates shown: \(String(describing: fixture.editor.pane))")
            return
        }
        let words = lines.joined(separator: " ").split(separator: " ").map(String.init)
        #expect(words.contains("show") && words.contains("sheet"))
        #expect(field(fixture) == "sh", "the common prefix stays")
    }

    @Test func oWithNothingFetchedSaysWhatToDo() throws {
        // `tui --empty`: no entity, nothing fetched.
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext()))
        let editor = SheetEditor(interpreter: interpreter, rows: 24, columns: 80)
        var lines: [String] = []
        editor.perform = {
            lines.append($0)
            return interpreter.execute($0)
        }
        editor.handle(.character("o"))
        #expect(lines.isEmpty)
        #expect(editor.message?.text.hasPrefix("o: nothing is fetched") == true)
    }

    @Test func oInAnEmptySectionedListInsertsTheFirstRow() throws {
        let fixture = try Fixture()
        _ = fixture.interpreter.execute("entity Task title:string group:string? order:int")
        _ = fixture.interpreter.execute("fetch Task sort group, order section group index order")
        fixture.press(.character("o"))
        #expect(fixture.lines == ["insert Task order=0"])
        #expect(fixture.tableIDs.count == 1 && fixture.tableIDs[0].count == 1)
        if case .editing = fixture.editor.mode {} else { Issue.record("the new row is not being edited") }
    }

    @Test func anErrorOfALineAKeyMadeNamesNoColumn() throws {
        let fixture = try Fixture()
        fixture.editor.placeCursor(at: IndexPath(row: 0, section: 0))
        fixture.press(.right, .right)  // the order column
        fixture.press(.enter, .control("u"))
        fixture.type("x")
        fixture.press(.enter)
        let message = try #require(fixture.editor.message)
        #expect(message.isError)
        #expect(!message.text.contains("at column"), "\(message.text)")
        // Typed at ':', the column stays: the user saw that line.
        typeLine(fixture, "set 0.0 order=x")
        #expect(fixture.editor.message?.text.contains("at column") == true)
    }

    @Test func quittingWithUnsavedWorkAsksAsTheREPLDoes() throws {
        let fixture = try Fixture()
        fixture.editor.quitConcern = {
            fixture.interpreter.workspace.context.hasUnsavedEvents ? "unsaved changes are lost" : nil
        }
        #expect(fixture.press(.character("d"), .character("d")))
        #expect(fixture.press(.character("q")), "asks first")
        #expect(fixture.editor.message?.text == "Quitting: unsaved changes are lost. Quit anyway? [y/N]")
        #expect(fixture.press(.character("n")), "no: stays")
        #expect(fixture.press(.character("q")))
        #expect(!fixture.press(.character("y")), "yes: leaves")
        let clean = try Fixture()
        clean.editor.quitConcern = {
            clean.interpreter.workspace.context.hasUnsavedEvents ? "unsaved changes are lost" : nil
        }
        #expect(!clean.press(.character("q")), "nothing to lose: leaves at once")
    }

    @Test func ctrlCCancelsADragAndOtherwiseSaysWhatLeaves() throws {
        let fixture = try Fixture()
        fixture.press(.character(" "), .down, .control("c"))
        #expect(fixture.lines.isEmpty)
        if case .browsing = fixture.editor.mode {} else { Issue.record("still carrying: \(fixture.editor.mode)") }
        #expect(fixture.press(.control("c")))
        #expect(fixture.editor.message?.text.hasPrefix("Ctrl-C: q leaves") == true)
    }
}
