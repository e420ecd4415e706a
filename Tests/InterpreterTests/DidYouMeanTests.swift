import Interpreter
import Testing

/// "Did you mean …?" for entity and attribute names (issue 13 item 15), after the column.
@Suite struct DidYouMeanTests {
    @Test(arguments: [
        ("insert Nte title=\"x\"", "error: unknown entity 'Nte' at column 8 (did you mean 'Note'?)"),
        (
            "set 0.0 titel=\"x\"",
            "error: unknown attribute 'titel' of entity 'Note' at column 9 (did you mean 'title'?)"
        ),
        ("fetch Nte sort title", "error: unknown entity 'Nte' at column 7 (did you mean 'Note'?)"),
        (
            "fetch Note sort titel",
            "error: unknown sort key 'titel' of entity 'Note' at column 17 (did you mean 'title'?)"
        ),
        (
            "fetch Note where ordr > 1 sort title",
            "error: unknown attribute 'ordr' of entity 'Note' at column 18 (did you mean 'order'?)"
        ),
        // Nothing close: no hint.
        ("insert Note xyzzy=1", "error: unknown attribute 'xyzzy' of entity 'Note' at column 13"),
        ("insert Zebra a=1", "error: unknown entity 'Zebra' at column 8"),
    ])
    func suggestsTheClosestName(_ line: String, _ message: String) throws {
        let session = try Session()
        #expect(try session.json(line)["error"] as? String == String(message.dropFirst("error: ".count)))
    }
}

/// Errors wrap at the width they are rendered at (the terminal's; 80 in transcripts).
@Suite struct ErrorWrappingTests {
    @Test func anErrorWrapsAtSpacesWithAnIndent() throws {
        let session = try Session()
        let outcome = session.interpreter.execute("adapter coordinator speed=1")
        // Greedy: the second line fills the 50 columns exactly; the rest goes on the last line.
        #expect(
            outcome.renderText(width: 50) == [
                "error: unknown option 'speed' at column 21",
                "  (options: moves, updates, userdriven, threshold,",
                "  paused, items, delegate, canreorder,",
                "  snapshot, sectionfilter)",
            ])
        #expect(outcome.renderText(width: 200) == ["error: " + (outcome.errorMessage ?? "")])
    }
}
