import CommandLanguage
import Testing

/// A line that must not parse, and the message it must give.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var line: String
    var message: String

    init(_ line: String, _ message: String) {
        self.line = line
        self.message = message
    }

    var testDescription: String { line.count > 60 ? String(line.prefix(60)) + "…" : line }

    /// Expects the line to fail with exactly `message`, at a column inside the line (or just
    /// after its end).
    func expectReported(sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let commands = try CommandParser.parseLine(line)
            Issue.record("parsed as \(commands)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == message, sourceLocation: sourceLocation)
            #expect((1...line.count + 1).contains(error.column), sourceLocation: sourceLocation)
        }
    }
}

@Suite struct CommandErrorTests {
    static let lexical: [ErrorCase] = [
        ErrorCase("inser Note", "unknown command 'inser' at column 1 (did you mean 'insert'?)"),
        ErrorCase("frobnicate", "unknown command 'frobnicate' at column 1 (try 'help')"),
        ErrorCase("sets #1 a=1", "unknown command 'sets' at column 1 (did you mean 'set'?)"),
        ErrorCase("INSERT Note", "unknown command 'INSERT' at column 1 (did you mean 'insert'?)"),
        ErrorCase(
            String(repeating: "x", count: 100),
            "unknown command '\(String(repeating: "x", count: 40))…' at column 1 (try 'help')"),
        ErrorCase("=", "expected a command, got '=' at column 1"),
        ErrorCase(#""insert" Note"#, #"expected a command, got '"insert"' at column 1"#),
        ErrorCase(#"insert Note title="Milk"#, "unterminated string at column 19"),
        ErrorCase(#"insert Note title="Milk\"#, "unterminated string at column 19"),
        ErrorCase(#"insert Note s="a\qb""#, #"unknown escape '\q' at column 17 (use \", \\, \n or \t)"#),
        ErrorCase(#"insert Note s="a"b"#, "expected a space after the string, got 'b' at column 18"),
        ErrorCase("insert Note t=\"\u{1B}[31m\"", "unexpected control character '\\u{1B}' at column 16"),
        ErrorCase("insert Note\u{0} t=1", "unexpected control character '\\u{0}' at column 12"),
        ErrorCase("table colection", "expected a view ('collection'), got 'colection' at column 7"),
    ]

    static let values: [ErrorCase] = [
        ErrorCase("insert Note order=3x", "invalid number '3x' at column 19"),
        ErrorCase("insert Note n=1.5.2", "invalid number '1.5.2' at column 15"),
        ErrorCase("insert Note n=1e", "invalid number '1e' at column 15"),
        ErrorCase("insert Note n=99999999999999999999", "number '99999999999999999999' is out of range at column 15"),
        ErrorCase("insert Note n=1e999", "number '1e999' is out of range at column 15"),
        ErrorCase(
            "insert Note due=2024-13-01",
            "invalid date '2024-13-01' at column 17 (use 2024-05-01 or 2024-05-01T10:30:00Z)"),
        ErrorCase(
            "insert Note title=Milk",
            "invalid value 'Milk' at column 19 (strings need double quotes; other values: numbers, true, false, nil, dates)"
        ),
        ErrorCase(
            "insert Note title='Milk'",
            "invalid value ''Milk'' at column 19 (strings need double quotes; other values: numbers, true, false, nil, dates)"
        ),
        ErrorCase("insert Note title=\"日本語\" x=3x", "invalid number '3x' at column 27"),
    ]

    static let edits: [ErrorCase] = [
        ErrorCase(#"set #3 title "x""#, "expected '=' after 'title' at column 8"),
        ErrorCase(#"set x title="a""#, "expected an index path like 0.2 or an object id like #7, got 'x' at column 5"),
        ErrorCase("set #1", "expected key=value after '#1' at column 5"),
        ErrorCase("set", "expected an index path like 0.2 or an object id like #7 after 'set' at column 1"),
        ErrorCase("set 0.1.2 a=1", "expected an index path like 0.2 or an object id like #7, got '0.1.2' at column 5"),
        ErrorCase("set #99999999999999999999 a=1", "number '#99999999999999999999' is out of range at column 5"),
        ErrorCase("insert", "expected an entity name after 'insert' at column 1"),
        ErrorCase("insert 3Note", "expected an entity name, got '3Note' at column 8"),
        ErrorCase("insert Note title=", "expected a value after 'title=' at column 13"),
        ErrorCase("insert Note title==1", "expected a value, got '=' at column 19"),
        ErrorCase(#"insert Note "x"=1"#, #"expected an attribute name, got '"x"' at column 13"#),
        ErrorCase(#"insert Note title="a" title="b""#, "'title' is given twice at column 23"),
        ErrorCase("delete", "expected an index path like 0.2 or an object id like #7 after 'delete' at column 1"),
        ErrorCase(
            "delete #1 first", "expected an index path like 0.2 or an object id like #7, got 'first' at column 11"),
        ErrorCase("move #3 0.1", "expected an index path like 0.2, got '#3' at column 6"),
        ErrorCase("move 0.1", "expected an index path like 0.2 after '0.1' at column 6"),
        ErrorCase("move", "expected an index path like 0.2 after 'move' at column 1"),
        ErrorCase("scroll", "expected an index path like 0.2 after 'scroll' at column 1"),
        ErrorCase("scroll #3", "expected an index path like 0.2, got '#3' at column 8"),
        ErrorCase("move 0.1 0.2 0.3", "unexpected '0.3' at column 14 ('move' takes two index paths)"),
        ErrorCase("move to 0.1 0.2", "expected an index path like 0.2, got 'to' at column 6"),
        ErrorCase("move 0.1 0.2 to", "unexpected 'to' at column 14 ('move' takes two index paths)"),
        ErrorCase("move 0.1 to to 0.2", "expected an index path like 0.2, got 'to' at column 13"),
        ErrorCase("move --unflaged 0.1 0.2", "unknown option '--unflaged' at column 6 (did you mean '--unflagged'?)"),
    ]

    static let definitions: [ErrorCase] = [
        ErrorCase(
            "entity Note title:strng", "unknown type 'strng' at column 19 (types: string, int, double, bool, date)"),
        ErrorCase(
            "entity Note done:bool??", "unknown type 'bool?' at column 18 (types: string, int, double, bool, date)"),
        ErrorCase("entity Note title:", "unknown type 'title:' at column 13 (types: string, int, double, bool, date)"),
        ErrorCase("entity Note title", "expected an attribute like title:string, got 'title' at column 13"),
        ErrorCase("entity Note :string", "expected an attribute name, got ':string' at column 13"),
        ErrorCase("entity Note a:int b:int a:int", "'a' is given twice at column 25"),
        ErrorCase("entity Note n:int=", "expected a default value after 'n:int=' at column 13"),
        ErrorCase("entity", "expected an entity name after 'entity' at column 1"),
        ErrorCase(
            "adapter moves=move-row coordinator",
            "unknown option 'coordinator' at column 24 (options: moves, updates, userdriven, threshold, paused, items, delegate, canreorder, snapshot, sectionfilter)"
        ),
        ErrorCase("adapter cordinator", "unknown adapter 'cordinator' at column 9 (did you mean 'coordinator'?)"),
        ErrorCase(
            "adapter magic",
            "unknown adapter 'magic' at column 9 (adapters: apple-template, coordinator, reload-all, diffable, xcode-template)"
        ),
        ErrorCase("adapter coordinator mvoes=move-row", "unknown option 'mvoes' at column 21 (did you mean 'moves'?)"),
        ErrorCase(
            "adapter moves=move-rw", "invalid value 'move-rw' for 'moves' at column 15 (did you mean 'move-row'?)"),
        ErrorCase(
            "adapter coordinator speed=1",
            "unknown option 'speed' at column 21 (options: moves, updates, userdriven, threshold, paused, items, delegate, canreorder, snapshot, sectionfilter)"
        ),
        ErrorCase("adapter coordinator threshold", "expected '=' after 'threshold' at column 21"),
        ErrorCase("adapter coordinator moves=", "expected a value after 'moves=' at column 21"),
        ErrorCase(
            "adapter coordinator moves=sideways",
            "invalid value 'sideways' for 'moves' at column 27 (expected delete-insert or move-row)"),
        ErrorCase(
            "adapter coordinator updates=redraw",
            "invalid value 'redraw' for 'updates' at column 29 "
                + "(expected reload, reconfigure, reconfigure-after, ignore or reconfigure-in-batch)"),
        ErrorCase(
            "adapter coordinator threshold=-1",
            "invalid value '-1' for 'threshold' at column 31 (expected a non-negative integer or off)"),
        ErrorCase(
            "adapter coordinator paused=yes", "invalid value 'yes' for 'paused' at column 28 (expected true or false)"),
        ErrorCase("adapter coordinator paused=true paused=false", "'paused' is given twice at column 33"),
        ErrorCase("profile ios8", "unknown profile 'ios8' at column 9 (did you mean 'ios9'?)"),
        ErrorCase("profile legacy", "unknown profile 'legacy' at column 9 (profiles: modern, ios9, ios10, strict)"),
    ]

    static let fetches: [ErrorCase] = [
        ErrorCase("fetch", "expected an entity name after 'fetch' at column 1"),
        ErrorCase("fetch Note where", "expected a predicate after 'where' at column 12"),
        ErrorCase("fetch Note where   sort title", "expected a predicate after 'where' at column 12"),
        ErrorCase(#"fetch Note where title == "abc"#, "unterminated string at column 27"),
        ErrorCase("fetch Note where title == 'abc", "unterminated string at column 27"),
        ErrorCase("fetch Note sort", "expected an attribute name after 'sort' at column 12"),
        ErrorCase("fetch Note sort group,", "expected an attribute name after ',' at column 22"),
        ErrorCase("fetch Note sort ,group", "expected an attribute name, got ',' at column 17"),
        ErrorCase("fetch Note sort group!", "expected an attribute name, got 'group!' at column 17"),
        ErrorCase(
            "fetch Note sort group descending",
            "expected 'where', 'sort', 'section', 'index', 'limit', 'offset', 'reorder', 'as' or 'share', got 'descending' at column 23"
        ),
        ErrorCase("fetch Note limit x", "expected a non-negative integer after 'limit', got 'x' at column 18"),
        ErrorCase(
            "fetch Note sort title limit -1", "expected a non-negative integer after 'limit', got '-1' at column 29"),
        ErrorCase(
            "fetch Note sort title offset -3", "expected a non-negative integer after 'offset', got '-3' at column 30"),
        ErrorCase("fetch Note where done == true limit", "expected a number after 'limit' at column 31"),
        ErrorCase(
            "fetch Note offset 99999999999999999999", "number '99999999999999999999' is out of range at column 19"),
        ErrorCase("fetch Note sort a sort b", "'sort' is given twice at column 19"),
        ErrorCase(
            "fetch Note order",
            "expected 'where', 'sort', 'section', 'index', 'limit', 'offset', 'reorder', 'as' or 'share', got 'order' at column 12"
        ),
        ErrorCase("fetch Note section", "expected an attribute name after 'section' at column 12"),
        ErrorCase("fetch Note index 3", "expected an attribute name, got '3' at column 18"),
    ]

    static let others: [ErrorCase] = [
        ErrorCase("commit now", "unexpected 'now' at column 8 ('commit' takes no arguments)"),
        ErrorCase("quit 0", "unexpected '0' at column 6 ('quit' takes no arguments)"),
        ErrorCase(
            "show x",
            "expected 'all', 'schema', 'fetch', 'adapter', 'settings' or a section number, got 'x' at column 6"),
        ErrorCase("show setings", "unexpected 'setings' at column 6 (did you mean 'settings'?)"),
        ErrorCase("show all 2", "unexpected '2' at column 10"),
        ErrorCase("dump everything", "expected 'objects' or nothing, got 'everything' at column 6"),
        ErrorCase("help inser", "unknown command 'inser' at column 6 (did you mean 'insert'?)"),
        ErrorCase("record", "expected a file name or 'stop' after 'record' at column 1"),
        ErrorCase("timing yes", "expected 'on' or 'off', got 'yes' at column 8"),
        ErrorCase("read", "expected a file name after 'read' at column 1"),
        ErrorCase(#"record "a.session" extra"#, "unexpected 'extra' at column 20"),
        ErrorCase("use", "expected a controller name or 'context NAME' after 'use' at column 1"),
        ErrorCase("use context", "expected a context name after 'context' at column 5"),
        ErrorCase("close --keep done", "unknown option '--keep' at column 7 (options: --leave-delegate)"),
        ErrorCase("close a b", "unexpected 'b' at column 9 ('close' takes one controller name)"),
        ErrorCase(
            "context bg merge=sometimes",
            "expected 'merge=auto', 'merge=ios9', 'merge=off', got 'merge=sometimes' at column 12"),
        ErrorCase("batch frob Note", "expected 'set' or 'delete', got 'frob' at column 7"),
        ErrorCase("batch set Note", "expected key=value after 'Note' at column 7"),
        ErrorCase("batch delete Note order=1", "expected 'where', got 'order=1' at column 19"),
        ErrorCase("batch set Note order=1 where", "expected a predicate after 'where' at column 24"),
    ]

    static let combinations: [ErrorCase] = [
        ErrorCase("insert Note a=1 ; commit", "'commit' cannot be combined with other commands using ';'"),
        ErrorCase("commit; insert Note", "'commit' cannot be combined with other commands using ';'"),
        ErrorCase("fetch Note; insert Note", "'fetch' cannot be combined with other commands using ';'"),
        ErrorCase("undo; redo", "'undo' cannot be combined with other commands using ';'"),
        ErrorCase(
            "insert Note a=1; delete",
            "expected an index path like 0.2 or an object id like #7 after 'delete' at column 18"),
        ErrorCase("insert Note a=1; inser Note", "unknown command 'inser' at column 18 (did you mean 'insert'?)"),
    ]

    @Test(arguments: lexical + values + edits + definitions + fetches + others + combinations)
    func reportsError(_ testCase: ErrorCase) {
        testCase.expectReported()
    }

    @Test func combinationErrorPointsAtTheCommand() throws {
        let error = #expect(throws: CommandError.self) { try CommandParser.parseLine("insert Note a=1 ; commit") }
        #expect(error?.column == 19)
        #expect(error?.reason == .cannotCombine(.commit))
    }
}
