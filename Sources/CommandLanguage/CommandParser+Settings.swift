import FetchSimCore
import FetchSimSettings
import ObjectGraph

extension CommandParser {
    /// `entity Name attr:type[?][=default] …`, a relationship `attr:->Entity[?]` or
    /// `attr:[Entity]` followed by its options (`relationshipOptions`).
    static func parseEntity(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        let name = try s.requireIdentifier("an entity name", after: keyword, as: .entity)
        var attributes: [Attribute] = []
        var names: Set<String> = []
        while let token = try s.token() {
            let attribute = try attributeDefinition(token, &s)
            guard names.insert(attribute.name).inserted else {
                throw s.error(.duplicate(attribute.name), at: token.start)
            }
            s.mark(.attribute(attributes.count), at: token.start)
            attributes.append(attribute)
        }
        return .entity(name: name, attributes: attributes)
    }

    /// `title:string`, `done:bool?`, `order:int=0`, `due:date?=nil`, `list:->List?` (a to-one
    /// relationship to entity List), `notes:[Note]` (a to-many relationship to entity Note).
    private static func attributeDefinition(_ token: LineScanner.Token, _ s: inout LineScanner) throws(CommandError)
        -> Attribute
    {
        let expectation = "an attribute like title:string"
        guard token.isWord, let colon = token.text.firstIndex(of: ":") else {
            throw s.error(.expectedGot(expectation, got: token.text), at: token.start)
        }
        let name = String(token.text[..<colon])
        guard LineScanner.isIdentifier(name) else {
            throw s.error(.expectedGot("an attribute name", got: name.isEmpty ? token.text : name), at: token.start)
        }
        var typeName = token.text[token.text.index(after: colon)...]
        let isOptional = typeName.hasSuffix("?")
        if isOptional { typeName = typeName.dropLast() }
        if typeName.hasPrefix("->") {
            // `list:->List`: a to-one relationship; the interpreter checks that List exists.
            let destination = String(typeName.dropFirst(2))
            guard LineScanner.isIdentifier(destination) else {
                throw s.error(
                    .expectedGot("an entity name after '->'", got: destination.isEmpty ? token.text : destination),
                    at: token.start + name.unicodeScalars.count + 3)
            }
            return try relationshipOptions(of: .toOne(name, destination: destination, isOptional: isOptional), &s)
        }
        if typeName.hasPrefix("[") {
            // `notes:[Note]`: a to-many relationship; the interpreter checks that Note exists.
            let destination = String(typeName.dropFirst().prefix { $0 != "]" })
            guard typeName.hasSuffix("]"), !isOptional, LineScanner.isIdentifier(destination) else {
                throw s.error(
                    .expectedGot("a to-many relationship like notes:[Note]", got: token.text), at: token.start)
            }
            return try relationshipOptions(of: .toMany(name, destination: destination), &s)
        }
        guard let type = AttributeType(rawValue: String(typeName)), AttributeType.dataTypes.contains(type) else {
            let typeStart = token.start + name.unicodeScalars.count + 1
            let shown = typeName.isEmpty ? token.text : String(typeName)
            throw s.error(.unknownType(shown), at: typeName.isEmpty ? token.start : typeStart)
        }
        var defaultValue: Value?
        let afterDefinition = s.position
        if let equals = try s.token(), equals.kind == .equals {
            guard let valueToken = try s.token() else {
                throw s.error(.expected("a default value", after: token.text + "="), at: token.start)
            }
            defaultValue = try s.value(of: valueToken)
        } else {
            s.position = afterDefinition
        }
        return Attribute(name, type, isOptional: isOptional, defaultValue: defaultValue)
    }

