import FetchSimCore
import FetchSimSettings

extension CommandParser {
    /// `table [table|collection]`
    static func parseTable(_ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else { return .table(nil) }
        guard token.isWord, let style = TableViewStyle(rawValue: token.text) else {
            let names = TableViewStyle.allCases.map(\.rawValue)
            let hint =
                Suggestion.closest(to: token.text, among: names).map { "'\($0)'" } ?? names.joined(separator: ", ")
            throw s.error(.expectedGot("a view (\(hint))", got: token.text), at: token.start)
        }
        try s.expectCommandEnd(hint: "'table' takes one word: table or collection")
        return .table(style)
    }
}
