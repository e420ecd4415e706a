/// One key press (or mouse report, or resize) as the full-screen spreadsheet sees it, decoded
/// from the terminal by the ncurses layer. The state machine only ever sees these values.
package enum Key: Equatable, Sendable {
    /// A printable character (`Space` is `.character(" ")`).
    case character(Character)
    /// A control key: `.control("r")` is Ctrl-R.
    case control(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backspace, delete
    /// `Shift`+`Space`, where the terminal reports it apart from `Space` (most send a plain space:
    /// `m` does the same).
    case shiftSpace
    /// The terminal now has `rows` × `columns` cells.
    case resize(rows: Int, columns: Int)
    /// A mouse report at a screen cell (zero-based line and column).
    case mouse(MouseEvent)
}

/// What the mouse did, at which screen cell (zero-based).
package struct MouseEvent: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// The first button went down.
        case press
        /// The pointer moved with the button held (xterm reports motion in mode 1002).
        case drag
        /// The button went up.
        case release
    }

    package var kind: Kind
    package var line: Int
    package var column: Int

    package init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }
}
