@preconcurrency import CNCurses
import Foundation
import SheetEditor

/// The one place that talks to ncurses: starts and ends full-screen mode, reads keys (decoded
/// into `Key`s), and draws a `ScreenModel`, writing only the lines that changed.
final class CursesTerminal {
    /// Whether colours are used: the terminal has them and `NO_COLOR` is not set.
    private(set) var usesColor = false
    private var drawn: ScreenModel?
    private var isMouseReporting = false
    /// Keys read ahead while decoding an escape sequence, handed out before any new read.
    private var readAhead: [Key] = []

    /// Enters full-screen mode: a UTF-8 locale for wide characters, raw keys (Ctrl-C is a key,
    /// not a signal), keypad decoding, a short Esc delay, mouse reports with motion. `nil` when
    /// ncurses cannot drive the terminal (`initscr` would exit the process instead).
    init?(environment: [String: String]) {
        setlocale(LC_ALL, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        guard newterm(nil, stdout, stdin) != nil else { return nil }
        raw()
        noecho()
        nonl()
        keypad(stdscr, true)
        set_escdelay(25)
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        if has_colors(), !noColor {
            start_color()
            use_default_colors()
            usesColor = true
            for (pair, color) in Self.pairs.enumerated() {
                init_pair(Int16(pair + 1), color.foreground, color.background)
            }
        }
        mouseinterval(0)
        if mousemask(mmask_t(fetchsim_all_mouse_events()), nil) != 0 {
            // Button-event tracking: xterm reports motion while a button is held (mode 1002).
            FileHandle.standardOutput.write(Data("\u{1B}[?1002h".utf8))
            isMouseReporting = true
        }
    }

    /// Leaves full-screen mode, restoring the terminal.
    func close() {
        if isMouseReporting { FileHandle.standardOutput.write(Data("\u{1B}[?1002l".utf8)) }
        endwin()
    }

    /// Ctrl-Z: gives the terminal back and stops the process as a shell's job control expects
    /// (raw keys turn Ctrl-Z into a key, not a signal); after `fg`, takes the terminal again for
    /// a full redraw. Where no shell does job control (an orphaned process group) the kernel
    /// discards the stop and the spreadsheet simply carries on.
    func suspend() {
        if isMouseReporting { FileHandle.standardOutput.write(Data("\u{1B}[?1002l".utf8)) }
        endwin()
        raise(SIGTSTP)
        if isMouseReporting { FileHandle.standardOutput.write(Data("\u{1B}[?1002h".utf8)) }
        refresh()
        invalidate()
    }

    /// The terminal's size now.
    var size: (rows: Int, columns: Int) { (Int(LINES), Int(COLS)) }

    // MARK: Keys

    /// Waits for the next key; `nil` for keys the spreadsheet does not use.
    func readKey() -> Key? {
        if !readAhead.isEmpty { return readAhead.removeFirst() }
        var character: wint_t = 0
        let status = wget_wch(stdscr, &character)
        if status == KEY_CODE_YES { return functionKey(Int32(character)) }
        guard status == OK else { return nil }
        if character == 27 { return escapeKey() }
        return plainKey(character)
    }

    /// After an `Esc`: what follows within a short delay, decoded by `EscapeSequence` — an
    /// arrow sent as `ESC [ B` is an arrow, `Esc` alone is `Esc`, and a sequence cut short is
    /// dropped rather than taken for `Esc` (which would leave the spreadsheet).
    private func escapeKey() -> Key? {
        var following: [Character] = []
        wtimeout(stdscr, 50)
        defer { wtimeout(stdscr, -1) }
        while true {
            var character: wint_t = 0
            let status = wget_wch(stdscr, &character)
            if status == KEY_CODE_YES {
                // A key ncurses decoded itself came next: the Esc was a key of its own.
                if let key = functionKey(Int32(character)) { readAhead.append(key) }
                return following.isEmpty ? .escape : nil
            }
            guard status == OK, let scalar = UnicodeScalar(UInt32(character)) else {
                // Nothing more within the delay.
                return following.isEmpty ? .escape : nil
            }
            following.append(Character(scalar))
            switch EscapeSequence.read(following) {
            case .complete(let key): return key
            case .partial, .escapeKey: continue
            case .escapeThen:
                if let key = plainKey(character) { readAhead.append(key) }
                return .escape
            }
        }
    }

    private func plainKey(_ character: wint_t) -> Key? {
        switch character {
        case 27: return .escape
        case 10, 13: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .control(Character(UnicodeScalar(UInt8(character) + 96)))
        default:
            guard let scalar = UnicodeScalar(UInt32(character)) else { return nil }
            return .character(Character(scalar))
        }
    }

    private func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_RESIZE: .resize(rows: Int(LINES), columns: Int(COLS))
        case KEY_MOUSE: mouseKey()
        default: nil
        }
    }

    private func mouseKey() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = UInt(event.bstate)
        let kind: MouseEvent.Kind
        if state & fetchsim_button1_pressed() != 0 {
            kind = .press
        } else if state & fetchsim_button1_released() != 0 {
            kind = .release
        } else if state & fetchsim_report_position() != 0 {
            kind = .drag
        } else {
            return nil
        }
        return .mouse(MouseEvent(kind, line: Int(event.y), column: Int(event.x)))
    }

    // MARK: Drawing

    /// Draws `model`, rewriting only the lines that differ from the last one drawn.
    func draw(_ model: ScreenModel) {
        for index in model.changedLines(since: drawn) {
            // Clear first: writing the last column moves the cursor to the next line.
            move(Int32(index), 0)
            attrset(0)
            clrtoeol()
            for span in model.lines[index].spans {
                attrset(attributes(for: span.role))
                addstr(span.text)
            }
            attrset(0)
        }
        drawn = model
        if let cursor = model.cursor {
            curs_set(1)
            move(Int32(cursor.line), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        refresh()
    }

    /// Forgets what is on screen, so that the next draw writes every line (after a resize).
    func invalidate() {
        drawn = nil
        clear()
    }

    private func attributes(for role: ScreenRole) -> Int32 {
        let bold = fetchsim_attr_bold()
        let reverse = fetchsim_attr_reverse()
        let underline = fetchsim_attr_underline()
        let dim = fetchsim_attr_dim()
        func color(_ role: ColorRole) -> Int32 { usesColor ? fetchsim_color_pair(Int16(role.rawValue)) : 0 }
        switch role {
        case .plain: return 0
        case .header: return bold
        case .sectionHeader: return bold | color(.cyan)
        case .inserted: return color(.green)
        case .moved: return color(.yellow)
        case .updated: return color(.cyan)
        case .stale: return underline | color(.magenta)
        case .placeholder, .dim: return dim
        case .cursorRow: return reverse
        case .cursorCell: return reverse | bold | underline
        case .carried: return reverse | bold | color(.yellow)
        case .field: return underline | bold
        case .status: return reverse
        case .consistent: return reverse | bold | color(.green)
        case .inconsistent: return reverse | bold | color(.red)
        case .error: return bold | color(.red)
        case .paneTitle: return bold
        }
    }

    /// Colour pairs, numbered from 1 in this order.
    private enum ColorRole: Int {
        case green = 1
        case yellow, cyan, magenta, red
    }
    private static let pairs: [(foreground: Int16, background: Int16)] = [
        (Int16(COLOR_GREEN), -1), (Int16(COLOR_YELLOW), -1), (Int16(COLOR_CYAN), -1), (Int16(COLOR_MAGENTA), -1),
        (Int16(COLOR_RED), -1),
    ]
}
