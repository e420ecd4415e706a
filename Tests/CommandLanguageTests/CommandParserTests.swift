import CommandLanguage
import FetchSimCore
import FetchSimSettings
import FetchedResults
import Foundation
import ObjectGraph
import Testing

/// A line and the commands it must parse to.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var line: String
    var expected: [Command]

    init(_ line: String, _ expected: Command...) {
        self.line = line
        self.expected = expected
    }

    var testDescription: String { line.isEmpty ? "(empty line)" : line }
}

private func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }
private func date(_ seconds: TimeInterval) -> Value { .date(Date(timeIntervalSince1970: seconds)) }
private func fetch(_ spec: Command.FetchSpec) -> Command { .fetch(spec) }

@Suite struct CommandParserTests {
    static let definitions: [ParseCase] = [
        ParseCase(
            "entity Note title:string group:string order:int done:bool? due:date?",
            .entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string), Attribute("group", .string), Attribute("order", .int),
                    Attribute("done", .bool, isOptional: true), Attribute("due", .date, isOptional: true),
                ])
        ),
        ParseCase(
            #"entity Task order:int=0 title:string="untitled" done:bool?=nil ratio:double = 0.5"#,
            .entity(
                name: "Task",
                attributes: [
                    Attribute("order", .int, defaultValue: .int(0)),
                    Attribute("title", .string, defaultValue: .string("untitled")),
                    Attribute("done", .bool, isOptional: true, defaultValue: .null),
                    Attribute("ratio", .double, defaultValue: .double(0.5)),
                ])
        ),
        ParseCase("entity Empty", .entity(name: "Empty", attributes: [])),
    ]

    static let fetches: [ParseCase] = [
        ParseCase("fetch Note", fetch(.init(entity: "Note"))),
        ParseCase(
            "fetch Note sort title desc localizedStandardCompare, order caseInsensitiveCompare",
            fetch(
                .init(
                    entity: "Note",
                    sort: [
                        .init("title", ascending: false, selector: .localizedStandardCompare),
                        .init("order", selector: .caseInsensitiveCompare),
                    ]))),
        ParseCase(
            "fetch Note where done == false sort group, order desc section group index order limit 20 offset 5",
            fetch(
                .init(
                    entity: "Note", predicate: .init("done == false", column: 18),
                    sort: [.init("group"), .init("order", ascending: false)],
                    sectionKey: "group", indexKey: "order", limit: 20, offset: 5
                ))
        ),
        ParseCase(
            #"fetch Note where title == "a sort b" AND index > 2 sort title"#,
            fetch(
                .init(
                    entity: "Note", predicate: .init(#"title == "a sort b" AND index > 2"#, column: 18),
                    sort: [.init("title")]))
        ),
        ParseCase(
            "fetch Note where title == 'x; limit 3' OR title == 'it\\'s' limit 3",
            fetch(
                .init(
                    entity: "Note", predicate: .init("title == 'x; limit 3' OR title == 'it\\'s'", column: 18), limit: 3
                ))
        ),
        ParseCase(
            "fetch Note where limit == 3 AND sort >= 1",
            fetch(.init(entity: "Note", predicate: .init("limit == 3 AND sort >= 1", column: 18)))
        ),
        ParseCase(
            "fetch Note limit 0 sort group,order asc,title desc",
            fetch(
                .init(
                    entity: "Note", sort: [.init("group"), .init("order"), .init("title", ascending: false)], limit: 0))
        ),
        ParseCase(
            "fetch Ñoté where tïtle == \"日本\"\tsort tïtle",
            fetch(.init(entity: "Ñoté", predicate: .init("tïtle == \"日本\"", column: 18), sort: [.init("tïtle")]))
        ),
        ParseCase("fetch Note sort desc", fetch(.init(entity: "Note", sort: [.init("desc")]))),
        ParseCase(
            "fetch Note sort order index order reorder sparse",
            fetch(.init(entity: "Note", sort: [.init("order")], indexKey: "order", reorder: .sparse))),
    ]

    static let edits: [ParseCase] = [
        ParseCase("refresh #3 0.1", .refresh([.id(ObjectID(3)), .indexPath(path(0, 1))])),
        ParseCase("obtainPermanentIDs #13 0.1", .obtainPermanentIDs([.id(ObjectID(13)), .indexPath(path(0, 1))])),
        ParseCase(
            #"insert Note title="Milk" group="Groceries" order=3"#,
            .insert(
                entity: "Note",
                assignments: [
                    .init("title", .string("Milk")), .init("group", .string("Groceries")), .init("order", .int(3)),
                ])
        ),
        ParseCase(
            #"insert Note s="say \"hi\" \\ \n\t" r=-1.5 e=1e3 p=+2 b=true f=false d=2024-05-01 t=2024-05-01T10:30:00Z n=nil"#,
            .insert(
                entity: "Note",
                assignments: [
                    .init("s", .string("say \"hi\" \\ \n\t")), .init("r", .double(-1.5)), .init("e", .double(1000)),
                    .init("p", .int(2)), .init("b", .bool(true)), .init("f", .bool(false)),
                    .init("d", date(1_714_521_600)), .init("t", date(1_714_559_400)), .init("n", .null),
                ])
        ),
        ParseCase("insert Note", .insert(entity: "Note", assignments: [])),
        ParseCase(
            #"insert Note title="Tea" at 1.2"#,
            .insert(entity: "Note", assignments: [.init("title", .string("Tea"))], at: IndexPath(row: 2, section: 1))),
        ParseCase("insert Note at=3", .insert(entity: "Note", assignments: [.init("at", .int(3))])),
        ParseCase(
            #"insert Note title = "spaced"  "#,
            .insert(entity: "Note", assignments: [.init("title", .string("spaced"))])),
        ParseCase(
            "insert\tNote\ttitle=\"tab\"", .insert(entity: "Note", assignments: [.init("title", .string("tab"))])),
        ParseCase(
            #"insert Note title="" big=-9223372036854775808"#,
            .insert(entity: "Note", assignments: [.init("title", .string("")), .init("big", .int(.min))])),
        ParseCase("set #7 done=true", .set(.id(ObjectID(7)), assignments: [.init("done", .bool(true))])),
        ParseCase(
            #"set 0.2 title="x" order=4"#,
            .set(.indexPath(path(0, 2)), assignments: [.init("title", .string("x")), .init("order", .int(4))])),
        ParseCase("delete #7 0.1 #12", .delete([.id(ObjectID(7)), .indexPath(path(0, 1)), .id(ObjectID(12))])),
        ParseCase("move 0.0 1.2", .move(from: path(0, 0), to: path(1, 2), setsUserDrivenFlag: true)),
        ParseCase("move --unflagged 1.3 0.0", .move(from: path(1, 3), to: path(0, 0), setsUserDrivenFlag: false)),
        ParseCase("move 0.0 1.2 --unflagged", .move(from: path(0, 0), to: path(1, 2), setsUserDrivenFlag: false)),
        ParseCase("move 0.1 to 0.3", .move(from: path(0, 1), to: path(0, 3), setsUserDrivenFlag: true)),
        ParseCase("move --unflagged 2.0 to 1.4", .move(from: path(2, 0), to: path(1, 4), setsUserDrivenFlag: false)),
    ]

    static let others: [ParseCase] = [
        ParseCase("index-titles full", .indexTitles(.full)),
        ParseCase("cache Notes", .cache(.use("Notes"))),
        ParseCase("batch-size 20", .batchSize(20)),
        ParseCase("index-titles", .indexTitles(nil)),
        ParseCase("begin", .begin), ParseCase("commit", .commit), ParseCase("abort", .abort),
        ParseCase("save", .save), ParseCase("rollback", .rollback), ParseCase("undo", .undo), ParseCase("redo", .redo),
        ParseCase("log", .log), ParseCase("check", .check), ParseCase("stats", .stats),
        ParseCase("quit", .quit), ParseCase("exit", .quit), ParseCase("  undo  ", .undo),
        ParseCase("adapter apple-template", .adapter(.appleTemplate, options: [])),
        ParseCase("adapter reload-all", .adapter(.reloadAll, options: [])),
        ParseCase(
            "adapter coordinator moves=move-row updates=reconfigure-after userdriven=skip-moves threshold=50 paused=false",
            .adapter(
                .coordinator,
                options: [
                    .moves(.moveRow), .updates(.reconfigureAfter), .userDriven(.skipMoves), .threshold(50),
                    .paused(false),
                ])
        ),
        ParseCase(
            #"adapter coordinator moves="delete-insert" updates=ignore userdriven=off paused=true"#,
            .adapter(
                .coordinator, options: [.moves(.deleteInsert), .updates(.ignore), .userDriven(.off), .paused(true)])),
        ParseCase("profile modern", .profile(.modern)), ParseCase("profile ios9", .profile(.ios9)),
        ParseCase("profile ios10", .profile(.ios10)), ParseCase("profile strict", .profile(.strict)),
        ParseCase("adapter", .adapter(nil, options: [])),
        ParseCase("adapter moves=move-row threshold=off", .adapter(nil, options: [.moves(.moveRow), .threshold(nil)])),
        ParseCase("profile", .profile(nil)),
        ParseCase("reorder", .reorder(nil)), ParseCase("reorder fractional", .reorder(.fractional)),
        ParseCase("show schema", .show(.schema)), ParseCase("show fetch", .show(.fetch)),
        ParseCase("show adapter", .show(.adapter)), ParseCase("show settings", .show(.settings)),
        ParseCase("show", .show(.viewport)), ParseCase("show all", .show(.all)),
        ParseCase("show 2", .show(.section(2))),
        ParseCase("dump", .dump(includesObjects: false)), ParseCase("dump objects", .dump(includesObjects: true)),
        ParseCase("help", .help(topic: nil)), ParseCase("help insert", .help(topic: .insert)),
        ParseCase("help exit", .help(topic: .quit)),
        ParseCase(#"record "Sessions/my list.session""#, .record(.start(path: "Sessions/my list.session"))),
        ParseCase("record /tmp/a=b.session  ", .record(.start(path: "/tmp/a=b.session"))),
        ParseCase("record stop", .record(.stop)),
        ParseCase("sheet", .sheet), ParseCase("scroll 1.0", .scroll(IndexPath(row: 0, section: 1))),
        ParseCase("scroll 0.250", .scroll(IndexPath(row: 250, section: 0))),
        ParseCase(#"record "stop""#, .record(.start(path: "stop"))),
        ParseCase("mode box", .mode(.box)), ParseCase("mode", .mode(nil)),
        ParseCase("export csv out.csv", .exportCSV(path: "out.csv", predicate: nil)),
        ParseCase(
            #"export csv "my notes.csv" where done == true"#,
            .exportCSV(path: "my notes.csv", predicate: .init("done == true", column: 33))),
        ParseCase("import csv data/in.csv Note", .importCSV(path: "data/in.csv", entity: "Note")),
        ParseCase("pager off", .pager(false)), ParseCase("pager", .pager(nil)),
        ParseCase("timing on", .timing(true)), ParseCase("timing off", .timing(false)),
        ParseCase("timing", .timing(nil)),
        ParseCase("read setup.txt", .read(path: "setup.txt")),
        ParseCase(#"read "my setup.txt""#, .read(path: "my setup.txt")),
        ParseCase(""), ParseCase("   \t "), ParseCase("# a comment; insert Note"),
        ParseCase("use done", .use(.controller("done"))), ParseCase("use context bg", .use(.context("bg"))),
        ParseCase("close done", .close(name: "done", leavesDelegate: false)),
        ParseCase("close --leave-delegate done", .close(name: "done", leavesDelegate: true)),
        ParseCase("context", .context(name: nil, merge: nil)),
        ParseCase("context bg", .context(name: "bg", merge: nil)),
        ParseCase("context bg merge=ios9", .context(name: "bg", merge: .ios9)),
        ParseCase(
            "batch set Note order=0 where done == true",
            .batch(
                .init(
                    entity: "Note", assignments: [.init("order", .int(0))],
                    predicate: .init("done == true", column: 30), merges: false))),
        ParseCase(
            "batch --merge delete Note where title == \"x\"",
            .batch(
                .init(entity: "Note", assignments: nil, predicate: .init("title == \"x\"", column: 33), merges: true))),
        ParseCase("batch delete Note", .batch(.init(entity: "Note", assignments: nil, predicate: nil, merges: false))),
        ParseCase("refetch", .refetch),
        ParseCase(
            "fetch Note where done == true sort order as done share main",
            .fetch(
                {
                    var spec = Command.FetchSpec(
                        entity: "Note", predicate: .init("done == true", column: 18), sort: [.init("order")])
                    spec.name = "done"
                    spec.sharesTableOf = "main"
                    return spec
                }())),
        ParseCase("table collection", .table(.collection)), ParseCase("table table", .table(.table)),
        ParseCase("table", .table(nil)),
        ParseCase(
            "adapter diffable items=title updates=reconfigure",
            .adapter(.diffable, options: [.items("title"), .updates(.reconfigure)])),
        ParseCase("adapter items=object", .adapter(nil, options: [.items(nil)])),
    ]

    @Test(arguments: definitions + fetches + edits + others)
    func parsesValidLine(_ testCase: ParseCase) throws {
        #expect(try CommandParser.parseLine(testCase.line) == testCase.expected)
    }

    @Test(arguments: definitions + fetches + edits + others)
    func descriptionParsesBack(_ testCase: ParseCase) throws {
        for command in testCase.expected {
            let reparsed = try CommandParser.parseLine(command.description)
            #expect(
                reparsed.map(\.withoutPredicateColumn) == [command.withoutPredicateColumn], "\(command.description)")
        }
    }

    @Test func everyCommandNameHasAValidLine() throws {
        let all = Self.definitions + Self.fetches + Self.edits + Self.others
        let covered = Set(all.flatMap(\.expected).map(\.name))
        #expect(covered == Set(Command.Name.allCases))
    }

    @Test func onlyEditsAreEdits() {
        #expect(Command.Name.allCases.filter(\.isEdit) == [.insert, .set, .delete, .move, .refresh])
    }
}

extension Command {
    /// The command with any predicate column set to 0, for comparing re-rendered lines.
    var withoutPredicateColumn: Command {
        guard case .fetch(var spec) = self else { return self }
        spec.predicate?.column = 0
        return .fetch(spec)
    }
}

/// The positions of a parsed command's parts, as 1-based character columns.
@Suite struct TokenPositionTests {
    @Test func eachCommandOfALineHasItsOwnPositions() throws {
        let parsed = try CommandParser.parse("set #2 a=1 ; delete 0.1 #9 ; move 1.0 2.3")
        try #require(parsed.count == 3)
        #expect(parsed[0].positions.column(of: .reference(0)) == 5)
        #expect(parsed[0].positions.column(of: .key(0)) == 8)
        #expect(parsed[0].positions.column(of: .value(0)) == 10)
        #expect(parsed[1].positions.column(of: .reference(0)) == 21)
        #expect(parsed[1].positions.column(of: .reference(1)) == 25)
        #expect(parsed[1].positions.column(of: .key(0)) == nil)
        #expect(parsed[2].positions.column(of: .from) == 35)
        #expect(parsed[2].positions.column(of: .to) == 39)
    }

    @Test func fetchClausesAndDefinitions() throws {
        let fetch = try #require(
            try CommandParser.parse("fetch Note sort group, order desc section group index order reorder sparse").first)
        #expect(fetch.positions.column(of: .entity) == 7)
        #expect(fetch.positions.column(of: .sortKey(0)) == 17)
        #expect(fetch.positions.column(of: .sortKey(1)) == 24)
        #expect(fetch.positions.column(of: .sectionKey) == 43)
        #expect(fetch.positions.column(of: .indexKey) == 55)
        #expect(fetch.positions.column(of: .strategy) == 69)
        let entity = try #require(try CommandParser.parse("entity Tag name:string rank:int?").first)
        #expect(entity.positions.column(of: .entity) == 8)
        #expect(entity.positions.column(of: .attribute(1)) == 24)
        let insert = try #require(try CommandParser.parse("insert Note title=\"x\" at 1.2").first)
        #expect(insert.positions.column(of: .path) == 26)
    }

    @Test func columnsCountCharactersNotScalars() throws {
        // "e\u{301}" (e + combining acute) is one character of two scalars; so is 👍🏽.
        let parsed = try #require(try CommandParser.parse("set 0.0 title=\"e\u{301}👍🏽\" done=2").first)
        #expect(parsed.positions.column(of: .key(1)) == 20)
    }
}
