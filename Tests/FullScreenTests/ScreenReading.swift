import Foundation

/// The full-screen spreadsheet's rows as drawn: object IDs section by section, read from lines
/// like `▸> 1.1←0.0  #1   Milk …` (cursor, mark, path, id).
func tableIDs(onScreen screen: String) -> [[Int]] {
    var sections: [Int: [Int]] = [:]
    for line in screen.split(separator: "\n") {
        guard let match = line.firstMatch(of: /^..\s(\d+)\.(\d+)\S*\s+#(\d+)\s/),
            let section = Int(match.1), let id = Int(match.3)
        else { continue }
        sections[section, default: []].append(id)
    }
    return sections.keys.sorted().map { sections[$0] ?? [] }
}

/// The table's rows from the REPL's `dump` text (`table 0: #2 #3 #4`).
func tableIDs(inDump text: String) -> [[Int]] {
    text.split(separator: "\n").compactMap { line -> [Int]? in
        guard line.hasPrefix("table ") else { return nil }
        return line.split(separator: " ").dropFirst(2).compactMap { Int($0.dropFirst()) }
    }
}
