import CommandLanguage
import FetchSimCore
import TableSimulation

extension Interpreter {
    /// `scroll S.R`: the table's viewport starts at row S.R and keeps its height; the table
    /// configures the cells of the rows that come into view, as a scrolled `UITableView` does.
    func scroll(to path: IndexPath) throws -> LineOutcome {
        guard let table = workspace.table else { throw InterpreterError("nothing fetched yet: try 'fetch'") }
        let token = path.shortDescription
        guard path.section < table.numberOfSections else {
            throw located(
                "index path \(token) is out of range (the table has \(table.numberOfSections) "
                    + "section\(table.numberOfSections == 1 ? "" : "s"))", at: .path)
        }
        let rows = table.numberOfRows(inSection: path.section)
        guard path.row < max(rows, 1) else {
            throw located(
                "index path \(token) is out of range (section \(path.section) has \(rows) row\(rows == 1 ? "" : "s"))",
                at: .path)
        }
        let first = (0..<path.section).reduce(0) { $0 + table.numberOfRows(inSection: $1) } + path.row
        let height = workspace.viewport.height
        workspace.viewport = Viewport(firstRow: first, height: height)
        return text(
            ["viewport: \(height) rows from \(token)"],
            json: [
                (
                    "viewport",
                    .object([("first", .array([.int(path.section), .int(path.row)])), ("height", .int(height))])
                )
            ])
    }
}