    /// The options written after a relationship, each `key=value` (a word without `:`, so that
    /// it is no attribute): `inverse=NAME`, `delete=nullify|cascade|deny|noAction`, and for a
    /// to-many relationship `ordered=true|false`, `min=N`, `max=N`.
    private static func relationshipOptions(of relationship: Attribute, _ s: inout LineScanner) throws(CommandError)
        -> Attribute
    {
        var attribute = relationship
        // The option words are the spec's, so that help, completion and this parser agree.
        let keys = CommandSpec.relationshipOptionKeys.filter {
            attribute.isToMany || !CommandSpec.toManyOptionKeys.contains($0)
        }
        var seen: Set<String> = []
        while true {
            let before = s.position
            guard let key = try s.token(), key.isWord, !key.text.contains(":") else {
                s.position = before
                return attribute
            }
            guard keys.contains(key.text) else {
                throw s.error(
                    .unknownOption(key.text, suggestion: Suggestion.closest(to: key.text, among: keys), options: keys),
                    at: key.start)
            }
            guard seen.insert(key.text).inserted else { throw s.error(.duplicate(key.text), at: key.start) }
            guard let equals = try s.token(), equals.kind == .equals, let value = try s.token(), value.isWord else {
                throw s.error(.expected("'=' and a value", after: key.text), at: key.start)
            }
            switch key.text {
            case "inverse":
                guard LineScanner.isIdentifier(value.text) else {
                    throw s.error(
                        .expectedGot("a relationship name after 'inverse='", got: value.text), at: value.start)
                }
                attribute.inverseName = value.text
            case "delete":
                guard let rule = DeleteRule(rawValue: value.text) else {
                    throw s.error(
                        .invalidOptionValue(
                            value.text, option: key.text, expected: DeleteRule.allCases.map(\.rawValue)),
                        at: value.start)
                }
                attribute.deleteRule = rule
            case "ordered":
                guard value.text == "true" || value.text == "false" else {
                    throw s.error(
                        .invalidOptionValue(value.text, option: key.text, expected: ["true", "false"]), at: value.start)
                }
                attribute.isOrdered = value.text == "true"
            default:
                guard let count = Int(value.text), count >= 0, value.text.allSatisfy(\.isASCII) else {
                    throw s.error(
                        .expectedGot("a count (0 or more) after '\(key.text)='", got: value.text), at: value.start)
                }
                if key.text == "min" { attribute.minCount = count } else { attribute.maxCount = count }
            }
        }
    }

    /// `adapter NAME [option=value …]`
    static func parseAdapter(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        let names = Command.AdapterKind.allCases.map(\.rawValue) + RegisteredAdapters.names
        let start = s.position
        guard let token = try s.token() else { return .adapter(nil, options: []) }
        var kind: Command.AdapterKind?
        if token.isWord, Command.AdapterOption.Key(rawValue: token.text) != nil {
            s.position = start  // `adapter moves=move-row`: options of the current adapter
        } else if token.isWord, Command.AdapterKind(rawValue: token.text) == nil,
            RegisteredAdapters.contains(token.text)
        {
            try s.expectCommandEnd(
                hint: "'adapter \(token.text)' is the app's own view controller and takes no options")
            return .userAdapter(token.text)
        } else {
            guard token.isWord, let named = Command.AdapterKind(rawValue: token.text) else {
                let suggestion = Suggestion.closest(to: token.text, among: names)
                throw s.error(.unknownAdapter(token.text, suggestion: suggestion), at: token.start)
            }
            kind = named
        }
        var options: [Command.AdapterOption] = []
        var seen: Set<Command.AdapterOption.Key> = []
        while let keyToken = try s.token() {
            let option = try adapterOption(keyToken, &s)
            guard seen.insert(option.key).inserted else { throw s.error(.duplicate(keyToken.text), at: keyToken.start) }
            s.mark(.key(options.count), at: keyToken.start)
            options.append(option)
        }
        return .adapter(kind, options: options)
    }

