import Interpreter
import Testing

/// `sheet` asks the driver to open the full-screen spreadsheet; it prints nothing itself.
@Suite struct SheetCommandTests {
    @Test func sheetAsksForTheFullScreenMode() throws {
        let session = try Session()
        let outcome = session.interpreter.execute("sheet")
        #expect(outcome.opensSheet)
        #expect(outcome.text.isEmpty)
        #expect(!outcome.failed)
    }

    @Test func sheetNeedsSomethingFetched() throws {
        let session = try Session(.empty)
        let outcome = session.interpreter.execute("sheet")
        #expect(!outcome.opensSheet)
        #expect(outcome.errorMessage == "nothing fetched yet: 'fetch' something before 'sheet'")
    }

    @Test func sheetTakesNoArguments() throws {
        let session = try Session()
        #expect(
            session.interpreter.execute("sheet 2").errorMessage
                == "unexpected '2' at column 7 ('sheet' takes no arguments)")
    }
}
