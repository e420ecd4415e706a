import CSV
import CommandLanguage
import FetchSimCore
import Foundation
import ObjectGraph

/// Rows under named columns, as the `csv`, `json` and `box` output modes print them (sqlite3's
/// `.mode`), and as `export csv` writes them.
struct OutputGrid {
    var columns: [String]
    /// Each row's values, one per column (JSON values, so that `json` mode keeps their types).
    var rows: [[JSONValue]]

    /// The lines of the grid in `mode` (`sheet` is not a grid mode and gives nothing).
    func lines(_ mode: Command.OutputMode) -> [String] {
        switch mode {
        case .sheet: []
        case .csv:
            csvText(quotesEmptyStrings: false).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .json: rows.map { row in JSONValue.object(Array(zip(columns, row))).description }
        case .box: box()
        }
    }

    /// The grid as CSV text, written by CSV.swift's `CSVWriter` (RFC 4180 quoting), header first.
    /// With `quotesEmptyStrings`, an empty string is written `""` and nil as an empty cell.
    func csvText(quotesEmptyStrings: Bool) -> String {
        let stream = OutputStream(toMemory: ())
        stream.open()
        defer { stream.close() }
        guard let writer = try? CSVWriter(stream: stream) else { return "" }
        try? writer.write(row: columns)
        for row in rows {
            try? writer.write(row: row.map(Self.text), quotedAtIndex: { quotesEmptyStrings && row[$0] == .string("") })
        }
        writer.stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A cell's text: strings bare, nil empty, numbers and booleans as JSON writes them.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .string(let s): s
        default: value.description
        }
    }

    /// `┌─┬─┐` lines around a header and the rows; nil cells show `nil`.
    private func box() -> [String] {
        let cells = rows.map { $0.map { $0 == .null ? "nil" : Self.text($0) } }
        let widths = columns.indices.map { column in
            ([columns[column]] + cells.map { column < $0.count ? $0[column] : "" }).map {
                TextWidth.displayWidth(of: $0)
            }.max() ?? 0
        }
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
        }
        func row(_ texts: [String]) -> String {
            "│"
                + zip(texts, widths).map { text, width in
                    " " + text + String(repeating: " ", count: max(0, width - TextWidth.displayWidth(of: text))) + " "
                }.joined(separator: "│") + "│"
        }
        return [rule("┌", "┬", "┐"), row(columns), rule("├", "┼", "┤")] + cells.map(row) + [rule("└", "┴", "┘")]
    }
}
