import Testing

@testable import Console

@Suite struct ReadlinePromptTests {
    @Test(arguments: [
        ("fetchsim> ", "fetchsim> "),
        ("...> ", "...> "),
        ("\u{1B}[1mfetchsim>\u{1B}[0m ", "\u{1}\u{1B}[1m\u{2}fetchsim>\u{1}\u{1B}[0m\u{2} "),
        ("\u{1B}[1;36m日本>\u{1B}[0m", "\u{1}\u{1B}[1;36m\u{2}日本>\u{1}\u{1B}[0m\u{2}"),
        ("cut\u{1B}[", "cut\u{1}\u{1B}[\u{2}"),
        ("lone\u{1B}", "lone\u{1}\u{1B}\u{2}"),
    ])
    func marksEscapeSequencesInvisible(prompt: String, expected: String) {
        #expect(ReadlinePrompt.markingInvisibleSequences(prompt) == expected)
    }
}
