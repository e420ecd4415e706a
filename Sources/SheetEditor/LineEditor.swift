import FetchSimCore

/// A one-line text field with readline-like editing: left/right, home/end (also Ctrl-A/Ctrl-E),
/// backspace, delete, Ctrl-U (erase to the start) and Ctrl-K (erase to the end). Pure state.
package struct LineEditor: Equatable, Sendable {
    /// The text being edited.
    package private(set) var text: [Character]
    /// The insertion point, 0...text.count.
    package private(set) var cursor: Int

    /// A field holding `text`, the insertion point at its end.
    package init(_ text: String = "") {
        self.text = Array(text)
        cursor = self.text.count
    }

    /// The text as a string.
    package var string: String { String(text) }

    /// The display column of the insertion point (wide characters count two).
    package var cursorColumn: Int { TextWidth.displayWidth(of: String(text[..<cursor])) }

    /// Applies an editing key; returns false for keys that do not edit (Enter, Esc, Tab, arrows
    /// up and down …), which the caller handles.
    package mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            text.insert(character, at: cursor)
            cursor += 1
        case .shiftSpace:
            text.insert(" ", at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < text.count else { return true }
            text.remove(at: cursor)
        case .control("u"):
            text.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            text.removeSubrange(cursor...)
        default:
            return false
        }
        return true
    }

    /// Replaces the text before the insertion point's last `word.count` characters with
    /// `replacement` (completion), keeping what follows the insertion point.
    package mutating func replaceWordBeforeCursor(length: Int, with replacement: String) {
        let start = max(0, cursor - length)
        text.replaceSubrange(start..<cursor, with: Array(replacement))
        cursor = start + replacement.count
    }
}
