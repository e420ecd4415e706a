import CommandLanguage
import ObjectGraph
import Testing

/// The line up to the cursor, the word readline would complete, and the expected completions.
struct CompletionCase: Sendable, CustomTestStringConvertible {
    var line: String
    var word: String
    var expected: [String]

    init(_ line: String, _ word: String, _ expected: [String]) {
        self.line = line
        self.word = word
        self.expected = expected
    }

    var testDescription: String { "'\(line)' completing '\(word)'" }
}

@Suite struct CommandCompleterTests {
    static let context = CompletionContext(
        entities: [
            .init(
                "Note", attributes: ["title", "group", "order", "done", "due"],
                types: ["title": .string, "group": .string, "order": .int, "done": .bool, "due": .date],
                optional: ["done", "due"], stringValues: ["title": [#""Eggs""#, #""Milk""#, #""Mint tea""#]]),
            .init("Tag", attributes: ["name", "order"], types: ["name": .string, "order": .int]),
        ],
        fetchedEntity: "Note",
        sectionCount: 3
    )

    static let clauses = ["as", "index", "limit", "offset", "reorder", "section", "share", "sort", "where"]
    static let noteAttributes = ["done", "due", "group", "order", "title"]

    static let cases: [CompletionCase] = [
        CompletionCase("", "", (Command.Name.allKeywords).sorted()),
        CompletionCase("ins", "ins", ["insert"]),
        CompletionCase("  re", "re", ["read", "record", "redo", "refetch", "refresh", "reorder"]),
        CompletionCase("insert Note a=1; ", "", ["delete", "insert", "move", "refresh", "set"]),
        CompletionCase("insert Note a=1;m", "m", ["move"]),
        CompletionCase("insert ", "", ["Note", "Tag"]),
        CompletionCase("insert T", "T", ["Tag"]),
        CompletionCase("insert Note ", "", noteAttributes.map { $0 + "=" }),
        CompletionCase(#"insert Note title="x" o"#, "o", ["order="]),
        // After an assignment, 'at S.R' may end the insert.
        CompletionCase(#"insert Note title="x" "#, "", ["at", "done=", "due=", "group=", "order="]),
        CompletionCase("insert Tag ", "", ["name=", "order="]),
        CompletionCase("insert Note done=t", "t", ["true"]),
        CompletionCase("insert Note done=t", "done=t", ["done=true"]),
        // Values by type: bool true/false (+ nil when optional), nil alone for an optional date,
        // existing values for a string, nothing for a required int.
        CompletionCase("insert Note done=", "", ["false", "nil", "true"]),
        CompletionCase("insert Note due=", "", ["nil"]),
        CompletionCase("insert Note order=", "", []),
        CompletionCase("insert Note title=", "", [#""Eggs""#, #""Milk""#, #""Mint tea""#]),
        CompletionCase(#"insert Note title="M"#, #""M"#, [#""Milk""#, #""Mint tea""#]),
        CompletionCase(#"set 0.1 title="Mi"#, #""Mi"#, [#""Milk""#, #""Mint tea""#]),
        CompletionCase(#"insert Note group="x"#, #""x"#, []),
        CompletionCase("insert Tag name=", "", []),
        // The index attribute is an int.
        CompletionCase("fetch Note index ", "", ["order"]),
        CompletionCase(#"insert Note title="unfinished "#, "", []),
        CompletionCase("set 0.1 ti", "ti", ["title="]),
        CompletionCase("set ", "", []),
        CompletionCase("delete ", "", []),
        CompletionCase("move ", "", ["--unflagged"]),
        CompletionCase("move --unflagged ", "", []),
        CompletionCase("move 0.1 ", "", ["to"]),
        CompletionCase("move 0.1 to ", "", []),
        CompletionCase("export csv out.csv ", "", ["where"]),
        CompletionCase("context bg ", "", ["merge=auto", "merge=ios9", "merge=off"]),
        CompletionCase("cache ", "", ["delete", "off"]),
        CompletionCase("cache delete ", "", []),
        CompletionCase("batch ", "", ["--merge", "delete", "set"]),
        CompletionCase("batch --merge set ", "", ["Note", "Tag"]),
        CompletionCase("batch set Tag ", "", ["name=", "order="]),
        CompletionCase("batch set Tag name=\"x\" ", "", ["order=", "where"]),
        CompletionCase("batch delete Note ", "", ["where"]),
        CompletionCase("batch delete Tag where n", "n", ["name"]),
        CompletionCase("entity Folder notes:[Note] ", "", ["delete=", "inverse=", "max=", "min=", "ordered="]),
        CompletionCase("entity Folder notes:[Note] inverse=folder ", "", ["delete=", "max=", "min=", "ordered="]),
        CompletionCase("entity Note folder:->Folder ", "", ["delete=", "inverse="]),
        CompletionCase("entity Folder notes:[Note] delete=c", "delete=c", ["delete=cascade"]),
        CompletionCase("entity Note title:string ", "", []),
        CompletionCase("fetch ", "", ["Note", "Tag"]),
        CompletionCase("fetch Note ", "", clauses),
        CompletionCase("fetch Note s", "s", ["section", "share", "sort"]),
        CompletionCase("fetch Note sort ", "", noteAttributes),
        CompletionCase("fetch Tag sort ", "", ["name", "order"]),
        CompletionCase("fetch Note sort gr", "gr", ["group"]),
        CompletionCase(
            "fetch Note sort group ", "", ["as", "asc", "desc"] + clauses.filter { $0 != "sort" && $0 != "as" }),
        CompletionCase("fetch Note sort group desc ", "", clauses.filter { $0 != "sort" }),
        CompletionCase("fetch Note sort group,o", "o", ["order"]),
        CompletionCase("fetch Note sort group, o", "o", ["order"]),
        CompletionCase("fetch Note section ", "", noteAttributes),
        CompletionCase("fetch Note section group ", "", clauses.filter { $0 != "section" }),
        CompletionCase("fetch Note limit ", "", []),
        CompletionCase("fetch Note where d", "d", ["done", "due"]),
        CompletionCase(
            "fetch Note where done == 'a b' sort order ", "",
            ["as", "asc", "desc", "index", "limit", "offset", "reorder", "section", "share"]),
        CompletionCase("entity Task due:d", "d", ["date", "date?", "double", "double?"]),
        CompletionCase(
            "entity Task due:", "",
            ["bool", "bool?", "date", "date?", "double", "double?", "int", "int?", "string", "string?"]),
        CompletionCase("entity Task due", "due", []),
        CompletionCase(
            "adapter ", "",
            [
                "apple-template", "canreorder=", "coordinator", "delegate=", "diffable", "items=", "moves=", "paused=",
                "reload-all", "sectionfilter=", "snapshot=", "threshold=", "updates=", "userdriven=", "xcode-template",
            ]),
        CompletionCase(
            "adapter moves=move-row ", "",
            [
                "canreorder=", "delegate=", "items=", "paused=", "sectionfilter=", "snapshot=", "threshold=",
                "updates=", "userdriven=",
            ]),
        CompletionCase("adapter co", "co", ["coordinator"]),
        CompletionCase(
            "adapter coordinator ", "",
            [
                "canreorder=", "delegate=", "items=", "moves=", "paused=", "sectionfilter=", "snapshot=", "threshold=",
                "updates=", "userdriven=",
            ]),
        CompletionCase("table ", "", ["collection", "table"]),
        CompletionCase("adapter coordinator moves=move-row u", "u", ["updates=", "userdriven="]),
        CompletionCase("adapter coordinator moves=", "", ["delete-insert", "move-row"]),
        CompletionCase(
            "adapter coordinator updates=re", "re",
            ["reconfigure", "reconfigure-after", "reconfigure-in-batch", "reload"]),
        CompletionCase("adapter coordinator userdriven=s", "s", ["skip-all", "skip-moves"]),
        CompletionCase("adapter coordinator paused=", "", ["false", "true"]),
        CompletionCase("adapter coordinator threshold=", "", []),
        CompletionCase("profile ", "", ["ios10", "ios9", "modern", "strict"]),
        CompletionCase("profile i", "i", ["ios10", "ios9"]),
        CompletionCase("show ", "", ["0", "1", "2", "adapter", "all", "fetch", "schema", "settings"]),
        CompletionCase("show all ", "", []),
        CompletionCase("dump ", "", ["objects"]),
        CompletionCase("help mo", "mo", ["mode", "move"]),
        CompletionCase("help e", "e", ["entity", "exit", "export"]),
        CompletionCase("record ", "", ["stop"]),
        CompletionCase("quit ", "", []),
        CompletionCase("nonsense ", "", []),
    ]

    @Test(arguments: cases)
    func completes(_ testCase: CompletionCase) {
        let completer = CommandCompleter(context: Self.context)
        #expect(completer.completions(line: testCase.line, word: testCase.word) == testCase.expected)
    }

    @Test func contextFromSchema() throws {
        let schema = try Schema(entities: [
            Entity(name: "Note", attributes: [Attribute("title", .string), Attribute("done", .bool, isOptional: true)])
        ])
        let completer = CommandCompleter(context: CompletionContext(schema: schema))
        #expect(completer.completions(line: "insert Note ", word: "") == ["done=", "title="])
        #expect(completer.completions(line: "fetch ", word: "") == ["Note"])
    }

    /// File arguments are recognized for the caller to list files; quoted ones are not.
    @Test func fileArguments() {
        #expect(CommandCompleter.fileArgument(line: "record Sess") == "Sess")
        #expect(CommandCompleter.fileArgument(line: "read ") == "")
        #expect(CommandCompleter.fileArgument(line: "import csv data/no") == "data/no")
        #expect(CommandCompleter.fileArgument(line: "export csv out.csv ") == nil)
        #expect(CommandCompleter.fileArgument(line: #"read "my"#) == nil)
        #expect(CommandCompleter.fileArgument(line: "show ") == nil)
    }

    @Test func setWithoutAFetchOffersEveryEntitysAttributes() {
        var context = Self.context
        context.fetchedEntity = nil
        let completer = CommandCompleter(context: context)
        #expect(
            completer.completions(line: "set #3 ", word: "") == [
                "done=", "due=", "group=", "name=", "order=", "title=",
            ])
    }
}
