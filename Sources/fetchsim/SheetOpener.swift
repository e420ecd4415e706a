import Console
import FullScreen
import SheetEditor

/// Composes the REPL driver with the full-screen spreadsheet: every key's command line goes
/// through the driver, so it is recorded as if typed at the prompt.
enum SheetOpener {
    /// Runs the spreadsheet on `driver`'s workspace until `q`; `storePath` makes quitting with
    /// unsaved changes ask first.
    static func open(_ driver: SessionDriver, storePath: String?) {
        let editor = SheetEditor(interpreter: driver.interpreter, rows: 24, columns: 80, perform: { driver.perform($0) })
        editor.storePath = storePath
        FullScreen.run(editor)
    }
}