    private static func adapterOption(_ keyToken: LineScanner.Token, _ s: inout LineScanner) throws(CommandError)
        -> Command.AdapterOption
    {
        let keys = Command.AdapterOption.Key.allCases.map(\.rawValue)
        guard keyToken.isWord, let key = Command.AdapterOption.Key(rawValue: keyToken.text) else {
            let suggestion = Suggestion.closest(to: keyToken.text, among: keys)
            throw s.error(.unknownOption(keyToken.text, suggestion: suggestion, options: keys), at: keyToken.start)
        }
        guard let equals = try s.token(), equals.kind == .equals else {
            throw s.error(.expected("'='", after: keyToken.text), at: keyToken.start)
        }
        guard let valueToken = try s.token() else {
            throw s.error(.expected("a value", after: keyToken.text + "="), at: keyToken.start)
        }
        let text: String
        switch valueToken.kind {
        case .string(let value): text = value
        case .word: text = valueToken.text
        case .equals: throw s.error(.expectedGot("a value", got: "="), at: valueToken.start)
        }
        let invalid = s.error(
            .invalidOptionValue(valueToken.text, option: key.rawValue, expected: key.values), at: valueToken.start)
        let option: Command.AdapterOption? =
            switch key {
            case .moves: Command.MoveReporting(rawValue: text).map { .moves($0) }
            case .updates: Command.UpdateReporting(rawValue: text).map { .updates($0) }
            case .userdriven: Command.UserDrivenPolicy(rawValue: text).map { .userDriven($0) }
            case .threshold:
                text == "off"
                    ? .threshold(nil)
                    : text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
                        ? Int(text).map { .threshold($0) } : nil
            case .paused: text == "true" ? .paused(true) : text == "false" ? .paused(false) : nil
            case .items: text == "object" ? .items(nil) : valueToken.isWord ? .items(text) : nil
            case .delegate: DiffableDelivery(rawValue: text).map { .delegate($0) }
            case .canreorder: text == "true" ? .canReorder(true) : text == "false" ? .canReorder(false) : nil
            case .snapshot: DiffableSnapshotUse(rawValue: text).map { .snapshot($0) }
            case .sectionfilter: SectionFilter(rawValue: text).map { .sectionFilter($0) }
            }
        guard let option else { throw invalid }
        return option
    }

    /// `reorder [dense|sparse|fractional]`
    static func parseReorder(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var probe = s
        guard try probe.token() != nil else { return .reorder(nil) }
        let strategy = try parseStrategy(keyword, &s)
        try s.expectCommandEnd(hint: "'reorder' takes one strategy")
        return .reorder(strategy)
    }

    /// `index-titles [first-letter|full|none]`
    static func parseIndexTitles(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        var probe = s
        guard let token = try probe.token() else { return .indexTitles(nil) }
        let names = SectionIndexTitleStyle.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard token.isWord, let style = SectionIndexTitleStyle(rawValue: token.text) else {
            throw s.error(.expectedGot(names, got: token.text), at: token.start)
        }
        s = probe
        try s.expectCommandEnd(hint: "'index-titles' takes one style")
        return .indexTitles(style)
    }

    /// The strategy name after `reorder` (the command or the fetch clause).
    /// `slot`: `.argument` for the command, `.strategy` for the clause.
    static func parseStrategy(
        _ keyword: LineScanner.Token, _ s: inout LineScanner, as slot: TokenPositions.Slot = .argument
    ) throws(CommandError) -> ReorderStrategy {
        let names = ReorderStrategy.allCases.map(\.rawValue)
        guard let token = try s.token() else {
            throw s.error(
                .expected(names.map { "'\($0)'" }.joined(separator: ", "), after: keyword.text), at: keyword.start)
        }
        guard token.isWord, let strategy = ReorderStrategy(rawValue: token.text) else {
            throw s.error(
                .expectedGot(names.map { "'\($0)'" }.joined(separator: ", "), got: token.text), at: token.start)
        }
        s.mark(slot, at: token.start)
        return strategy
    }

    /// `profile NAME`
    static func parseProfile(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        let names = Command.Profile.allCases.map(\.rawValue)
        guard let token = try s.token() else { return .profile(nil) }
        guard token.isWord, let profile = Command.Profile(rawValue: token.text) else {
            let suggestion = Suggestion.closest(to: token.text, among: names)
            throw s.error(.unknownProfile(token.text, suggestion: suggestion), at: token.start)
        }
        return .profile(profile)
    }
}
