import FetchSimCore

extension CommandParser {
    /// `use NAME` or `use context NAME`.
    static func parseUse(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else {
            throw s.error(.expected("a controller name or 'context NAME'", after: keyword.text), at: keyword.start)
        }
        guard token.isWord, LineScanner.isIdentifier(token.text) else {
            throw s.error(.expectedGot("a controller name or 'context NAME'", got: token.text), at: token.start)
        }
        guard token.text == "context" else {
            s.mark(.argument, at: token.start)
            return .use(.controller(token.text))
        }
        return .use(.context(try s.requireIdentifier("a context name", after: token, as: .argument)))
    }

    /// `close [--leave-delegate] NAME`.
    static func parseClose(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var leaves = false
        var name: String?
        while let token = try s.token() {
            if token.isWord, token.text.hasPrefix("--") {
                guard token.text == "--leave-delegate" else {
                    let suggestion = Suggestion.closest(to: token.text, among: ["--leave-delegate"])
                    throw s.error(
                        .unknownOption(token.text, suggestion: suggestion, options: ["--leave-delegate"]),
                        at: token.start)
                }
                leaves = true
            } else {
                guard name == nil else {
                    throw s.error(.unexpected(token.text, hint: "'close' takes one controller name"), at: token.start)
                }
                guard token.isWord, LineScanner.isIdentifier(token.text) else {
                    throw s.error(.expectedGot("a controller name", got: token.text), at: token.start)
                }
                name = token.text
                s.mark(.argument, at: token.start)
            }
        }
        guard let name else { throw s.error(.expected("a controller name", after: keyword.text), at: keyword.start) }
        return .close(name: name, leavesDelegate: leaves)
    }

    /// `context [NAME [merge=auto|ios9|off]]`.
    static func parseContext(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        s.skipSpaces()
        if s.isAtSegmentEnd { return .context(name: nil, merge: nil) }
        let name = try s.requireIdentifier("a context name", after: keyword, as: .argument)
        s.skipSpaces()
        if s.isAtSegmentEnd { return .context(name: name, merge: nil) }
        let start = s.position
        let word = s.rawWord()
        let options = Command.MergeMode.allCases.map { "merge=\($0)" }
        guard word.hasPrefix("merge="), let mode = Command.MergeMode(rawValue: String(word.dropFirst(6))) else {
            throw s.error(.expectedGot(options.map { "'\($0)'" }.joined(separator: ", "), got: word), at: start)
        }
        return .context(name: name, merge: mode)
    }

    /// `batch [--merge] set ENTITY KEY=VALUE … [where PREDICATE]` or `batch [--merge] delete ENTITY [where PREDICATE]`.
    static func parseBatch(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var merges = false
        var verbToken = keyword
        var verb = ""
        while let token = try s.token() {
            if token.isWord, token.text == "--merge", !merges {
                merges = true
                continue
            }
            guard token.isWord, token.text == "set" || token.text == "delete" else {
                throw s.error(.expectedGot("'set' or 'delete'", got: token.text), at: token.start)
            }
            verbToken = token
            verb = token.text
            break
        }
        guard !verb.isEmpty else {
            throw s.error(.expected("'set' or 'delete'", after: keyword.text), at: keyword.start)
        }
        let entity = try s.requireIdentifier("an entity name", after: verbToken, as: .entity)
        var assignments: [Command.Assignment] = []
        var keys = AssignmentKeys()
        var predicate: Command.PredicateText?
        while true {
            s.skipSpaces()
            if s.isAtSegmentEnd { break }
            let start = s.position
            if let token = try s.peek(), token.isWord, token.text == "where" {
                _ = try s.token()
                predicate = try s.predicate(after: token)
                break
            }
            guard verb == "set" else {
                throw s.error(.expectedGot("'where'", got: s.rawWord(at: start)), at: start)
            }
            assignments.append(try parseAssignment(&s, keys: &keys, after: assignments))
        }
        if verb == "set", assignments.isEmpty {
            throw s.error(.expected("key=value", after: entity), at: verbToken.start)
        }
        return .batch(
            Command.BatchSpec(
                entity: entity, assignments: verb == "set" ? assignments : nil,
                predicate: predicate, merges: merges))
    }
}
