import CommandLanguage
import FetchSimCore
import ObjectGraph
import Testing

@Suite struct CommandBatchTests {
    @Test func editsShareALine() throws {
        let commands = try CommandParser.parseLine(
            #"insert Note a=1; insert Note a=2 ;delete #1; move 0.0 0.1 ; set 0.0 a="x;y""#)
        #expect(
            commands == [
                .insert(entity: "Note", assignments: [.init("a", .int(1))]),
                .insert(entity: "Note", assignments: [.init("a", .int(2))]),
                .delete([.id(ObjectID(1))]),
                .move(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0), setsUserDrivenFlag: true),
                .set(.indexPath(IndexPath(row: 0, section: 0)), assignments: [.init("a", .string("x;y"))]),
            ])
        #expect(commands.allSatisfy { $0.isEdit })
    }

    @Test(arguments: [
        ("insert Note a=1;", 1), (";;", 0), (";", 0), ("commit;", 1), ("; undo ;", 1),
        ("delete #1;;delete #2", 2), (#"fetch Note where title == "x;y" ; "#, 1),
    ])
    func emptyCommandsAreSkipped(line: String, count: Int) throws {
        #expect(try CommandParser.parseLine(line).count == count)
    }

    @Test func aSemicolonInsideAPredicateStringDoesNotSplit() throws {
        let commands = try CommandParser.parseLine("fetch Note where title == 'a;b' sort title")
        guard case .fetch(let spec)? = commands.first else {
            Issue.record("expected a fetch, got \(commands)")
            return
        }
        #expect(commands.count == 1)
        #expect(spec.predicate == .init("title == 'a;b'", column: 18))
        #expect(spec.sort == [.init("title")])
    }

    @Test func predicateColumnSkipsSpaces() throws {
        let commands = try CommandParser.parseLine("   fetch Note   where   x > 1  sort x")
        #expect(commands == [.fetch(.init(entity: "Note", predicate: .init("x > 1", column: 25), sort: [.init("x")]))])
    }
}
