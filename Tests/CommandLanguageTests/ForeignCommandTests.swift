import CommandLanguage
import Testing

/// sqlite3's and psql's commands, typed from habit, read as FetchSim's (issue 34, item 15).
@Suite struct ForeignCommandTests {
    @Test(arguments: [
        (".tables", "show schema"), (".schema", "show schema"), ("\\d", "show schema"), ("\\dt", "show schema"),
        (".quit", "quit"), (".exit", "quit"), ("\\q", "quit"), (".help", "help"), ("\\?", "help"),
        (".read script.txt", "read script.txt"), ("\\i script.txt", "read script.txt"), (".mode csv", "mode csv"),
        ("  .quit", "quit"),
    ])
    func readsAsFetchSimsCommand(_ example: (typed: String, meant: String)) throws {
        #expect(try CommandParser.parseLine(example.typed) == CommandParser.parseLine(example.meant))
    }

    @Test func otherDotWordsStayUnknown() {
        #expect(throws: CommandError.self) { try CommandParser.parseLine(".dump") }
        #expect(throws: CommandError.self) { try CommandParser.parseLine("\\x") }
    }
}
