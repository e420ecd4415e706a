import CommandLanguage
import FetchSimCore

extension SheetEditor {
    /// `Space` (flagged) or `m`/`Shift`+`Space` (unflagged): picks up the row under the cursor.
    func pickUp(isFlagged: Bool, isMouse: Bool = false) {
        guard let path = cursor else { return }
        mode = .carrying(TableLayout.Carry(source: path, destination: path), isFlagged: isFlagged, isMouse: isMouse)
        message = EditorMessage(
            "carrying \(path.section).\(path.row): arrows move it, Space or Enter drops, Esc cancels")
    }

    /// A key while a row is carried: arrows carry it, `Space`/`Enter` (or `m`) drops it — one
    /// `move` — and `Esc` puts it back without writing anything.
    func carry(_ key: Key, _ carry: TableLayout.Carry, isFlagged: Bool, isMouse: Bool) -> Bool {
        var carry = carry
        switch key {
        case .up, .character("k"):
            carry.destination = step(carry, down: false) ?? carry.destination
        case .down, .character("j"):
            carry.destination = step(carry, down: true) ?? carry.destination
        case .character(" "), .enter, .shiftSpace, .character("m"):
            drop(carry, isFlagged: isFlagged)
            return true
        case .escape, .control("c"):
            mode = .browsing
            cursor = carry.source
            message = EditorMessage("move cancelled")
            return true
        case .mouse(let event):
            mouse(event)
            return true
        default:
            return true
        }
        mode = .carrying(carry, isFlagged: isFlagged, isMouse: isMouse)
        cursor = carry.destination
        return true
    }

    /// The next drop position up or down: within a section every position from 0 to its count
    /// after the removal, then on into the neighbouring section (an empty one included).
    func step(_ carry: TableLayout.Carry, down: Bool) -> IndexPath? {
        let counts = layout().tableCounts
        func countAfterRemoval(_ section: Int) -> Int { counts[section] - (section == carry.source.section ? 1 : 0) }
        let destination = carry.destination
        if down {
            if destination.row < countAfterRemoval(destination.section) {
                return IndexPath(row: destination.row + 1, section: destination.section)
            }
            return destination.section + 1 < counts.count ? IndexPath(row: 0, section: destination.section + 1) : nil
        }
        if destination.row > 0 { return IndexPath(row: destination.row - 1, section: destination.section) }
        guard destination.section > 0 else { return nil }
        return IndexPath(row: countAfterRemoval(destination.section - 1), section: destination.section - 1)
    }

    /// Drops the carried row: one `move S.R S.R` (with `--unflagged` for the unflagged drag);
    /// dropping it where it was writes nothing.
    func drop(_ carry: TableLayout.Carry, isFlagged: Bool) {
        mode = .browsing
        guard carry.destination != carry.source else {
            cursor = carry.source
            message = EditorMessage("dropped where it was: nothing moved")
            return
        }
        cursor = carry.destination
        run(.move(from: carry.source, to: carry.destination, setsUserDrivenFlag: isFlagged))
    }

    // MARK: Mouse

    /// Press on a row selects its cell and may start a drag; motion with the button held carries
    /// the row to the line under the pointer; release drops it (a click just selects).
    func mouse(_ event: MouseEvent) {
        let line = top + event.line - 1
        switch event.kind {
        case .press:
            guard case .browsing = mode, event.line >= 1, event.line <= bodyHeight,
                case .row(let shown, _)? = layout().item(atLine: line)
            else { return }
            cursor = shown
            column = columnIndex(atScreenColumn: event.column) ?? column
            pressedRow = shown
            message = nil
        case .drag:
            if case .browsing = mode, pressedRow != nil { pickUp(isFlagged: true, isMouse: true) }
            guard case .carrying(var carry, let isFlagged, true) = mode else { return }
            carry.destination = destination(atLine: line, carry) ?? carry.destination
            mode = .carrying(carry, isFlagged: isFlagged, isMouse: true)
            cursor = carry.destination
        case .release:
            pressedRow = nil
            guard case .carrying(let carry, let isFlagged, true) = mode else { return }
            drop(carry, isFlagged: isFlagged)
        }
    }

    /// Where the carried row goes when the pointer is on display line `line`: the position of the
    /// row shown there (a section header: that section's first position).
    func destination(atLine line: Int, _ carry: TableLayout.Carry) -> IndexPath? {
        let layout = TableLayout(tableCounts: layout().tableCounts, carry: carry)
        let clampedLine = min(max(line, 0), layout.lineCount - 1)
        switch layout.item(atLine: clampedLine) {
        case .header(let section)?: return IndexPath(row: 0, section: section)
        case .row(let shown, _)?: return shown
        case nil: return nil
        }
    }
}
