import Adapters
import FetchSimCore
import ObjectGraph

extension CommandParser {
    /// `entity Name attr:type[?][=default] …`
    static func parseEntity(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        let name = try s.requireIdentifier("an entity name", after: keyword, as: .entity)
        var attributes: [Attribute] = []
        var names: Set<String> = []
        while let token = try s.token() {
            let attribute = try attributeDefinition(token, &s)
            guard names.insert(attribute.name).inserted else { throw s.error(.duplicate(attribute.name), at: token.start) }
            s.mark(.attribute(attributes.count), at: token.start)
            attributes.append(attribute)
        }
        return .entity(name: name, attributes: attributes)
    }

    /// `title:string`, `done:bool?`, `order:int=0`, `due:date?=nil`, `list:->List?` (a to-one
    /// relationship to entity List).
    private static func attributeDefinition(_ token: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Attribute {
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
                throw s.error(.expectedGot("an entity name after '->'", got: destination.isEmpty ? token.text : destination),
                              at: token.start + name.unicodeScalars.count + 3)
            }
            return .toOne(name, destination: destination, isOptional: isOptional)
        }
        guard typeName != AttributeType.relationship.rawValue, let type = AttributeType(rawValue: String(typeName)) else {
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

    /// `adapter NAME [option=value …]`
    static func parseAdapter(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        let names = Command.AdapterKind.allCases.map(\.rawValue)
        let start = s.position
        guard let token = try s.token() else { return .adapter(nil, options: []) }
        var kind: Command.AdapterKind?
        if token.isWord, Command.AdapterOption.Key(rawValue: token.text) != nil {
            s.position = start  // `adapter moves=move-row`: options of the current adapter
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

    private static func adapterOption(_ keyToken: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command.AdapterOption {
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
        let invalid = s.error(.invalidOptionValue(valueToken.text, option: key.rawValue, expected: key.values), at: valueToken.start)
        let option: Command.AdapterOption? = switch key {
        case .moves: Command.MoveReporting(rawValue: text).map { .moves($0) }
        case .updates: Command.UpdateReporting(rawValue: text).map { .updates($0) }
        case .userdriven: Command.UserDrivenPolicy(rawValue: text).map { .userDriven($0) }
        case .threshold:
            text == "off" ? .threshold(nil)
                : text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) ? Int(text).map { .threshold($0) } : nil
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
            throw s.error(.expected(names.map { "'\($0)'" }.joined(separator: ", "), after: keyword.text), at: keyword.start)
        }
        guard token.isWord, let strategy = ReorderStrategy(rawValue: token.text) else {
            throw s.error(.expectedGot(names.map { "'\($0)'" }.joined(separator: ", "), got: token.text), at: token.start)
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
