import Adapters

extension Interpreter {
    /// `index-titles [STYLE]`: sets how the app titles the section index, then — as an app calls
    /// `reloadSectionIndexTitles()` — has the table read the index again; prints the style and
    /// the table's section index (issue 17 item 11d).
    func indexTitles(_ style: SectionIndexTitleStyle?) -> LineOutcome {
        if let style {
            workspace.indexTitleStyle = style
            if let dataSource = workspace.dataSource {
                dataSource.indexTitleStyle = style
                // Setting the delegate again drops the controller's cached index titles.
                let delegate = dataSource.controller.delegate
                dataSource.controller.delegate = delegate
                workspace.table?.reloadSectionIndexTitles()
            }
        }
        let current = workspace.indexTitleStyle
        let titles = workspace.table?.sectionIndexTitles
        let index =
            titles.map { "section index: " + ($0.isEmpty ? "(empty)" : $0.joined(separator: ", ")) }
            ?? "no section index"
        let json: [(String, JSONValue)] = [
            ("indexTitles", .string(current.rawValue)),
            ("sectionIndexTitles", titles.map { .array($0.map(JSONValue.string)) } ?? .null),
        ]
        guard style != nil else { return text(["index-titles \(current) · \(index)"], json: json) }
        return text(
            [.line("index-titles \(current) · \(index)")] + sheet(window: .aroundChanges(maxRows: 24), marks: false),
            json: json)
    }
}
