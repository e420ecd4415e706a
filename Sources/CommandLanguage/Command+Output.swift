import FetchSimCore

extension Command {
    /// How `show` and `dump objects` print (sqlite3's `.mode`).
    package enum OutputMode: String, CaseIterable, Hashable, Sendable {
        /// The spreadsheet: sections, marks, the viewport's cells (the default).
        case sheet
        /// Comma-separated values with a header row (RFC 4180 quoting).
        case csv
        /// One JSON object per row, one per line.
        case json
        /// A grid drawn with box characters.
        case box
    }
}

extension CommandParser {
    /// `mode [sheet|csv|json|box]`.
    static func parseMode(_ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else { return .mode(nil) }
        guard token.isWord, let mode = Command.OutputMode(rawValue: token.text) else {
            let names = Command.OutputMode.allCases.map(\.rawValue)
            let hint =
                Suggestion.closest(to: token.text, among: names).map { "'\($0)'" } ?? names.joined(separator: ", ")
            throw s.error(.expectedGot("an output mode (\(hint))", got: token.text), at: token.start)
        }
        return .mode(mode)
    }

    /// `export csv FILE [where PREDICATE]`, `import csv FILE ENTITY` and `import coredata FILE`: FILE quoted, or a word.
    static func parseCSVTransfer(_ keyword: LineScanner.Token, isImport: Bool, _ s: inout LineScanner)
        throws(CommandError) -> Command
    {
        let formats = isImport ? "'csv' or 'coredata'" : "'csv' or 'html'"
        guard let format = try s.token() else {
            throw s.error(.expected(formats, after: keyword.text), at: keyword.start)
        }
        let isPage = !isImport && format.isWord && format.text == "html"
        guard format.isWord, format.text == "csv" || isPage || (isImport && format.text == "coredata") else {
            throw s.error(.expectedGot(formats, got: format.text), at: format.start)
        }
        s.skipSpaces()
        guard !s.isAtSegmentEnd else { throw s.error(.expected("a file name", after: format.text), at: format.start) }
        let path: String
        if s.current == "\"", let token = try s.token(), case .string(let quoted) = token.kind {
            path = quoted
        } else {
            path = s.rawWord()
        }
        if isPage {
            if let extra = try s.token() {
                throw s.error(
                    .unexpected(extra.text, hint: "'export html' takes one file name (quote a name with spaces)"),
                    at: extra.start)
            }
            return .exportHTML(path: path)
        }
        if format.text == "coredata" { return .importCoreData(path: path) }
        if isImport {
            guard let entity = try s.token() else {
                throw s.error(.expected("an entity name", after: path), at: format.start)
            }
            guard entity.isWord else {
                throw s.error(.expectedGot("an entity name", got: entity.text), at: entity.start)
            }
            s.mark(.entity, at: entity.start)
            return .importCSV(path: path, entity: entity.text)
        }
        guard let clause = try s.token() else { return .exportCSV(path: path, predicate: nil) }
        guard clause.isWord, clause.text == "where" else {
            throw s.error(.expectedGot("'where'", got: clause.text), at: clause.start)
        }
        return .exportCSV(path: path, predicate: try s.predicate(after: clause))
    }
}
