import CommandLanguage
import ObjectGraph
import Testing

/// The command language's side of relationships: `list:->List`, `#ID` values, key paths in
/// `sort`/`section`, and `refresh` (docs/commands.md).
@Suite struct RelationshipCommandTests {
    @Test func aRelationshipIsDefinedWithAnArrow() throws {
        let commands = try CommandParser.parseLine("entity Note title:string list:->List? parent:->Note")
        #expect(
            commands == [
                .entity(
                    name: "Note",
                    attributes: [
                        Attribute("title", .string), .toOne("list", destination: "List"),
                        .toOne("parent", destination: "Note", isOptional: false),
                    ])
            ])
        #expect(commands.first?.description == "entity Note title:string list:->List? parent:->Note")
    }

    @Test func anObjectValueIsWrittenByItsID() throws {
        #expect(
            try CommandParser.parseLine("set #3 list=#1") == [
                .set(.id(ObjectID(3)), assignments: [.init("list", .object(ObjectID(1)))])
            ])
        #expect(
            try CommandParser.parseLine("set #3 list=nil") == [
                .set(.id(ObjectID(3)), assignments: [.init("list", .null)])
            ])
    }

    @Test func sortAndSectionTakeKeyPaths() throws {
        let commands = try CommandParser.parseLine("fetch Note sort list.name desc, title section list.name")
        guard case .fetch(let spec) = commands.first else {
            Issue.record("not a fetch")
            return
        }
        #expect(spec.sort == [.init("list.name", ascending: false), .init("title")])
        #expect(spec.sectionKey == "list.name")
    }

    @Test func refreshTakesReferencesAndSharesALineWithEdits() throws {
        let commands = try CommandParser.parseLine("set #2 name=\"Errands\" ; refresh #5 0.1")
        #expect(
            commands == [
                .set(.id(ObjectID(2)), assignments: [.init("name", .string("Errands"))]),
                .refresh([.id(ObjectID(5)), .indexPath(IndexPath(row: 1, section: 0))]),
            ])
        #expect(commands.last?.description == "refresh #5 0.1")
    }

    static let errors: [ErrorCase] = [
        ErrorCase("entity Note list:->", "expected an entity name after '->', got 'list:->' at column 20"),
        ErrorCase("entity Note list:->1x", "expected an entity name after '->', got '1x' at column 20"),
        ErrorCase(
            "set #3 list=#x",
            "invalid value '#x' at column 13 (strings need double quotes; other values: numbers, true, false, nil, dates)"
        ),
        ErrorCase("fetch Note sort list..name", "expected an attribute name, got 'list..name' at column 17"),
        ErrorCase("refresh", "expected an index path like 0.2 or an object id like #7 after 'refresh' at column 1"),
        ErrorCase("index-titles nope", "expected 'first-letter', 'full', 'none', got 'nope' at column 14"),
        ErrorCase("index-titles full full", "unexpected 'full' at column 19 ('index-titles' takes one style)"),
    ]

    @Test(arguments: errors)
    func refusesMalformedRelationshipSyntax(_ testCase: ErrorCase) {
        do {
            let commands = try CommandParser.parseLine(testCase.line)
            Issue.record("parsed as \(commands)")
        } catch {
            #expect(error.description == testCase.message)
        }
    }
}

/// `cache [NAME | off | delete [NAME]]` (issue 17 item 11b).
@Suite struct CacheCommandTests {
    @Test func parsesEveryForm() throws {
        #expect(try CommandParser.parseLine("cache") == [.cache(.show)])
        #expect(try CommandParser.parseLine("cache Notes") == [.cache(.use("Notes"))])
        #expect(try CommandParser.parseLine("cache off") == [.cache(.off)])
        #expect(try CommandParser.parseLine("cache delete") == [.cache(.delete(nil))])
        #expect(try CommandParser.parseLine("cache delete Notes") == [.cache(.delete("Notes"))])
        #expect(try CommandParser.parseLine("cache delete Notes").first?.description == "cache delete Notes")
    }

    @Test func refusesANonName() {
        do {
            let commands = try CommandParser.parseLine("cache 3x")
            Issue.record("parsed as \(commands)")
        } catch {
            #expect(error.description == "expected a cache name, 'off' or 'delete', got '3x' at column 7")
        }
    }
}
