import Testing

@testable import CommandLanguage

/// A keyword of a command's arguments, written by hand from docs/commands.md: where Tab
/// completion offers it, what it offers, and a line that uses it.
struct KeywordCase: Sendable, CustomTestStringConvertible {
    var name: Command.Name
    var keyword: String
    /// The line up to the cursor where completion offers the keyword.
    var prefix: String
    /// The completion that carries it (`merge=auto` for the option key `merge`).
    var offered: String
    /// A line the parser accepts that uses the keyword.
    var line: String

    init(_ name: Command.Name, _ keyword: String, at prefix: String, offering offered: String? = nil, in line: String) {
        self.name = name
        self.keyword = keyword
        self.prefix = prefix
        self.offered = offered ?? keyword
        self.line = line
    }

    var testDescription: String { "'\(keyword)' of \(name)" }
}

/// The grammar lives once, in `CommandSpec.all`: the parser, `help` and completion agree with it.
@Suite struct CommandSpecTests {
    /// Every keyword the parser reads after a command's name, as docs/commands.md lists them.
    static let keywords: [KeywordCase] =
        [
            KeywordCase(.fetch, "where", at: "fetch Note ", in: "fetch Note where done == true"),
            KeywordCase(.fetch, "sort", at: "fetch Note ", in: "fetch Note sort title desc"),
            KeywordCase(.fetch, "section", at: "fetch Note ", in: "fetch Note section group"),
            KeywordCase(.fetch, "index", at: "fetch Note ", in: "fetch Note index order"),
            KeywordCase(.fetch, "limit", at: "fetch Note ", in: "fetch Note limit 3"),
            KeywordCase(.fetch, "offset", at: "fetch Note ", in: "fetch Note offset 1"),
            KeywordCase(.fetch, "reorder", at: "fetch Note ", in: "fetch Note index order reorder sparse"),
            KeywordCase(.fetch, "as", at: "fetch Note ", in: "fetch Note as done"),
            KeywordCase(.fetch, "share", at: "fetch Note ", in: "fetch Note share default"),
            KeywordCase(.insert, "at", at: #"insert Note title="x" "#, in: #"insert Note title="x" at 0.1"#),
            KeywordCase(.move, "--unflagged", at: "move ", in: "move --unflagged 0.0 0.1"),
            KeywordCase(.move, "to", at: "move 0.0 ", in: "move 0.0 to 0.1"),
            KeywordCase(.dump, "objects", at: "dump ", in: "dump objects"),
            KeywordCase(.record, "stop", at: "record ", in: "record stop"),
            KeywordCase(.export, "csv", at: "export ", in: "export csv out.csv"),
            KeywordCase(.export, "html", at: "export ", in: "export html out.html"),
            KeywordCase(.export, "where", at: "export csv out.csv ", in: "export csv out.csv where done == true"),
            KeywordCase(.import, "csv", at: "import ", in: "import csv in.csv Note"),
            KeywordCase(.import, "coredata", at: "import ", in: "import coredata in.sqlite"),
            KeywordCase(.use, "context", at: "use ", in: "use context bg"),
            KeywordCase(.close, "--leave-delegate", at: "close ", in: "close --leave-delegate done"),
            KeywordCase(.context, "merge", at: "context bg ", offering: "merge=auto", in: "context bg merge=auto"),
            KeywordCase(.batch, "--merge", at: "batch ", in: "batch --merge delete Note"),
            KeywordCase(.batch, "set", at: "batch ", in: "batch set Note order=0"),
            KeywordCase(.batch, "delete", at: "batch ", in: "batch delete Note"),
            KeywordCase(.batch, "where", at: "batch delete Note ", in: "batch delete Note where done == true"),
            KeywordCase(.cache, "off", at: "cache ", in: "cache off"),
            KeywordCase(.cache, "delete", at: "cache ", in: "cache delete Notes"),
        ]
        + ["all", "schema", "fetch", "adapter", "settings"].map {
            KeywordCase(.show, $0, at: "show ", in: "show \($0)")
        }
        + ["dense", "sparse", "fractional"].map { KeywordCase(.reorder, $0, at: "reorder ", in: "reorder \($0)") }
        + ["on", "off"].flatMap { word in
            [
                KeywordCase(.timing, word, at: "timing ", in: "timing \(word)"),
                KeywordCase(.pager, word, at: "pager ", in: "pager \(word)"),
            ]
        }
        + ["sheet", "csv", "json", "box"].map { KeywordCase(.mode, $0, at: "mode ", in: "mode \($0)") }
        + ["table", "collection"].map { KeywordCase(.table, $0, at: "table ", in: "table \($0)") }
        + ["first-letter", "full", "none"].map {
            KeywordCase(.indexTitles, $0, at: "index-titles ", in: "index-titles \($0)")
        }
        + ["auto", "ios9", "off"].map {
            KeywordCase(.context, $0, at: "context bg ", offering: "merge=\($0)", in: "context bg merge=\($0)")
        }
        + [
            ("inverse", "inverse=folder"), ("delete", "delete=cascade"), ("ordered", "ordered=true"),
            ("min", "min=1"), ("max", "max=3"),
        ].map { key, option in
            KeywordCase(
                .entity, key, at: "entity Folder notes:[Note] ", offering: key + "=",
                in: "entity Folder notes:[Note] \(option)")
        }

    static let completer = CommandCompleter(context: CommandCompleterTests.context)

    /// The line with the keyword's first use after the command's name written `zzz`.
    static func misspelling(_ testCase: KeywordCase) -> String {
        var words = testCase.line.split(separator: " ").map(String.init)
        let keyword = testCase.keyword
        for index in words.indices.dropFirst() {
            let word = words[index]
            if word == keyword {
                words[index] = "zzz"
            } else if word.hasPrefix(keyword + "=") {
                words[index] = "zzz" + word.dropFirst(keyword.count)
            } else if word.hasSuffix("=" + keyword) {
                words[index] = word.dropLast(keyword.count) + "zzz"
            } else {
                continue
            }
            break
        }
        return words.joined(separator: " ")
    }

    @Test(arguments: keywords)
    func parserReadsTheKeyword(_ testCase: KeywordCase) throws {
        let commands = try CommandParser.parseLine(testCase.line)
        #expect(commands.map(\.name) == [testCase.name])
        // Misspelt, the keyword is an error or means something else: the parser reads that word.
        let misspelt = Self.misspelling(testCase)
        #expect(misspelt != testCase.line)
        #expect((try? CommandParser.parseLine(misspelt)) != commands, "\(misspelt)")
    }

    @Test(arguments: keywords)
    func completionOffersTheKeyword(_ testCase: KeywordCase) {
        let offered = Self.completer.completions(line: testCase.prefix, word: "")
        #expect(offered.contains(testCase.offered), "\(offered)")
    }

    /// The spec names exactly the keywords the parser reads, command by command.
    @Test(arguments: Command.Name.allCases)
    func specListsEveryKeywordOfTheParser(_ name: Command.Name) {
        let documented = Set(Self.keywords.filter { $0.name == name }.map(\.keyword))
        #expect(Set(CommandSpec.spec(for: name).keywords) == documented)
    }

    @Test func everyCommandHasOneSpecInOrder() {
        #expect(CommandSpec.all.map(\.name) == Command.Name.allCases)
        #expect(CommandSpec.aliases == ["exit": .quit])
        #expect(Command.Name(keyword: "exit") == .quit)
    }

    /// The usage lines of `help CMD`, as docs/commands.md writes them.
    static let usages: [Command.Name: String] = [
        .entity: "entity NAME ATTR:TYPE[?][=DEFAULT] …",
        .fetch: "fetch ENTITY [where PREDICATE] [sort KEY [asc|desc], …] [section KEY] [index KEY] [limit N] "
            + "[offset N] [reorder STRATEGY]",
        .insert: "insert ENTITY KEY=VALUE … [at S.R]",
        .set: "set REF KEY=VALUE …",
        .delete: "delete REF …",
        .move: "move [--unflagged] S.R [to] S.R",
        .begin: "begin", .commit: "commit", .abort: "abort", .save: "save", .rollback: "rollback",
        .undo: "undo", .redo: "redo",
        .adapter: "adapter [NAME] [OPTION=VALUE …]",
        .profile: "profile [NAME]",
        .reorder: "reorder [dense|sparse|fractional]",
        .show: "show [all|S|schema|fetch|adapter|settings]",
        .log: "log", .check: "check", .stats: "stats", .sheet: "sheet",
        .dump: "dump [objects]",
        .scroll: "scroll S.R",
        .help: "help [COMMAND]",
        .record: "record FILE | record stop",
        .read: "read FILE",
        .timing: "timing [on|off]",
        .pager: "pager [on|off]",
        .mode: "mode [sheet|csv|json|box]",
        .export: "export csv FILE [where PREDICATE] | export html FILE",
        .import: "import csv FILE ENTITY | import coredata FILE",
        .quit: "quit | exit",
        .use: "use NAME | use context NAME",
        .close: "close [--leave-delegate] NAME",
        .context: "context [NAME [merge=auto|ios9|off]]",
        .batch: "batch [--merge] set ENTITY KEY=VALUE … [where PREDICATE] | batch [--merge] delete ENTITY "
            + "[where PREDICATE]",
        .refetch: "refetch",
        .table: "table [table|collection]",
        .refresh: "refresh REF …",
        .indexTitles: "index-titles [first-letter|full|none]",
        .cache: "cache [NAME | off | delete [NAME]]",
        .batchSize: "batch-size [N]",
        .obtainPermanentIDs: "obtainPermanentIDs REF …",
    ]

    @Test(arguments: Command.Name.allCases)
    func synopsisIsTheDocumentedUsage(_ name: Command.Name) {
        #expect(CommandSpec.spec(for: name).synopsis == Self.usages[name])
        #expect(CommandHelp.entry(for: name).syntax == Self.usages[name])
    }

    /// Every line the spec's forms describe — each alternative, with and without each optional
    /// part, values by kind — parses as its command, and its description reads back the same.
    @Test(arguments: Command.Name.allCases)
    func everyFormOfTheSpecParses(_ name: Command.Name) throws {
        let lines = CommandSpec.spec(for: name).forms.flatMap { form in
            SampleLines.lines(form).map { ([name.rawValue] + $0).joined(separator: " ") }
        }
        #expect(!lines.isEmpty)
        for line in lines {
            let commands = try CommandParser.parseLine(line)
            #expect(commands.map(\.name) == [name], "\(line)")
            let described = commands.map(\.description)
            #expect(try CommandParser.parseLine(described.joined(separator: " ; ")).map(\.description) == described)
        }
    }

    /// Dispatch reads the spec: an unknown command suggests the closest of its words, aliases included.
    @Test func unknownCommandSuggestsASpecWord() {
        do {
            _ = try CommandParser.parseLine("exti")
            Issue.record("'exti' parsed")
        } catch {
            #expect(error.description.contains("'exit'"), "\(error)")
        }
    }
}

/// Writes the lines a form of a spec describes, with a sample value of each kind.
enum SampleLines {
    static func lines(_ elements: [CommandSpec.Element]) -> [[String]] {
        guard let head = elements.first else { return [[]] }
        let tails = lines(Array(elements.dropFirst()))
        return heads(head).flatMap { head in tails.map { head + $0 } }
    }

