import FetchSimCLI
import Interpreter
import SheetEditor
import Testing

/// The full-screen mode (`tui --adapter NAME`) on an app's view controller, offscreen: it draws
/// the app's table, a drag with the keys is the user's drag through UIKit's path, and cells
/// cannot be edited in place (which object a cell shows is the app's code's).
@MainActor
@Suite struct UserAdapterFullScreenTests {
    @Test func theScreenShowsTheAppsTableAndKeysDragThroughIt() throws {
        try withTestAdapters {
            let session = try Session()
            session.run("adapter checklist")
            var performed: [String] = []
            let interpreter = session.interpreter
            let editor = SheetEditor(interpreter: interpreter, rows: 24, columns: 80) { line in
                performed.append(line)
                return interpreter.execute(line)
            }
            let rows = {
                editor.screen().text.filter { $0.contains("#") }.map {
                    $0.split(separator: " ").suffix(2).joined(separator: " ")
                }
            }
            #expect(rows() == ["#1 a", "#2 b", "#3 c"], "\(editor.screen().text)")
            // Down twice to c, Space picks it up, up twice, Space drops it: one `move`.
            for key: Key in [.down, .down, .character(" "), .up, .up, .character(" ")] { editor.handle(key) }
            #expect(performed == ["move 0.2 0.0"])
            #expect(rows() == ["#3 c", "#1 a", "#2 b"], "\(editor.screen().text)")
            #expect(session.run("check").text == ["✓ consistent"])
            editor.handle(.enter)
            #expect(
                editor.screen().text.contains { $0.contains("error: the app's view controller shows the list") },
                "\(editor.screen().text)")
        }
    }
}
