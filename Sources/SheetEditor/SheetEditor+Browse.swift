import FetchSimCore

extension SheetEditor {
    /// A key while browsing: cursor movement, and the single keys that act on the row or cell.
    func browse(_ key: Key) -> Bool {
        let wasDeletePending = isDeletePending
        isDeletePending = false
        if pane == .help || pane.map({ if case .output = $0 { true } else { false } }) == true {
            // The help and a command's output go away with the next key (which still acts).
            pane = nil
            if key == .escape || key == .character("?") || key == .character("q") { return true }
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
                run("delete \(path.section).\(path.row)")
            } else if cursor != nil {
                isDeletePending = true
                message = EditorMessage("d: press d again to delete the row")
            }
        case .character("u"): run("undo", showsFirstLine: true)
        case .control("r"): run("redo", showsFirstLine: true)
        case .character("s"): run("save", showsFirstLine: true)
        case .character(":"): mode = .commandLine(LineEditor())
        case .character("/"): mode = .searching(LineEditor())
        case .character("n"): searchNext()
        case .character("L"): pane = pane == .log ? nil : .log
        case .character("?"): pane = .help
        case .character("q"), .escape: return quit()
        case .mouse(let event): mouse(event)
        default:
            message = nil
        }
        return true
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
        guard let storePath, workspace.context.hasChanges else { return false }
        mode = .confirmingQuit
        message = EditorMessage("Unsaved changes. Save them to '\(storePath)' before quitting? [y/N] (Esc: stay)")
        return true
    }

    /// The answer to the unsaved-changes question.
    func confirmQuit(_ key: Key) -> Bool {
        mode = .browsing
        switch key {
        case .escape:
            message = nil
            return true
        case .character("y"), .character("Y"):
            let outcome = run("save", showsFirstLine: true)
            return outcome.errorMessage != nil
        default:
            return false
        }
    }
}
