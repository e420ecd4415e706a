import FetchSimSettings

extension CommandParser {
    /// The clause keywords of `fetch`, in the order the syntax lists them.
    enum FetchClause: String, CaseIterable {
        case `where`, sort, section, index, limit, offset, reorder
        case `as`, share

        static let expectation = "'where', 'sort', 'section', 'index', 'limit', 'offset', 'reorder', 'as' or 'share'"

        /// Whether a clause keyword at this point ends a predicate: it must be followed by what the
        /// clause needs (a name or a number) or by the end of the command. So `where index > 2`
        /// and `where limit == 3` keep their attribute names.
        func endsPredicate(followedBy next: Unicode.Scalar?) -> Bool {
            guard let next, next != ";" else { return self != .where }
            switch self {
            case .where: return false
            case .sort, .section, .index, .reorder, .as, .share: return LineScanner.isIdentifierStart(next)
            case .limit, .offset: return ("0"..."9").contains(next)
            }
        }
    }

    /// `fetch Entity [where PREDICATE] [sort KEY [asc|desc], …] [section KEY] [index KEY] [limit N] [offset N] [reorder S]`,
    /// clauses in any order, each at most once.
    static func parseFetch(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var spec = Command.FetchSpec(entity: try s.requireIdentifier("an entity name", after: keyword, as: .entity))
        var seen: Set<FetchClause> = []
        while true {
            s.skipSpaces()
            if s.isAtSegmentEnd { break }
            let start = s.position
            let word = s.rawWord()
            let token = LineScanner.Token(kind: .word, text: word, start: start)
            guard let clause = FetchClause(rawValue: word) else {
                throw s.error(.expectedGot(FetchClause.expectation, got: word), at: start)
            }
            guard seen.insert(clause).inserted else { throw s.error(.duplicate(word), at: start) }
            switch clause {
            case .where: spec.predicate = try s.predicate(after: token)
            case .sort: spec.sort = try s.sortKeys(after: token)
            case .section: spec.sectionKey = try s.requireKeyPath(after: token, as: .sectionKey)
            case .index: spec.indexKey = try s.requireIdentifier("an attribute name", after: token, as: .indexKey)
            case .limit: spec.limit = try s.requireCount(after: token)
            case .offset: spec.offset = try s.requireCount(after: token)
            case .reorder: spec.reorder = try parseStrategy(token, &s, as: .strategy)
            case .as: spec.name = try s.requireIdentifier("a controller name", after: token, as: .controller)
            case .share:
                spec.sharesTableOf = try s.requireIdentifier("a controller name", after: token, as: .sharedTable)
            }
        }
        return .fetch(spec)
    }
}

extension LineScanner {
    /// Reads predicate text up to the next clause keyword or `;` outside quotes (`'…'` or `"…"`,
    /// with backslash escapes), without parsing it.
    mutating func predicate(after keyword: Token) throws(CommandError) -> Command.PredicateText {
        skipSpaces()
        let start = position
        var end = position
        var quote: (scalar: Unicode.Scalar, start: Int)?
        var i = position
        scan: while i < scalars.count {
            let scalar = scalars[i]
            if let open = quote {
                if scalar == "\\" {
                    i += 2
                } else {
                    if scalar == open.scalar { quote = nil }
                    i += 1
                }
                end = min(i, scalars.count)
                continue
            }
            switch scalar {
            case "\"", "'":
                quote = (scalar, i)
            case ";":
                break scan
            case _ where Self.isSpace(scalar):
                i += 1
                continue scan
            default:
                if i == start || Self.isSpace(scalars[i - 1]), clauseStarts(at: i) { break scan }
            }
            i += 1
            end = i
        }
        if let open = quote { throw error(.unterminatedString, at: open.start) }
        position = min(i, scalars.count)
        guard end > start else { throw error(.expected("a predicate", after: keyword.text), at: keyword.start) }
        return Command.PredicateText(text(start..<end), column: column(start))
    }

    /// Whether a `fetch` clause keyword that ends a predicate starts at `offset`.
    private func clauseStarts(at offset: Int) -> Bool {
        var i = offset
        while i < scalars.count, i - offset < 8, ("a"..."z").contains(scalars[i]) { i += 1 }
        guard i - offset >= 2, i - offset <= 7,
            let clause = CommandParser.FetchClause(rawValue: text(offset..<i))
        else { return false }
        guard i == scalars.count || Self.isSpace(scalars[i]) || scalars[i] == ";" else { return false }
        while i < scalars.count, Self.isSpace(scalars[i]) { i += 1 }
        return clause.endsPredicate(followedBy: i < scalars.count ? scalars[i] : nil)
    }

    /// Reads `KEY [asc|desc], …` after `sort`.
    mutating func sortKeys(after keyword: Token) throws(CommandError) -> [Command.SortKey] {
        var keys: [Command.SortKey] = []
        var previous = keyword
        while true {
            skipSpaces()
            let start = position
            // `@` only right after a dot: the `@count` that ends a key path (`notes.@count`).
            while position < scalars.count,
                Self.isIdentifierScalar(scalars[position])
                    || (scalars[position] == "." && position + 1 < scalars.count
                        && (Self.isIdentifierStart(scalars[position + 1]) || scalars[position + 1] == "@"))
                    || (scalars[position] == "@" && position > start && scalars[position - 1] == ".")
            {
                position += 1
            }
            let key = text(start..<position)
            let atBoundary =
                position == scalars.count || scalars[position] == "," || scalars[position] == ";"
                || Self.isSpace(scalars[position])
            guard Self.isKeyPath(key), atBoundary else {
                position = start
                guard !isAtSegmentEnd else {
                    throw error(.expected("an attribute name", after: previous.text), at: previous.start)
                }
                let raw = rawWord(at: start)
                let got = raw.hasPrefix(",") ? "," : String(raw.prefix { $0 != "," })
                throw error(.expectedGot("an attribute name", got: got), at: start)
            }
            mark(.sortKey(keys.count), at: start)
            var sortKey = Command.SortKey(key)
            skipSpaces()
            let directionStart = position
            while position < scalars.count, ("a"..."z").contains(scalars[position]) { position += 1 }
            let direction = text(directionStart..<position)
            let directionEnds =
                position == scalars.count || scalars[position] == "," || scalars[position] == ";"
                || Self.isSpace(scalars[position])
            if direction == "asc" || direction == "desc", directionEnds {
                sortKey.ascending = direction == "asc"
                skipSpaces()
            } else {
                position = directionStart
            }
            // An NSString comparison selector, named as in NSSortDescriptor(key:ascending:selector:).
            let selectorStart = position
            while position < scalars.count, Self.isIdentifierScalar(scalars[position]) { position += 1 }
            let selectorEnds =
                position == scalars.count || scalars[position] == "," || scalars[position] == ";"
                || Self.isSpace(scalars[position])
            if let selector = SortSelector(rawValue: text(selectorStart..<position)), selector != .compare, selectorEnds
            {
                sortKey.selector = selector
                skipSpaces()
            } else {
                position = selectorStart
            }
            keys.append(sortKey)
            guard current == "," else { return keys }
            previous = Token(kind: .word, text: ",", start: position)
            position += 1
        }
    }
}
