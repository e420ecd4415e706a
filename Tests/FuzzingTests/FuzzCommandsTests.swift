import CommandLanguage
import ObjectGraph
import Testing

@testable import Fuzzing

/// The fuzzer's edits become `Command` values printed by `Command.description`; the lines must
/// be the ones its transcripts always held (written here by hand).
@Suite struct FuzzCommandsTests {
    @Test func assignmentsInSchemaOrder() {
        let values: FuzzValues = [.hidden: .bool(true), .order: .int(-12), .title: .string("t3"), .group: .string("B")]
        #expect(
            Command.insert(entity: "Item", assignments: values.assignments(schema: nil)).description
                == #"insert Item title="t3" group="B" order=-12 hidden=true"#)
        let order: FuzzValues = [.order: .int(0)]
        #expect(
            Command.set(.id(ObjectID(3)), assignments: order.assignments(schema: nil)).description == "set #3 order=0")
    }

    @Test(arguments: [
        (Value.int(Int.min), "-9223372036854775808"), (.int(Int.max), "9223372036854775807"), (.int(7), "7"),
        (.bool(false), "false"), (.string(""), #""""#), (.string("A"), #""A""#),
        (.string(#"say "hi""#), #""say \"hi\"""#), (.string(#"a\b"#), #""a\\b""#),
        (.string("tab\tnew\nline"), #""tab\tnew\nline""#),
        (.string("café"), #""café""#), (.double(1.5), "1.5"), (.null, "nil"),
    ])
    func valuesAsTheirLiterals(value: Value, expected: String) {
        let values: FuzzValues = [.title: value]
        #expect(
            Command.set(.id(ObjectID(1)), assignments: values.assignments(schema: nil)).description
                == "set #1 title=" + expected)
    }

    @Test func deletesAndDragsByIDAndPath() {
        #expect(Command.delete([.id(ObjectID(3))]).description == "delete #3")
        #expect(
            Command.move(
                from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 2), setsUserDrivenFlag: false
            )
            .description == "move --unflagged 0.1 2.0")
    }
}
