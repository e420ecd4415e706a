import CommandLanguage
import FetchSimCore

extension SheetEditor {
    /// A key while browsing: cursor movement, and the single keys that act on the row or cell.
    func browse(_ key: Key) -> Bool {
        let wasDeletePending = isDeletePending
        isDeletePending = false
        if pane == .help || pane.map({ if case .output = $0 { true } else { false } }) == true {
            // A pane with more than it shows takes the scrolling keys; any other key closes the
            // help or a command's output (and still acts).
            if paneOverflows, let delta = paneScrollDelta(key) {
                scrollPane(by: delta)
                return true
            }
            pane = nil
            if key == .escape || key == .character("?") || key == .character("q") { return true }
        }
        if pane == .log, key == .character("J") || key == .character("K") {
            // The log stays open while the table keys work: it scrolls with J and K.
            scrollPane(by: key == .character("J") ? 1 : -1)
            return true
        }
        switch key {
        case .up, .character("k"): moveCursor(by: -1)
        case .down, .character("j"): moveCursor(by: 1)
        case .left, .character("h"): column = max(0, column - 1)
        case .right, .character("l"): column = min(max(attributes.count - 1, 0), column + 1)
        case .pageUp, .control("b"): moveCursor(by: -max(1, bodyHeight - 1))
        case .pageDown, .control("f"): moveCursor(by: max(1, bodyHeight - 1))
        case .home, .character("g"): cursor = layout().firstRow
        case .end, .character("G"): moveCursor(by: Int.max / 2)
        case .character(" "): pickUp(isFlagged: true)
        case .shiftSpace, .character("m"): pickUp(isFlagged: false)
        case .enter, .character("i"): beginEdit()
        case .character("o"): insertRow()
        case .character("d"):
            if wasDeletePending, let path = cursor {
                run(.delete([.indexPath(path)]))
            } else if cursor != nil {
                isDeletePending = true
                message = EditorMessage("d: press d again to delete the row")
            }
        case .character("u"): run(.undo, showsFirstLine: true)
        case .control("r"): run(.redo, showsFirstLine: true)
        case .character("s"): run(.save, showsFirstLine: true)
        case .character(":"): mode = .commandLine(LineEditor())
        case .character("/"): mode = .searching(LineEditor())
        case .character("n"): searchNext()
        case .character("L"): pane = pane == .log ? nil : .log
        case .character("?"): pane = .help
        case .character("q"), .escape: return quit()
        case .mouse(let event): mouse(event)
        case .control("c"):
            // Raw keys: Ctrl-C is no signal here. Say what leaves and what cancels.
            message = EditorMessage("Ctrl-C: q leaves; Esc cancels a drag or an edit; Ctrl-Z suspends")
        default:
            message = nil
        }
        return true
    }

    /// How far a key scrolls an open help or output pane; nil for keys that are not for it.
    func paneScrollDelta(_ key: Key) -> Int? {
        let page = max(1, paneRoom - 1)
        switch key {
        case .down, .character("j"): return 1
        case .up, .character("k"): return -1
        case .pageDown, .character(" "), .control("f"): return page
        case .pageUp, .character("b"), .control("b"): return -page
        case .end, .character("G"): return Int.max / 2
        case .home, .character("g"): return -(Int.max / 2)
        default: return nil
        }
    }

    /// Moves the cursor `delta` rows down (negative: up), across sections, stopping at the ends.
    func moveCursor(by delta: Int) {
        let layout = layout()
        guard var path = cursor.flatMap(layout.clamped) ?? layout.firstRow else { return }
        let plain = TableLayout(tableCounts: layout.tableCounts)
        // Jump by flat rows (O(sections)) rather than stepping row by row.
        let total = layout.counts.reduce(0, +)
        let target = min(max(plain.flatRow(of: path) + delta, 0), max(total - 1, 0))
        var remaining = target
        for (section, count) in layout.counts.enumerated() {
            if remaining < count {
                path = IndexPath(row: remaining, section: section)
                break
            }
            remaining -= count
        }
        cursor = path
        message = nil
    }

    /// `q` or `Esc`: leave, or first ask about unsaved changes of a store file.
    func quit() -> Bool {
        if let storePath, workspace.context.hasChanges {
            mode = .confirmingQuit
            message = EditorMessage("Unsaved changes. Save them to '\(storePath)' before quitting? [y/N] (Esc: stay)")
            return true
        }
        // Without a store, the REPL's rule: what quitting would lose is asked about first.
        if let concern = quitConcern?() {
            mode = .confirmingQuit
            message = EditorMessage("Quitting: \(concern). Quit anyway? [y/N]")
            return true
        }
        return false
    }

    /// The answer to the quit question: with a store, `y` saves, `Esc` stays and any other key
    /// leaves; without one, `y` leaves and any other key stays (the REPL's default, No).
    func confirmQuit(_ key: Key) -> Bool {
        mode = .browsing
        let offersSave = storePath != nil && workspace.context.hasChanges
        switch key {
        case .escape, .control("c"):
            message = nil
            return true
        case .character("y"), .character("Y"):
            guard offersSave else { return false }
            let outcome = run(.save, showsFirstLine: true)
            return outcome.errorMessage != nil
        default:
            if offersSave { return false }
            message = nil
            return true
        }
    }
}
