import FetchSimCore
import Foundation
import ObjectGraph
import SheetEditor
import Testing

/// Editing in place, inserting, deleting, undo/redo/save, the command line and search.
@Suite struct EditKeyTests {
    @Test func enterEditsTheCellAndCommitsOneSet() throws {
        let fixture = try Fixture()
        fixture.press(.enter)
        guard case .editing(let edit) = fixture.editor.mode else {
            Issue.record("not editing")
            return
        }
        #expect(edit.field.string == "Milk")
        fixture.press(.backspace, .backspace)
        fixture.type("nt \"x\"")
        fixture.press(.home, .delete, .character("m"), .enter)
        #expect(fixture.lines == [#"set 0.0 title="mint \"x\"""#])
        #expect(fixture.interpreter.workspace.context.object(with: ObjectID(1))?["title"] == .string(#"mint "x""#))
    }

    @Test func iEditsAndControlUErases() throws {
        let fixture = try Fixture()
        fixture.press(.down, .right, .right, .character("i"), .control("u"))
        fixture.type("7")
        fixture.press(.enter)
        #expect(fixture.lines == ["set 0.1 order=7"])
    }

    @Test func escapeAbandonsTheEdit() throws {
        let fixture = try Fixture()
        fixture.press(.enter, .character("x"), .escape)
        #expect(fixture.lines.isEmpty)
        #expect(fixture.editor.mode == .browsing)
        #expect(fixture.screenText.contains { $0.contains("Milk") && !$0.contains("Milkx") })
    }

    @Test func aBadValueShowsTheREPLErrorAndRunsNothing() throws {
        let fixture = try Fixture()
        fixture.press(.right, .right, .enter, .control("u"))
        fixture.type("abc")
        fixture.press(.enter)
        // Text that is no value builds no command: nothing runs.
        #expect(fixture.lines.isEmpty)
        let expected = fixture.interpreter.execute("set 0.0 order=abc").errorMessage
        // The REPL's error, less the column of a line the user never saw.
        let withoutColumn = try #require(expected).replacingOccurrences(of: " at column 15", with: "")
        #expect(try #require(expected).contains(" at column 15"))
        #expect(fixture.editor.message == EditorMessage("error: \(withoutColumn)", isError: true))
        #expect(
            fixture.screenText[fixture.screenText.count - 3].hasPrefix(
                "error: invalid value 'abc' (strings need double quotes"))
        #expect(fixture.interpreter.workspace.context.object(with: ObjectID(1))?["order"] == .int(0))
    }

    @Test func oInsertsAfterTheCursorRowInItsSectionAndEditsItsTitle() throws {
        let fixture = try Fixture()
        fixture.press(.down, .down, .down, .down, .down, .character("o"))
        #expect(fixture.lines == ["insert Note at 1.2"])
        // Home was #5 #6 #7 #8; the new note (#13) lands after Water plants, in Home.
        #expect(fixture.tableIDs[1] == [5, 6, 13, 7, 8])
        let note = try #require(fixture.interpreter.workspace.context.object(with: ObjectID(13)))
        #expect(note["group"] == .string("Home"))
        #expect(fixture.editor.cursor == IndexPath(row: 2, section: 1))
        guard case .editing(let edit) = fixture.editor.mode else {
            Issue.record("not editing the new row")
            return
        }
        #expect(edit.attribute == "title")
        fixture.type("Buy soap")
        fixture.press(.enter)
        #expect(fixture.lines == ["insert Note at 1.2", #"set 1.2 title="Buy soap""#])
        #expect(note["title"] == .string("Buy soap"))
    }

    @Test func oOnTheLastRowAppendsToItsSection() throws {
        let fixture = try Fixture()
        fixture.press(.character("G"), .character("o"), .escape)
        #expect(fixture.lines == ["insert Note at 2.4"])
        #expect(fixture.tableIDs[2] == [9, 10, 11, 12, 13])
    }

    @Test func dDDeletesTheRow() throws {
        let fixture = try Fixture()
        fixture.press(.down, .character("d"))
        #expect(fixture.lines.isEmpty)
        fixture.press(.character("d"))
        #expect(fixture.lines == ["delete 0.1"])
        #expect(fixture.tableIDs[0] == [1, 3, 4])
        // The deleted row is listed in the message line.
        #expect(fixture.screenText[fixture.screenText.count - 3].contains("deleted: #2 Eggs (was 0.1)"))
    }

    @Test func dThenAnotherKeyDeletesNothing() throws {
        let fixture = try Fixture()
        fixture.press(.character("d"), .down, .character("d"), .up)
        #expect(fixture.lines.isEmpty)
    }

    @Test func undoRedoSave() throws {
        let fixture = try Fixture()
        fixture.press(.down, .character("d"), .character("d"), .character("u"))
        #expect(fixture.tableIDs[0] == [1, 2, 3, 4])
        #expect(fixture.editor.message?.text.hasPrefix("undid event 1") == true)
        fixture.press(.control("r"))
        #expect(fixture.tableIDs[0] == [1, 3, 4])
        fixture.press(.character("s"))
        #expect(fixture.lines == ["delete 0.1", "undo", "redo", "save"])
        #expect(fixture.interpreter.workspace.context.hasChanges == false)
    }

    @Test func colonRunsAnyCommandAndShowsItsOutput() throws {
        let fixture = try Fixture()
        fixture.press(.character(":"))
        fixture.type("sta")
        fixture.press(.tab)
        guard case .commandLine(let field) = fixture.editor.mode else {
            Issue.record("no command line")
            return
        }
        #expect(field.string == "stats ")
        fixture.press(.enter)
        #expect(fixture.lines == ["stats "])
        guard case .output(let lines) = fixture.editor.pane else {
            Issue.record("no output pane")
            return
        }
        #expect(lines == fixture.interpreter.execute("stats").renderText(width: 100))
        fixture.press(.character(":"))
        fixture.type("set 2.0 title=\"Draft\"")
        fixture.press(.enter)
        #expect(fixture.editor.pane == nil)
        #expect(fixture.screenText.contains { $0.contains("#9") && $0.contains("Draft") })
    }

    @Test func slashSearchesCellValues() throws {
        let fixture = try Fixture()
        fixture.press(.character("/"))
        fixture.type("PLUMB")
        fixture.press(.enter)
        #expect(fixture.editor.cursor == IndexPath(row: 3, section: 1))
        #expect(fixture.editor.column == 0)
        fixture.press(.character("/"))
        fixture.type("work")
        fixture.press(.enter, .character("n"))
        // 'Work' is the group of 2.0, then 2.1.
        #expect(fixture.editor.cursor == IndexPath(row: 1, section: 2))
        #expect(fixture.editor.column == 1)
        #expect(fixture.lines.isEmpty)
    }

    @Test func qQuitsAndAsksFirstWithUnsavedChangesInAStore() throws {
        #expect(try Fixture().press(.character("q")) == false)
        #expect(try Fixture().press(.escape) == false)
        let fixture = try Fixture(storePath: "notes.sqlite")
        #expect(fixture.press(.character("q")) == false)
        fixture.press(.character("d"), .character("d"))
        #expect(fixture.press(.character("q")) == true)
        #expect(fixture.editor.mode == .confirmingQuit)
        #expect(fixture.press(.escape) == true)
        #expect(fixture.press(.character("q"), .character("y")) == false)
        #expect(fixture.lines == ["delete 0.0", "save"])
    }
}
