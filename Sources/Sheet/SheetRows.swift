import FetchSimCore

/// The rows of one section as a sheet reads them: by position, with the positions of the marked
/// rows known up front. Built from every row, or — for a long table shown around its changes —
/// from only the rows the window shows (`SheetWindow.shownRanges`), so that drawing a sheet of a
/// million rows reads a few dozen.
///
/// ```swift
/// // Rows 48 through 52 of a section of 100, around the marked row 50.
/// let shown = Dictionary(
///     uniqueKeysWithValues: (48..<53).map {
///         ($0, SheetRow(path: IndexPath(row: $0, section: 0), id: $0 + 1, cells: ["Item \($0)"]))
///     })
/// let rows = SheetRows(count: 100, markedPositions: [50], rows: shown)
/// rows.count     // 100
/// rows[50].id    // 51
/// ```
public struct SheetRows: RandomAccessCollection, Equatable, Sendable {
    /// How many rows the section has.
    public let count: Int
    /// The positions of the rows that carry a mark, ascending.
    public let markedPositions: [Int]
    private let storage: Storage

    /// Every row in an array, or only the shown ones by position.
    private enum Storage: Equatable, Sendable {
        case all([SheetRow])
        case shown([Int: SheetRow])
    }

    /// Every row of a section, in order.
    public init(_ rows: [SheetRow]) {
        count = rows.count
        markedPositions = rows.indices.filter { rows[$0].mark != nil }
        storage = .all(rows)
    }

    /// A section of `count` rows of which only `rows` (by position) are given; `markedPositions`
    /// lists every marked row, given or not. A window must only show given rows.
    public init(count: Int, markedPositions: [Int], rows: [Int: SheetRow]) {
        self.count = count
        self.markedPositions = markedPositions.sorted()
        storage = .shown(rows)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The row at `position`; a row that was not given reads as an unconfigured row with ID 0.
    public subscript(position: Int) -> SheetRow {
        switch storage {
        case .all(let rows): rows[position]
        case .shown(let rows): rows[position] ?? SheetRow(path: .init(row: position, section: 0), id: 0, cells: nil)
        }
    }

    /// How many marked rows lie in `positions`.
    /// - Complexity: O(log m) for m marked rows.
    package func markedCount(in positions: Range<Int>) -> Int {
        markedPositions.countOfElements(below: positions.upperBound)
            - markedPositions.countOfElements(below: positions.lowerBound)
    }

    public static func == (lhs: SheetRows, rhs: SheetRows) -> Bool {
        lhs.count == rhs.count && lhs.markedPositions == rhs.markedPositions && lhs.elementsEqual(rhs)
    }
}
