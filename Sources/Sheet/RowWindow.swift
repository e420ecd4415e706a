/// One thing a sheet shows, top to bottom, before any text is laid out.
enum SheetItem: Equatable {
    /// The rule line of section `index`.
    case sectionRule(index: Int)
    /// The row at `row` (a position in the section's `rows`) of section `section`.
    case row(section: Int, row: Int)
    /// Rows of a shown section left out; `changed` of them are marked.
    case hiddenRows(count: Int, changed: Int)
    /// Whole sections left out, with their rows.
    case hiddenSections(count: Int, rows: Int, changed: Int)
    /// A section (or the table) without rows.
    case noRows
    /// `.section(index)` asked for a section the table does not have.
    case missingSection(index: Int)
}

/// Chooses the rows a window shows.
///
/// `.aroundChanges` keeps every marked row with `context` rows either side; windows that
/// overlap, touch or are one row apart are merged (a `⋮ 1 row` line would take the row's
/// place). Sections without rows are always shown, since an empty section is worth seeing.
enum RowWindow {
    /// Rows shown either side of a marked row.
    static let context = 2

    /// The items `window` shows of `model`.
    /// - Complexity: O(n + s) for n rows in s sections; for `.aroundChanges`, O(s + m + shown)
    ///   for m marked rows.
    static func items(for model: SheetModel, window: SheetWindow) -> [SheetItem] {
        switch window {
        case .all:
            return items(for: model, visible: nil)
        case .section(let index):
            guard model.sections.indices.contains(index) else { return [.missingSection(index: index)] }
            let rows = model.sections[index].rows.indices.map { SheetItem.row(section: index, row: $0) }
            return [.sectionRule(index: index)] + (rows.isEmpty ? [.noRows] : rows)
        case .aroundChanges(let maxRows):
            let visible = shownRanges(
                rowCounts: model.sections.map(\.rows.count), marked: model.sections.map(\.rows.markedPositions),
                maxRows: maxRows)
            return items(for: model, visible: visible)
        }
    }

    /// The flat row ranges `.aroundChanges(maxRows:)` shows of sections with `rowCounts` rows and
    /// rows marked at `marked` (per section, ascending); nil for every row.
    /// - Complexity: O(s + m) for s sections and m marked rows.
    static func shownRanges(rowCounts: [Int], marked: [[Int]], maxRows: Int) -> [Range<Int>]? {
        let total = rowCounts.reduce(0, +)
        guard total > maxRows else { return nil }
        var flat: [Int] = []
        var offset = 0
        for (count, positions) in zip(rowCounts, marked) {
            flat += positions.map { offset + $0 }
            offset += count
        }
        return visibleRanges(marked: flat, total: total, maxRows: max(0, maxRows))
    }

    /// The flat row ranges to show of `total` rows with marks at the flat positions `marked`
    /// (ascending): windows around the marked rows, merged, then cut to `maxRows` rows in all;
    /// the first `maxRows` rows when nothing is marked.
    static func visibleRanges(marked: [Int], total: Int, maxRows: Int) -> [Range<Int>] {
        var windows: [Range<Int>] = []
        for index in marked {
            let window = max(0, index - context)..<min(total, index + context + 1)
            if let last = windows.last, window.lowerBound <= last.upperBound + 1 {
                windows[windows.count - 1] = last.lowerBound..<window.upperBound
            } else {
                windows.append(window)
            }
        }
        if windows.isEmpty { windows = [0..<total] }
        var budget = maxRows
        var visible: [Range<Int>] = []
        for window in windows where budget > 0 {
            let taken = min(window.count, budget)
            visible.append(window.lowerBound..<(window.lowerBound + taken))
            budget -= taken
        }
        return visible
    }

    /// Every section in order, showing the rows in `visible` (flat indices; `nil`: all rows).
    private static func items(for model: SheetModel, visible: [Range<Int>]?) -> [SheetItem] {
        guard !model.sections.isEmpty else { return [.noRows] }
        var items: [SheetItem] = []
        var hidden = (count: 0, rows: 0, changed: 0)
        var offset = 0
        for (sectionIndex, section) in model.sections.enumerated() {
            let rows = offset..<(offset + section.rows.count)
            defer { offset = rows.upperBound }
            let shown = (visible ?? [rows]).map { $0.clamped(to: rows) }.filter { !$0.isEmpty }
            if shown.isEmpty, !rows.isEmpty {
                hidden = (
                    hidden.count + 1, hidden.rows + rows.count, hidden.changed + changedCount(section, offset, rows)
                )
                continue
            }
            if hidden.count > 0 {
                items.append(.hiddenSections(count: hidden.count, rows: hidden.rows, changed: hidden.changed))
            }
            hidden = (0, 0, 0)
            items.append(.sectionRule(index: sectionIndex))
            if rows.isEmpty { items.append(.noRows) }
            var cursor = rows.lowerBound
            for range in shown + [rows.upperBound..<rows.upperBound] {
                if range.lowerBound > cursor {
                    let gap = cursor..<range.lowerBound
                    items.append(.hiddenRows(count: gap.count, changed: changedCount(section, offset, gap)))
                }
                items += range.map { .row(section: sectionIndex, row: $0 - offset) }
                cursor = range.upperBound
            }
        }
        if hidden.count > 0 {
            items.append(.hiddenSections(count: hidden.count, rows: hidden.rows, changed: hidden.changed))
        }
        return items
    }

    /// How many rows of `section` in the flat range `flat` are marked (`offset`: its first row's flat index).
    private static func changedCount(_ section: SheetSection, _ offset: Int, _ flat: Range<Int>) -> Int {
        section.rows.markedCount(in: (flat.lowerBound - offset)..<(flat.upperBound - offset))
    }
}
