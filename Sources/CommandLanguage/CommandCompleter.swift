import Adapters
import ObjectGraph

/// Tab completion for the command language, as a pure function of the line and a context.
///
/// It completes command names at the start of a command, then what fits where the cursor is:
/// entity names, `key=` for attributes, fetch clauses and sort directions, adapter names,
/// options and their values, profile names and the arguments of `show`, `dump`, `help`,
/// `move` and `record`. Nothing is offered inside a quoted string.
package struct CommandCompleter: Hashable, Sendable {
    package var context: CompletionContext

    package init(context: CompletionContext = CompletionContext()) {
        self.context = context
    }

    /// The replacements for `word`, sorted.
    ///
    /// - Parameters:
    ///   - line: the line up to the cursor.
    ///   - word: the end of `line` being completed; it may be shorter than the current
    ///     whitespace-separated token (readline also breaks words at `=`, `:`, `,` and `;`):
    ///     then each completion replaces only `word`.
    /// - Returns: the replacements, sorted; empty when nothing completes.
    package func completions(line: String, word: String) -> [String] {
        guard let (words, current, isAfterSemicolon) = Self.split(line) else { return [] }
        let candidates = candidates(words: words, current: current, isAfterSemicolon: isAfterSemicolon)
        let matching = Set(candidates.filter { $0.hasPrefix(current) })
        guard current.hasSuffix(word) else { return matching.sorted() }
        let replacedPrefix = current.dropLast(word.count).count
        return Set(matching.map { String($0.dropFirst(replacedPrefix)) }).sorted()
    }

    private func candidates(words: [String], current: String, isAfterSemicolon: Bool) -> [String] {
        guard let first = words.first else {
            let names = Command.Name.allKeywords
            return isAfterSemicolon ? names.filter { Command.Name(keyword: $0)?.isEdit == true } : names
        }
        let argumentIndex = words.count  // the position of `current` among the arguments, 1-based
        switch Command.Name(keyword: first) {
        case .entity?:
            guard argumentIndex >= 2, let colon = current.firstIndex(of: ":") else { return [] }
            let name = current[..<colon]
            return AttributeType.dataTypes.map(\.rawValue).flatMap { ["\(name):\($0)", "\(name):\($0)?"] }
        case .fetch?:
            return argumentIndex == 1 ? entityNames : fetchCandidates(words: words, current: current)
        case .insert?:
            guard argumentIndex >= 2 else { return entityNames }
            return assignmentCandidates(entity: words[1], words: words, current: current)
        case .set?:
            guard argumentIndex >= 2 else { return [] }
            return assignmentCandidates(entity: context.fetchedEntity, words: words, current: current)
        case .move?:
            return words.contains("--unflagged") ? [] : ["--unflagged"]
        case .adapter?:
            // `adapter moves=…` without a name changes the current adapter's options.
            return argumentIndex == 1 && !current.contains("=")
                ? context.adapterNames + adapterOptionCandidates(words: words, current: current)
                : adapterOptionCandidates(words: words, current: current)
        case .profile?:
            return argumentIndex == 1 ? context.profileNames : []
        case .reorder?:
            return argumentIndex == 1 ? ReorderStrategy.allCases.map(\.rawValue) : []
        case .cache?:
            return argumentIndex == 1 ? ["off", "delete"] : []
        case .indexTitles?:
            return argumentIndex == 1 ? SectionIndexTitleStyle.allCases.map(\.rawValue) : []
        case .show?:
            return argumentIndex == 1
                ? Command.ShowTarget.keywords + (0..<max(0, context.sectionCount)).map(String.init) : []
        case .dump?:
            return argumentIndex == 1 ? ["objects"] : []
        case .help?:
            return argumentIndex == 1 ? Command.Name.allKeywords : []
        case .record?:
            return argumentIndex == 1 ? ["stop"] : []
        case .export?:
            return argumentIndex == 1 ? ["csv", "html"] : []
        case .use?:
            return argumentIndex == 1 ? ["context"] : []
        case .close?:
            return argumentIndex == 1 ? ["--leave-delegate"] : []
        case .context?:
            return argumentIndex == 2 ? Command.MergeMode.allCases.map { "merge=\($0)" } : []
        case .batch?:
            let verb = words.firstIndex { $0 == "set" || $0 == "delete" }
            guard let verb else { return ["--merge", "set", "delete"] }
            if argumentIndex == verb + 1 { return entityNames }
            if words.contains("where") { return [] }
            return words[verb] == "delete"
                ? ["where"]
                : assignmentCandidates(entity: words[verb + 1], words: words, current: current) + ["where"]
        case .table?:
            return argumentIndex == 1 ? TableViewStyle.allCases.map(\.rawValue) : []
        default:
            return []
        }
    }

    private var entityNames: [String] { context.entities.map(\.name) }

    private func assignmentCandidates(entity: String?, words: [String], current: String) -> [String] {
        if let equals = current.firstIndex(of: "=") {
            let key = String(current[..<equals])
            let values = context.entity(entity, having: key)?.values(for: key) ?? []
            return values.map { current[...equals] + $0 }
        }
        let assigned = Set(words.dropFirst(2).compactMap { $0.split(separator: "=").first.map(String.init) })
        return context.attributes(of: entity).filter { !assigned.contains($0) }.map { $0 + "=" }
    }

    private func adapterOptionCandidates(words: [String], current: String) -> [String] {
        if let equals = current.firstIndex(of: "=") {
            let key = String(current[..<equals])
            return (context.adapterOptions[key] ?? []).map { "\(key)=\($0)" }
        }
        let used = Set(words.dropFirst(1).compactMap { $0.split(separator: "=").first.map(String.init) })
        return context.adapterOptions.keys.filter { !used.contains($0) }.map { $0 + "=" }
    }

    private func fetchCandidates(words: [String], current: String) -> [String] {
        let clauses = CommandParser.FetchClause.allCases.map(\.rawValue)
        let attributes = context.attributes(of: words[1])
        var used: Set<String> = []
        var clause: String?
        for word in words.dropFirst(2) where clauses.contains(word) {
            used.insert(word)
            clause = word
        }
        let unusedClauses = clauses.filter { !used.contains($0) }
        guard let clause, let last = words.last else { return unusedClauses }
        if let comma = current.lastIndex(of: ",") {
            return clause == "sort" ? attributes.map { current[...comma] + $0 } : []
        }
        switch clause {
        case "sort":
            if last == "sort" || last.hasSuffix(",") { return attributes }
            if last == "asc" || last == "desc" { return unusedClauses }
            return ["asc", "desc"] + unusedClauses
        case "section":
            return last == clause ? attributes : unusedClauses
        case "index":
            // The attribute a drag renumbers: an int.
            return last == clause ? context.attributes(of: words[1], types: [.int]) : unusedClauses
        case "limit", "offset":
            return last == clause ? [] : unusedClauses
        case "reorder":
            return last == clause ? ReorderStrategy.allCases.map(\.rawValue) : unusedClauses
        default:
            return attributes + unusedClauses
        }
    }

    /// The file name being typed when the cursor is at the file argument of `record`, `read`,
    /// `import csv`, `export csv` or `export html` (unquoted), else nil: the caller lists the files (this type
    /// does no I/O).
    package static func fileArgument(line: String) -> String? {
        guard let (words, current, _) = split(line), let first = words.first, !current.hasPrefix("\"") else {
            return nil
        }
        switch first {
        case "record", "read": return words.count == 1 ? current : nil
        case "import": return words.count == 2 && (words[1] == "csv" || words[1] == "coredata") ? current : nil
        case "export": return words.count == 2 && (words[1] == "csv" || words[1] == "html") ? current : nil
        default: return nil
        }
    }

    /// The finished words of the command under the cursor, the word being typed, and whether a
    /// `;` came before the command; `nil` inside an unterminated quoted string.
    static func split(_ line: String) -> (words: [String], current: String, isAfterSemicolon: Bool)? {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var isEscaped = false
        var isAfterSemicolon = false
        for character in line {
            if let open = quote {
                current.append(character)
                if isEscaped {
                    isEscaped = false
                } else if character == "\\" {
                    isEscaped = true
                } else if character == open {
                    quote = nil
                }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                current.append(character)
            case ";":
                words = []
                current = ""
                isAfterSemicolon = true
            case _ where character.isWhitespace:
                if !current.isEmpty { words.append(current) }
                current = ""
            default:
                current.append(character)
            }
        }
        // Inside quotes nothing is offered, except a string value being typed after `key=`.
        if quote != nil, !Self.isStartedStringValue(current) { return nil }
        return (words, current, isAfterSemicolon)
    }

    /// Whether `word` is `key="…` (an unterminated string after an attribute name).
    private static func isStartedStringValue(_ word: String) -> Bool {
        guard let equals = word.firstIndex(of: "="), word[word.index(after: equals)...].hasPrefix("\"") else {
            return false
        }
        let key = word[..<equals]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
