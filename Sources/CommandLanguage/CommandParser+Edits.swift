import FetchSimCore
import ObjectGraph

extension CommandParser {
    static let referenceExpectation = "an index path like 0.2 or an object id like #7"
    static let indexPathExpectation = "an index path like 0.2"

    /// `insert Entity key=value … [at S.R]`
    static func parseInsert(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        let entity = try s.requireIdentifier("an entity name", after: keyword, as: .entity)
        var assignments: [Command.Assignment] = []
        assignments.reserveCapacity(4)  // a line's insert or set names a few keys: no regrowth at 2
        var keys = AssignmentKeys()
        while s.isBeforeToken() {
            // Only a bare `at` is read ahead (a token read and dropped per key cost a string).
            if s.isAtWord("at"), let token = try s.peek() {
                // `at` followed by anything but `=` places the object: `at S.R` ends the command.
                var afterAt = s
                _ = try afterAt.token()
                if let next = try afterAt.token(), next.kind != .equals {
                    guard case .indexPath(let path) = try objectRef(next, afterAt, expecting: indexPathExpectation)
                    else {
                        throw s.error(.expectedGot(indexPathExpectation, got: next.text), at: next.start)
                    }
                    s = afterAt
                    s.mark(.path, at: next.start)
                    try s.expectCommandEnd(hint: "'at S.R' ends an insert")
                    return .insert(entity: entity, assignments: assignments, at: path)
                } else if afterAt.isAtSegmentEnd {
                    throw s.error(.expected(indexPathExpectation, after: "at"), at: token.start)
                }
            }
            assignments.append(try parseAssignment(&s, keys: &keys, after: assignments))
        }
        return .insert(entity: entity, assignments: assignments)
    }

    /// `set REF key=value …` (at least one assignment).
    static func parseSet(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else {
            throw s.error(.expected(referenceExpectation, after: keyword.text), at: keyword.start)
        }
        let reference = try objectRef(token, s)
        s.mark(.reference(0), at: token.start)
        let assignments = try parseAssignments(&s)
        guard !assignments.isEmpty else {
            throw s.error(.expected("key=value", after: token.text), at: token.start)
        }
        return .set(reference, assignments: assignments)
    }

    /// `delete REF …` (at least one reference).
    static func parseDelete(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var references: [Command.ObjectRef] = []
        while let token = try s.token() {
            s.mark(.reference(references.count), at: token.start)
            references.append(try objectRef(token, s))
        }
        guard !references.isEmpty else {
            throw s.error(.expected(referenceExpectation, after: keyword.text), at: keyword.start)
        }
        return .delete(references)
    }

    /// `refresh REF …` (at least one reference).
    static func parseRefresh(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        guard case .delete(let references) = try parseDelete(keyword, &s) else { return .refresh([]) }
        return .refresh(references)
    }

    /// `move [--unflagged] S.R [to] S.R`
    static func parseMove(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var paths: [IndexPath] = []
        var isFlagged = true
        var sawTo = false
        var last = keyword
        while let token = try s.token() {
            if token.isWord, token.text.hasPrefix("--") {
                guard token.text == "--unflagged" else {
                    let suggestion = Suggestion.closest(to: token.text, among: ["--unflagged"])
                    throw s.error(
                        .unknownOption(token.text, suggestion: suggestion, options: ["--unflagged"]), at: token.start)
                }
                isFlagged = false
            } else if token.isWord, token.text == "to", paths.count == 1, !sawTo {
                // `move 0.1 to 0.3`, as people say it: one optional word between the two paths.
                sawTo = true
            } else {
                guard paths.count < 2 else {
                    throw s.error(.unexpected(token.text, hint: "'move' takes two index paths"), at: token.start)
                }
                guard case .indexPath(let path) = try objectRef(token, s, expecting: indexPathExpectation) else {
                    throw s.error(.expectedGot(indexPathExpectation, got: token.text), at: token.start)
                }
                s.mark(paths.isEmpty ? .from : .to, at: token.start)
                paths.append(path)
            }
            last = token
        }
        guard paths.count == 2 else {
            throw s.error(.expected(indexPathExpectation, after: last.text), at: last.start)
        }
        return .move(from: paths[0], to: paths[1], setsUserDrivenFlag: isFlagged)
    }

