import CommandLanguage
import FetchSimCore
import ObjectGraph
import Testing

/// `Command.description` is the one printer of command lines (the REPL's `show fetch`, the
/// full-screen editor, the fuzzer): edits print each value as its literal, written by hand here.
@Suite struct CommandDescriptionTests {
    @Test(arguments: [
        (Value.int(Int.min), "-9223372036854775808"), (.int(7), "7"), (.bool(true), "true"), (.null, "nil"),
        (.string(""), #""""#), (.string("Milk"), #""Milk""#), (.string(#"say "hi""#), #""say \"hi\"""#),
        (.string(#"a\b"#), #""a\\b""#), (.string("tab\tnew\nline"), #""tab\tnew\nline""#),
        (.string("café"), #""café""#), (.double(1.5), "1.5"), (.object(ObjectID(4)), "#4"),
    ])
    func editsPrintValuesAsLiterals(value: Value, literal: String) throws {
        let set = Command.set(.indexPath(IndexPath(row: 2, section: 0)), assignments: [.init("title", value)])
        #expect(set.description == "set 0.2 title=" + literal)
        #expect(Command.Assignment("title", value).description == "title=" + literal)
        let insert = Command.insert(
            entity: "Note", assignments: [.init("title", value), .init("order", .int(3))],
            at: IndexPath(row: 0, section: 1))
        #expect(insert.description == "insert Note title=\(literal) order=3 at 1.0")
        #expect(try CommandParser.parseLine(insert.description) == [insert])
    }

    @Test func anEditWithoutAssignments() {
        #expect(Command.insert(entity: "Note", assignments: []).description == "insert Note")
        #expect(
            Command.delete([.id(ObjectID(3)), .indexPath(IndexPath(row: 1, section: 0))]).description == "delete #3 0.1"
        )
    }

    /// A cell's text read as the value a command line would read.
    @Test func anAssignmentReadsTypedText() throws {
        #expect(try Command.Assignment("order", reading: "3") == .init("order", .int(3)))
        #expect(try Command.Assignment("done", reading: " nil ") == .init("done", .null))
        #expect(try Command.Assignment("title", reading: #""x y""#) == .init("title", .string("x y")))
        #expect(
            try Command.Assignment("tags", reading: "[#3, #4]") == .init("tags", .objects([ObjectID(3), ObjectID(4)])))
        #expect(throws: CommandError.self) { try Command.Assignment("order", reading: "abc") }
        #expect(throws: CommandError.self) { try Command.Assignment("order", reading: "3; delete #1") }
        #expect(throws: CommandError.self) { try Command.Assignment("order", reading: "") }
    }
}
