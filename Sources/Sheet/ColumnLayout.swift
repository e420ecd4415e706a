/// The widths of a sheet's columns, fitted to the width available.
///
/// A line is the mark (1 column), a space, the path, then every other column after a gap of
/// two spaces. The mark, path and id columns keep their natural width; the value columns share
/// the rest: each at its natural width when all fit, otherwise the widest shrink first, none
/// below 3 columns (or its natural width if smaller). When even that does not fit, trailing
/// value columns are dropped and the header ends in a `…` column.
struct ColumnLayout: Equatable {
    /// Spaces between two columns (after the path column and later).
    static let gap = 2
    /// The narrowest a value column is shrunk to.
    static let minimumValueWidth = 3
    /// The title of the column that stands for dropped value columns.
    static let droppedMarker = "…"

    var pathWidth: Int
    var idWidth: Int
    /// The widths of the value columns shown: the leading ones, in order.
    var valueWidths: [Int]
    /// How many trailing value columns did not fit.
    var droppedCount: Int

    /// The columns a full line of this layout takes.
    var tableWidth: Int {
        var total = 1 + 1 + pathWidth + Self.gap + idWidth
        total += valueWidths.reduce(0) { $0 + Self.gap + $1 }
        if droppedCount > 0 { total += Self.gap + 1 }
        return total
    }

    /// Fits columns of the given natural widths (titles included) into `width` columns.
    /// - Complexity: O(c log w) for c value columns of natural widths up to w.
    init(pathWidth: Int, idWidth: Int, naturalValueWidths natural: [Int], width: Int) {
        self.pathWidth = pathWidth
        self.idWidth = idWidth
        let fixed = 1 + 1 + pathWidth + Self.gap + idWidth
        let minimum = natural.map { min($0, Self.minimumValueWidth) }
        var kept = natural.count
        while kept > 0, fixed + Self.spaceNeeded(minimum[..<kept], dropping: kept < natural.count) > width {
            kept -= 1
        }
        droppedCount = natural.count - kept
        let budget = width - fixed - Self.spaceNeeded([], dropping: droppedCount > 0) - Self.gap * kept
        valueWidths = Self.share(budget, among: Array(natural[..<kept]))
    }

    /// The columns value columns of these widths need, with their gaps and the dropped marker.
    private static func spaceNeeded(_ widths: ArraySlice<Int>, dropping: Bool) -> Int {
        widths.reduce(0) { $0 + gap + $1 } + (dropping ? gap + 1 : 0)
    }

    /// Widths for columns of natural widths `natural` that add up to at most `budget` (when
    /// their minimums do): every column is capped at the largest cap that fits, and what is
    /// left goes one column each to the capped columns, leftmost first.
    private static func share(_ budget: Int, among natural: [Int]) -> [Int] {
        guard natural.reduce(0, +) > budget else { return natural }
        func total(cappedAt cap: Int) -> Int { natural.reduce(0) { $0 + min($1, cap) } }
        var low = minimumValueWidth
        var high = natural.max() ?? minimumValueWidth
        while low < high {
            let middle = (low + high + 1) / 2
            if total(cappedAt: middle) <= budget { low = middle } else { high = middle - 1 }
        }
        var widths = natural.map { min($0, low) }
        var left = budget - total(cappedAt: low)
        for index in widths.indices where left > 0 && natural[index] > low {
            widths[index] += 1
            left -= 1
        }
        return widths
    }
}