    private static func heads(_ element: CommandSpec.Element) -> [[String]] {
        switch element {
        case .word(let word): [[word]]
        case .value(let kind, _): [[sample(kind)]]
        case .optional(let parts): lines(parts) + [[]]
        case .hidden: [[]]
        case .sequence(let parts): lines(parts)
        case .choice(let alternatives): alternatives.flatMap(heads)
        case .repeating(let part): heads(part)
        case .option(let key, let value): heads(value).map { ["\(key)=" + $0.joined(separator: " ")] }
        case .clauses(let clauses): [clauses.flatMap { [$0.keyword] + lines($0.elements)[0] }, []]
        }
    }

    private static func sample(_ kind: CommandSpec.ValueKind) -> String {
        switch kind {
        case .entity: "Note"
        case .name: "bg"
        case .attributeDefinition: "title:string"
        case .relationshipOption: "inverse=notes"
        case .assignment: #"title="x""#
        case .reference: "#1"
        case .indexPath: "0.1"
        case .count: "3"
        case .section: "1"
        case .file: "out.csv"
        case .predicate: "done == true"
        case .sortKeys: "title desc"
        case .attribute: "group"
        case .indexAttribute: "order"
        case .strategy: "sparse"
        case .adapter: "coordinator"
        case .adapterOption: "moves=move-row"
        case .profile: "ios9"
        case .command: "move"
        }
    }
}
