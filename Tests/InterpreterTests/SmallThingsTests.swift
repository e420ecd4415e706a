import FetchSimCore
import Interpreter
import Testing

/// Small things users notice (issue 34, item 15), each against what a person expects.
@Suite struct SmallThingsTests {
    @Test func quitIsNotTimed() throws {
        let session = try Session()
        _ = session.text("timing on")
        let quit = session.interpreter.execute("quit")
        #expect(quit.quits && quit.timing == nil)
        #expect(session.interpreter.execute("stats").timing != nil, "other lines still are")
    }

    /// `show` in the grid modes writes a nil value as `dump objects` does: an empty CSV cell,
    /// JSON null (the demo's Milk has `done` nil, Eggs `true`).
    @Test func showWritesNilAsDumpObjectsDoes() throws {
        let session = try Session()
        _ = session.text("mode csv")
        let csv = session.text("show 0")
        #expect(csv[1] == "Groceries,0.0,1,Milk,Groceries,0,")
        #expect(csv[2] == "Groceries,0.1,2,Eggs,Groceries,1,true")
        #expect(session.text("dump objects")[1] == "1,Note,Milk,Groceries,0,")
        _ = session.text("mode json")
        let json = session.text("show 0")
        #expect(json[0].hasSuffix(#""done":null}"#))
        #expect(json[1].hasSuffix(#""done":"true"}"#))
    }

    /// On a terminal a line wider than it breaks at spaces (the terminal would break it
    /// mid-word); a transcript keeps it whole.
    @Test func longLinesBreakAtSpacesOnATerminal() {
        let text =
            "CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:."
        let block = OutputBlock.line(text, .error)
        let whole = block.render(width: 40) { $1 }
        #expect(whole == [text])
        let wrapped = block.render(width: 40, wrapsLongLines: true) { $1 }
        #expect(wrapped.count > 1)
        #expect(wrapped.allSatisfy { TextWidth.displayWidth(of: $0) <= 40 || !$0.dropFirst(2).contains(" ") })
        let words = text.split(separator: " ").map(String.init)
        #expect(wrapped.flatMap { $0.split(separator: " ").map(String.init) } == words, "no word is broken")
    }
}
