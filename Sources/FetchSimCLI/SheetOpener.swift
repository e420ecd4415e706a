import Console
import Foundation
import FullScreen
import SheetEditor

/// Composes the REPL driver with the full-screen spreadsheet: every key's command line goes
/// through the driver, so it is recorded as if typed at the prompt.
enum SheetOpener {
    /// Runs the spreadsheet on `driver`'s workspace until `q`; `storePath` makes quitting with
    /// unsaved changes offer to save; when leaving `endsSession`, `q` asks the REPL's own
    /// question before unsaved work is lost. Returns false when the terminal cannot be driven.
    static func open(_ driver: SessionDriver, storePath: String?, endsSession: Bool) -> Bool {
        let editor = SheetEditor(
            interpreter: driver.interpreter, rows: 24, columns: 80, perform: { driver.perform($0) })
        editor.storePath = storePath
        if endsSession { editor.quitConcern = { driver.quitConcern } }
        do {
            try FullScreen.run(editor)
            return true
        } catch {
            FileHandle.standardError.write(Data("fetchsim: \(error)\n".utf8))
            return false
        }
    }
}
