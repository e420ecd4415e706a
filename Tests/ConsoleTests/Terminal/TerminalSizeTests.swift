import Console
import Testing

@Suite struct TerminalSizeTests {
    @Test(
        arguments: [
            (120, [:], 120),
            (nil, ["COLUMNS": "100"], 100),
            (0, ["COLUMNS": " 90 "], 90),
            (nil, ["COLUMNS": "wide"], 80),
            (nil, ["COLUMNS": "-5"], 80),
            (nil, ["COLUMNS": "0"], 80),
            (nil, [:], 80),
            (132, ["COLUMNS": "100"], 132),
        ] as [(Int?, [String: String], Int)])
    func resolves(window: Int?, environment: [String: String], columns: Int) {
        #expect(TerminalSize.resolve(windowColumns: window, environment: environment).columns == columns)
    }

    @Test func standardOutputIsAlwaysPositive() {
        #expect(TerminalSize.standardOutput(environment: [:]).columns > 0)
    }
}
