import SheetEditor
import Testing

/// Keys sent as escape sequences, decoded from what follows the `Esc` (ECMA-48's CSI and SS3
/// forms, VT220 tilde codes, xterm's modifier parameters).
@Suite struct EscapeSequenceTests {
    func read(_ text: String) -> EscapeSequence.Reading { EscapeSequence.read(Array(text)) }

    @Test func arrowsInBothForms() {
        #expect(read("[A") == .complete(.up))
        #expect(read("[B") == .complete(.down))
        #expect(read("[C") == .complete(.right))
        #expect(read("[D") == .complete(.left))
        #expect(read("OA") == .complete(.up))
        #expect(read("OB") == .complete(.down))
        #expect(read("OC") == .complete(.right))
        #expect(read("OD") == .complete(.left))
    }

    @Test func editingKeysAndModifiers() {
        #expect(read("[H") == .complete(.home))
        #expect(read("OF") == .complete(.end))
        #expect(read("[1~") == .complete(.home))
        #expect(read("[4~") == .complete(.end))
        #expect(read("[3~") == .complete(.delete))
        #expect(read("[5~") == .complete(.pageUp))
        #expect(read("[6~") == .complete(.pageDown))
        #expect(read("[5;5~") == .complete(.pageUp))
        // Shift+Down in xterm: the modifier parameter does not change the key.
        #expect(read("[1;2B") == .complete(.down))
    }

    @Test func aSequenceCutShortIsNeverTheEscapeKey() {
        #expect(read("[") == .partial)
        #expect(read("[1") == .partial)
        #expect(read("[1;") == .partial)
        #expect(read("O") == .partial)
    }

    @Test func unknownSequencesAreConsumedAndUnused() {
        #expect(read("[Z") == .complete(nil))  // Shift+Tab
        #expect(read("[15~") == .complete(nil))  // F5
        #expect(read("OP") == .complete(nil))  // F1
        #expect(read("[x!") == .complete(nil))  // not a parameter: given up, not Esc
    }

    @Test func escapeAloneOrBeforeAKey() {
        #expect(read("") == .escapeKey)
        #expect(read("j") == .escapeThen("j"))
    }
}
