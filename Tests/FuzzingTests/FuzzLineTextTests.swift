import ObjectGraph
import Testing

@testable import Fuzzing

/// The fuzzer writes its edits lines as bytes (`FuzzLineText`); the text must be exactly what
/// `Value.literal` and `ObjectID.description` write, or a transcript would change.
@Suite struct FuzzLineTextTests {
    static func text(_ build: (inout FuzzLineText) -> Void) -> String {
        var line = FuzzLineText()
        build(&line)
        return line.text
    }

    @Test func assignmentsInSchemaOrder() {
        let values: FuzzValues = [.hidden: .bool(true), .order: .int(-12), .title: .string("t3"), .group: .string("B")]
        #expect(Self.text { $0.append(values) } == #"title="t3" group="B" order=-12 hidden=true"#)
        #expect(Self.text { $0.append([.order: .int(0)]) } == "order=0")
    }

    @Test(arguments: [
        (Value.int(Int.min), "-9223372036854775808"), (.int(Int.max), "9223372036854775807"), (.int(7), "7"),
        (.bool(false), "false"), (.string(""), #""""#), (.string("A"), #""A""#),
        (.string(#"say "hi""#), #""say \"hi\"""#), (.string(#"a\b"#), #""a\\b""#),
        (.string("tab\tnew\nline"), #""tab\tnew\nline""#),
        (.string("café"), #""café""#), (.double(1.5), "1.5"), (.null, "nil"),
    ])
    func valuesAsTheirLiterals(value: Value, expected: String) {
        #expect(Self.text { $0.append(value) } == expected)
        #expect(expected == value.literal, "the hand-written literal is the value's own")
    }

    @Test func objectIDs() {
        #expect(Self.text { $0.append(ObjectID(12)) } == "#12")
        #expect(
            Self.text {
                $0.append("delete ")
                $0.append(ObjectID(3))
            } == "delete #3")
    }
}