    /// `scroll S.R`
    static func parseScroll(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else {
            throw s.error(.expected(indexPathExpectation, after: keyword.text), at: keyword.start)
        }
        guard case .indexPath(let path) = try objectRef(token, s, expecting: indexPathExpectation) else {
            throw s.error(.expectedGot(indexPathExpectation, got: token.text), at: token.start)
        }
        s.mark(.path, at: token.start)
        try s.expectCommandEnd(hint: "'scroll' takes one index path")
        return .scroll(path)
    }

    /// `key=value …` up to the end of the command; a key may not repeat.
    static func parseAssignments(_ s: inout LineScanner) throws(CommandError) -> [Command.Assignment] {
        var assignments: [Command.Assignment] = []
        assignments.reserveCapacity(4)  // a line's insert or set names a few keys: no regrowth at 2
        var keys = AssignmentKeys()
        while s.isBeforeToken() {
            assignments.append(try parseAssignment(&s, keys: &keys, after: assignments))
        }
        return assignments
    }

    /// One `key=value` of a command, after its `assignments` so far; the key may not be one of
    /// theirs (`keys` remembers it).
    static func parseAssignment(
        _ s: inout LineScanner, keys: inout AssignmentKeys, after assignments: [Command.Assignment]
    ) throws(CommandError) -> Command.Assignment {
        let index = assignments.count
        guard let key = try s.token() else {
            throw s.error(.expected("key=value", after: "the entity"), at: s.position)
        }
        guard key.isWord, s.isIdentifier(endingHere: key) else {
            throw s.error(.expectedGot("an attribute name", got: key.text), at: key.start)
        }
        guard let equals = try s.token(), equals.kind == .equals else {
            throw s.error(.expected("'='", after: key.text), at: key.start)
        }
        guard let valueToken = try s.token() else {
            throw s.error(.expected("a value", after: key.text + equals.text), at: key.start)
        }
        // A `[` starts a to-many value (`[#3, #4]`); read from the line's scalars, not the token's text.
        let value =
            valueToken.isWord && s.scalars[valueToken.start] == "["
            ? try s.objectList(startingWith: valueToken) : try s.value(endingHere: valueToken)
        guard keys.insert(key.text, after: assignments) else { throw s.error(.duplicate(key.text), at: key.start) }
        s.mark(.key(index), at: key.start)
        s.mark(.value(index), at: valueToken.start)
        return .init(key.text, value)
    }

    /// `#7` or `0.2`.
    static func objectRef(
        _ token: LineScanner.Token, _ s: LineScanner, expecting expectation: String = referenceExpectation
    ) throws(CommandError) -> Command.ObjectRef {
        let text = token.text
        guard token.isWord else { throw s.error(.expectedGot(expectation, got: text), at: token.start) }
        // Read from the UTF-8 bytes in place: `#` then digits, or digits `.` digits (a `#` or
        // `.` followed by a combining mark is another character and so is no reference).
        let reference = DigitRun.Reference(text.utf8.span)
        switch reference {
        case .id(.value(let raw)):
            return .id(ObjectID(raw))
        case .id(.tooLarge):
            throw s.error(.numberOutOfRange(text), at: token.start)
        case .path(.value(let section), .value(let row)):
            return .indexPath(IndexPath(row: row, section: section))
        case .path(.value, .tooLarge), .path(.tooLarge, .value), .path(.tooLarge, .tooLarge):
            throw s.error(.numberOutOfRange(text), at: token.start)
        default:
            throw s.error(.expectedGot(expectation, got: text), at: token.start)
        }
    }
}
