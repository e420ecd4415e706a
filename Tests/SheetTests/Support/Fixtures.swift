import FetchSimCore
import Foundation
import Sheet

/// Foundation also has an `IndexPath`; these tests always mean the REPL's.
typealias IndexPath = FetchSimCore.IndexPath

/// `S.R` as an index path.
func path(_ section: Int, _ row: Int) -> IndexPath {
    IndexPath(row: row, section: section)
}

/// A row at `S.R` showing `cells`.
func row(_ section: Int, _ index: Int, _ id: Int, _ cells: [String]?, _ mark: ChangeMark? = nil) -> SheetRow {
    SheetRow(path: path(section, index), id: id, cells: cells, mark: mark)
}

/// Rows for `section`, numbered from 0, ids from `firstID`, each showing a title and an order.
func rows(section: Int, count: Int, firstID: Int, marks: [Int: ChangeMark] = [:]) -> [SheetRow] {
    (0..<count).map { index in
        row(section, index, firstID + index, ["Item \(firstID + index)", "\(index)"], marks[index])
    }
}

/// Plain text of a styled line: the bracket style's `[role:` and `]` removed.
func unbracketed(_ text: String) -> String {
    var result = text
    for role in ["header", "sectionHeader", "inserted", "moved", "updated", "deleted", "dim"] {
        result = result.replacingOccurrences(of: "[\(role):", with: "")
    }
    return result.replacingOccurrences(of: "]", with: "")
}
