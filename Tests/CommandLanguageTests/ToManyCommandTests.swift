import CommandLanguage
import ObjectGraph
import Testing

/// The command language's side of to-many relationships: `notes:[Note]` with its options,
/// `[#3, #4]` values and `@count` key paths (docs/commands.md).
@Suite struct ToManyCommandTests {
    @Test func aToManyRelationshipIsDefinedInBracketsWithItsOptions() throws {
        let line =
            "entity Folder name:string notes:[Note] inverse=folder delete=cascade ordered=true min=1 max=5 owner:->User? delete=deny"
        let commands = try CommandParser.parseLine(line)
        #expect(
            commands == [
                .entity(
                    name: "Folder",
                    attributes: [
                        Attribute("name", .string),
                        .toMany(
                            "notes", destination: "Note", isOrdered: true, inverse: "folder", deleteRule: .cascade,
                            minCount: 1, maxCount: 5),
                        .toOne("owner", destination: "User", deleteRule: .deny),
                    ])
            ])
        #expect(commands.first?.description == line)
        #expect(
            try CommandParser.parseLine("entity Folder notes:[Note]") == [
                .entity(name: "Folder", attributes: [.toMany("notes", destination: "Note")])
            ])
    }

    @Test func aSetOfObjectsIsWrittenAsAListOfIDs() throws {
        #expect(
            try CommandParser.parseLine("set #1 notes=[#3, #4]") == [
                .set(.id(ObjectID(1)), assignments: [.init("notes", .objects([ObjectID(3), ObjectID(4)]))])
            ])
        #expect(
            try CommandParser.parseLine("set #1 notes=[#4,#3] name=\"x\"")
                == [
                    .set(
                        .id(ObjectID(1)),
                        assignments: [
                            .init("notes", .objects([ObjectID(4), ObjectID(3)])), .init("name", .string("x")),
                        ])
                ])
        #expect(
            try CommandParser.parseLine("insert Folder notes=[ #3 ]") == [
                .insert(entity: "Folder", assignments: [.init("notes", .objects([ObjectID(3)]))])
            ])
        #expect(
            try CommandParser.parseLine("set #1 notes=[]") == [
                .set(.id(ObjectID(1)), assignments: [.init("notes", .objects([]))])
            ])
        #expect(try CommandParser.parseLine("set #1 notes=[#3, #4]").first?.description == "set #1 notes=[#3, #4]")
    }

    @Test func sortTakesACount() throws {
        guard case .fetch(let spec) = try CommandParser.parseLine("fetch Folder sort notes.@count desc, name").first
        else {
            Issue.record("not a fetch")
            return
        }
        #expect(spec.sort == [.init("notes.@count", ascending: false), .init("name")])
    }

    static let errors: [ErrorCase] = [
        ErrorCase(
            "entity Folder notes:[Note",
            "expected a to-many relationship like notes:[Note], got 'notes:[Note' at column 15"),
        ErrorCase(
            "entity Folder notes:[Note]?",
            "expected a to-many relationship like notes:[Note], got 'notes:[Note]?' at column 15"),
        ErrorCase(
            "entity Folder notes:[Note] colour=red",
            "unknown option 'colour' at column 28 (options: inverse, delete, ordered, min, max)"),
        ErrorCase(
            "entity Folder notes:[Note] min=-1", "expected a count (0 or more) after 'min=', got '-1' at column 32"),
        ErrorCase("entity Folder notes:[Note] inverse=folder inverse=x", "'inverse' is given twice at column 43"),
        ErrorCase("set #1 notes=[#3,", "expected ']' after '[#3,' at column 14"),
    ]

    @Test(arguments: errors)
    func refusesMalformedToManySyntax(_ testCase: ErrorCase) {
        do {
            let commands = try CommandParser.parseLine(testCase.line)
            Issue.record("parsed as \(commands)")
        } catch {
            #expect(error.description == testCase.message)
        }
    }
}
