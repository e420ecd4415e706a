import FetchSimSettings
import ObjectGraph

/// Tab completion for the command language, as a pure function of the line and a context.
///
/// It completes command names at the start of a command, then what the command's `CommandSpec`
/// expects where the cursor is: its literal words (subcommands, flags, clause keywords), and for
/// a value the names of its kind — entity names, `key=` for attributes and their values, sort
/// directions, adapter names and options, profile names. Nothing is offered inside a quoted
/// string.
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
        guard let name = Command.Name(keyword: first) else { return [] }
        let arguments = Array(words.dropFirst())
        return CommandSpec.spec(for: name).expectations(after: arguments).flatMap { expectation in
            candidates(for: expectation, arguments: arguments, current: current)
        }
    }

    /// What the spec expects next, as words to offer.
    private func candidates(for expectation: CommandSpec.Expectation, arguments: [String], current: String) -> [String]
    {
        switch expectation.element {
        case .word(let word):
            return [word]
        case .option(let key, let value):
            return Self.words(of: value).map { "\(key)=\($0)" }
        case .value(let kind, _):
            return candidates(of: kind, expectation, arguments: arguments, current: current)
        default:
            return []
        }
    }

    private func candidates(
        of kind: CommandSpec.ValueKind, _ expectation: CommandSpec.Expectation, arguments: [String], current: String
    ) -> [String] {
        let entity = expectation.entity
        switch kind {
        case .entity: return entityNames
        case .name, .reference, .indexPath, .count, .file: return []
        case .section: return (0..<max(0, context.sectionCount)).map(String.init)
        case .attribute, .predicate: return context.attributes(of: entity)
        case .indexAttribute: return context.attributes(of: entity, types: [.int])  // the attribute a drag renumbers
        case .strategy: return ReorderStrategy.allCases.map(\.rawValue)
        case .adapter: return context.adapterNames
        case .profile: return context.profileNames
        case .command: return Command.Name.allKeywords
        case .assignment:
            return assignmentCandidates(entity: entity ?? context.fetchedEntity, arguments: arguments, current: current)
        case .adapterOption: return adapterOptionCandidates(arguments: arguments, current: current)
        case .sortKeys: return sortKeyCandidates(after: expectation.partial, entity: entity, current: current)
        case .attributeDefinition:
            guard let colon = current.firstIndex(of: ":") else { return [] }
            let name = current[..<colon]
            return AttributeType.dataTypes.map(\.rawValue).flatMap { ["\(name):\($0)", "\(name):\($0)?"] }
        case .relationshipOption: return relationshipOptionCandidates(arguments: arguments, current: current)
        }
    }

    /// The literal words of a choice (or a single word).
    private static func words(of element: CommandSpec.Element) -> [String] {
        switch element {
        case .word(let word): [word]
        case .choice(let alternatives): alternatives.flatMap(words)
        default: []
        }
    }

    private var entityNames: [String] { context.entities.map(\.name) }

    private func assignmentCandidates(entity: String?, arguments: [String], current: String) -> [String] {
        if let equals = current.firstIndex(of: "=") {
            let key = String(current[..<equals])
            let values = context.entity(entity, having: key)?.values(for: key) ?? []
            return values.map { current[...equals] + $0 }
        }
        let assigned = Set(Self.keys(of: arguments))
        return context.attributes(of: entity).filter { !assigned.contains($0) }.map { $0 + "=" }
    }

    private func adapterOptionCandidates(arguments: [String], current: String) -> [String] {
        if let equals = current.firstIndex(of: "=") {
            let key = String(current[..<equals])
            return (context.adapterOptions[key] ?? []).map { "\(key)=\($0)" }
        }
        let used = Set(Self.keys(of: arguments))
        return context.adapterOptions.keys.filter { !used.contains($0) }.map { $0 + "=" }
    }

    /// After a relationship (`notes:[Note]`, `list:->List`): its options not given yet, or the
    /// values of the one being typed.
    private func relationshipOptionCandidates(arguments: [String], current: String) -> [String] {
        guard let definition = arguments.last(where: { $0.contains(":") }),
            definition.contains(":->") || definition.contains(":[")
        else { return [] }
        if let equals = current.firstIndex(of: "=") {
            let values: [String] =
                switch current[..<equals] {
                case "delete": DeleteRule.allCases.map(\.rawValue)
                case "ordered": ["true", "false"]
                default: []
                }
            return values.map { current[...equals] + $0 }
        }
        let isToMany = definition.contains(":[")
        let given = Set(Self.keys(of: arguments.drop { $0 != definition }))
        return CommandSpec.relationshipOptionKeys.filter { key in
            !given.contains(key) && (isToMany || !CommandSpec.toManyOptionKeys.contains(key))
        }.map { $0 + "=" }
    }

    /// In `sort KEY [asc|desc], …` after `partial`: a key first and after a comma, then a direction.
    private func sortKeyCandidates(after partial: [String], entity: String?, current: String) -> [String] {
        let attributes = context.attributes(of: entity)
        if let comma = current.lastIndex(of: ",") { return attributes.map { current[...comma] + $0 } }
        guard let last = partial.last, !last.hasSuffix(",") else { return attributes }
        return last == "asc" || last == "desc" ? [] : ["asc", "desc"]
    }

    /// The keys of the `key=value` words among `words`.
    private static func keys(of words: some Sequence<String>) -> [String] {
        words.compactMap { word in word.firstIndex(of: "=").map { String(word[..<$0]) } }
    }

    /// The file name being typed when the cursor is at a file argument (`record`, `read`,
    /// `import csv`, `export html`, …: a `file` value of the command's spec), unquoted; else
    /// nil. The caller lists the files (this type does no I/O).
    package static func fileArgument(line: String) -> String? {
        guard let (words, current, _) = split(line), let first = words.first, !current.hasPrefix("\""),
            let name = Command.Name(keyword: first)
        else { return nil }
        let expectsFile = CommandSpec.spec(for: name).expectations(after: Array(words.dropFirst())).contains {
            if case .value(.file, _) = $0.element { true } else { false }
        }
        return expectsFile ? current : nil
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
