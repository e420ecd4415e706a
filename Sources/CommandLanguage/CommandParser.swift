import FetchSimCore

/// Parses lines of the command language into `Command` values.
///
/// A line holds one command, or several edits (insert, set, delete, move) separated by `;` that
/// form one change event. A blank line, or one whose first non-blank character is `#`, holds none.
package enum CommandParser {
    /// The commands on `line`, in order.
    ///
    /// - Throws: `CommandError` naming the first offending token and its column.
    /// - Complexity: O(n) in the length of the line.
    package static func parseLine(_ line: String) throws(CommandError) -> [Command] {
        try parse(line).map(\.command)
    }

    /// Commands of other shells that users type from habit — sqlite3's dot commands, psql's
    /// backslash commands — and the FetchSim command each stands for.
    package static let foreignCommands: [String: String] = [
        ".tables": "show schema", ".schema": "show schema", "\\d": "show schema", "\\dt": "show schema",
        ".quit": "quit", ".exit": "quit", "\\q": "quit",
        ".help": "help", "\\?": "help", "\\h": "help",
        ".read": "read", "\\i": "read", ".mode": "mode",
    ]

    /// `line` with a foreign command at its start replaced by FetchSim's (`.read x` → `read x`);
    /// nil when it starts with none. Only the first word is replaced, so columns after it move
    /// by the difference in length.
    static func translatingForeignCommand(_ line: String) -> String? {
        let trimmed = line.drop { $0 == " " }
        let word = trimmed.prefix { $0 != " " }
        guard let first = word.first, first == "." || first == "\\", let command = foreignCommands[String(word)] else {
            return nil
        }
        return command + trimmed.dropFirst(word.count)
    }

    /// The commands on `line`, in order, each with the positions of its parts, so that the
    /// interpreter's errors can name a column without searching the line.
    ///
    /// - Throws: `CommandError` naming the first offending token and its column.
    /// - Complexity: O(n) in the length of the line.
    package static func parse(_ line: String) throws(CommandError) -> [ParsedCommand] {
        if let translated = translatingForeignCommand(line) { return try parse(translated) }
        var scanner = LineScanner(line)
        try scanner.rejectControlCharacters()
        scanner.skipSpaces()
        if scanner.current == "#" { return [] }

        var commands: [ParsedCommand] = []
        commands.reserveCapacity(4)  // an edits line holds a few: no regrowth at 2 and 4
        var firstNonEdit: (name: Command.Name, start: Int)?
        while true {
            scanner.skipSpaces()
            guard let next = scanner.current else { break }
            if next == ";" {
                scanner.position += 1
                continue
            }
            guard let keyword = try scanner.token() else { break }
            let name = try commandName(keyword, scanner)
            if !name.isEdit, firstNonEdit == nil { firstNonEdit = (name, keyword.start) }
            if !commands.isEmpty, let blocker = firstNonEdit {
                throw scanner.error(.cannotCombine(blocker.name), at: blocker.start)
            }
            let command = try parseCommand(name, keyword: keyword, &scanner)
            commands.append(ParsedCommand(command, positions: TokenPositions(line: line, commandStart: keyword.start)))
            try scanner.expectCommandEnd()
        }
        return commands
    }

    /// The scalar offset in `line` where the part `slot` of the command whose keyword starts at
    /// scalar offset `start` starts: the command parsed again from its keyword, as `parse` read
    /// it, recording positions. Nil when the command has no such part.
    static func offset(of slot: TokenPositions.Slot, inCommandAt start: Int, of line: String) -> Int? {
        var scanner = LineScanner(line)
        scanner.position = start
        guard let keyword = try? scanner.token(), let name = try? commandName(keyword, scanner) else { return nil }
        scanner.positions = PositionRecorder()
        guard (try? parseCommand(name, keyword: keyword, &scanner)) != nil else { return nil }
        return scanner.positions?.offset(of: slot)
    }

    static func commandName(_ token: LineScanner.Token, _ scanner: LineScanner) throws(CommandError) -> Command.Name {
        guard token.isWord else {
            throw scanner.error(.expectedGot("a command", got: token.text), at: token.start)
        }
        guard let name = Command.Name(keyword: token.text) else {
            let suggestion = Suggestion.closest(to: token.text, among: Command.Name.allKeywords)
            throw scanner.error(.unknownCommand(token.text, suggestion: suggestion), at: token.start)
        }
        return name
    }

    private static func parseCommand(
        _ name: Command.Name, keyword: LineScanner.Token, _ s: inout LineScanner
    ) throws(CommandError) -> Command {
        switch name {
        case .entity: return try parseEntity(keyword, &s)
        case .fetch: return try parseFetch(keyword, &s)
        case .insert: return try parseInsert(keyword, &s)
        case .set: return try parseSet(keyword, &s)
        case .delete: return try parseDelete(keyword, &s)
        case .refresh: return try parseRefresh(keyword, &s)
        case .obtainPermanentIDs:
            guard case .delete(let references) = try parseDelete(keyword, &s) else { return .obtainPermanentIDs([]) }
            return .obtainPermanentIDs(references)
        case .indexTitles: return try parseIndexTitles(keyword, &s)
        case .cache: return try parseCache(keyword, &s)
        case .batchSize:
            var probe = s
            guard try probe.token() != nil else { return .batchSize(nil) }
            let size = try s.requireCount(after: keyword)
            try s.expectCommandEnd(hint: "'batch-size' takes one number")
            return .batchSize(size)
        case .move: return try parseMove(keyword, &s)
        case .adapter: return try parseAdapter(keyword, &s)
        case .profile: return try parseProfile(keyword, &s)
        case .reorder: return try parseReorder(keyword, &s)
        case .show: return try parseShow(&s)
        case .scroll: return try parseScroll(keyword, &s)
        case .dump: return try parseDump(&s)
        case .help: return try parseHelp(&s)
        case .record: return try parseRecord(keyword, &s)
        case .read: return .read(path: try parsePath(keyword, &s, expecting: "a file name"))
        case .timing: return .timing(try parseSwitch(&s))
        case .pager: return .pager(try parseSwitch(&s))
        case .mode: return try parseMode(&s)
        case .export: return try parseCSVTransfer(keyword, isImport: false, &s)
        case .import: return try parseCSVTransfer(keyword, isImport: true, &s)
        case .use: return try parseUse(keyword, &s)
        case .close: return try parseClose(keyword, &s)
        case .context: return try parseContext(keyword, &s)
        case .batch: return try parseBatch(keyword, &s)
        case .table: return try parseTable(&s)
        case .begin, .commit, .abort, .save, .rollback, .undo, .redo, .log, .check, .stats, .sheet, .quit, .refetch:
            try s.expectCommandEnd(hint: "'\(keyword.text)' takes no arguments")
            return bareCommand(name)
        }
    }

    private static func bareCommand(_ name: Command.Name) -> Command {
        switch name {
        case .begin: .begin
        case .commit: .commit
        case .abort: .abort
        case .save: .save
        case .rollback: .rollback
        case .undo: .undo
        case .redo: .redo
        case .log: .log
        case .check: .check
        case .stats: .stats
        case .sheet: .sheet
        case .quit: .quit
        case .refetch: .refetch
        default: preconditionFailure("'\(name)' takes arguments; parse it with its own function")
        }
    }
}

extension LineScanner {
    /// Reads a name (entity or attribute) after `previous`, or throws naming what is missing.
    /// `slot`: the part of the command the name is, recorded in `positions`.
    mutating func requireIdentifier(_ what: String, after previous: Token, as slot: TokenPositions.Slot? = nil)
        throws(CommandError) -> String
    {
        guard let token = try token() else {
            throw error(.expected(what, after: previous.text), at: previous.start)
        }
        guard token.isWord, Self.isIdentifier(token.text) else {
            throw error(.expectedGot(what, got: token.text), at: token.start)
        }
        if let slot { mark(slot, at: token.start) }
        return token.text
    }

    /// Reads a non-negative integer after `previous`.
    mutating func requireCount(after previous: Token) throws(CommandError) -> Int {
        guard let token = try token() else {
            throw error(.expected("a number", after: previous.text), at: previous.start)
        }
        guard token.isWord, token.text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw error(
                .expectedGot("a non-negative integer after '\(previous.text)'", got: token.text), at: token.start)
        }
        guard let value = Int(token.text) else { throw error(.numberOutOfRange(token.text), at: token.start) }
        return value
    }
}
