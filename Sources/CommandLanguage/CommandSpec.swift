/// One command of the language, described once: its keyword and aliases, the forms of its
/// arguments with their value kinds, and its help. The parser's dispatch, `help` and Tab
/// completion all read `CommandSpec.all`, so the three cannot disagree about the grammar
/// (swift-argument-parser's `ArgumentDefinition` is the model: a kind, a value name for the
/// synopsis, a completion kind and the help, in one value).
///
/// ```swift
/// let move = CommandSpec.spec(for: .move)
/// move.synopsis   // "move [--unflagged] S.R [to] S.R"
/// move.keywords   // ["--unflagged", "to"]
/// ```
package struct CommandSpec: Sendable {
    package var name: Command.Name
    /// Other spellings of the keyword (`exit` for `quit`).
    package var aliases: [String]
    /// The shapes the arguments after the keyword may take, one per alternative of the
    /// synopsis (`record FILE | record stop`); a command without arguments has one empty form.
    package var forms: [[Element]]
    /// The one-line summary of the `help` overview.
    package var summary: String
    /// A line that runs as this command (a test parses every one).
    package var example: String
    /// Further paragraphs shown by `help CMD` only, each wrapped at the width (one that starts
    /// with spaces is a list item and keeps them).
    package var details: [String]

    package init(
        _ name: Command.Name, aliases: [String] = [], forms: [[Element]] = [[]], summary: String, example: String,
        details: [String] = []
    ) {
        self.name = name
        self.aliases = aliases
        self.forms = forms
        self.summary = summary
        self.example = example
        self.details = details
    }

    /// The spec of `name`.
    package static func spec(for name: Command.Name) -> CommandSpec {
        guard let spec = byName[name] else {
            preconditionFailure("CommandSpec.all has no entry for '\(name)'; add one")
        }
        return spec
    }

    private static let byName: [Command.Name: CommandSpec] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// Each alias with the command it names.
    package static let aliases: [String: Command.Name] = Dictionary(
        all.flatMap { spec in spec.aliases.map { ($0, spec.name) } }, uniquingKeysWith: { first, _ in first })

    /// Every word that starts a command, aliases included: the commands' keywords in `help`
    /// order, then the aliases sorted.
    package static let commandWords: [String] = all.map(\.name.rawValue) + aliases.keys.sorted()
}

extension CommandSpec {
    /// One part of a command's arguments.
    package indirect enum Element: Hashable, Sendable {
        /// A literal word: a subcommand (`csv`), a flag (`--unflagged`), a choice (`stop`).
        case word(String)
        /// A value the user writes, of a kind, named in the synopsis by `name` (`S.R`, `FILE`).
        case value(ValueKind, name: String)
        /// `[…]`: the parts may be left out.
        case optional([Element])
        /// Parts the parser accepts that the synopsis leaves out (`fetch … as NAME`); optional.
        case hidden([Element])
        /// Several parts in a row, as one alternative of a `choice`.
        case sequence([Element])
        /// `a|b|c`: exactly one of the alternatives.
        case choice([Element])
        /// `X …`: one or more.
        case repeating(Element)
        /// `key=VALUE`: a word made of a key, `=` and the value element.
        case option(String, Element)
        /// Clauses that may come in any order, each at most once (`fetch`'s `where`, `sort`, …).
        case clauses([Clause])
    }

    /// A clause of `Element.clauses`: its keyword and what follows it.
    package struct Clause: Hashable, Sendable {
        package var keyword: String
        package var elements: [Element]
        /// Whether the synopsis leaves it out (it is still parsed and completed).
        package var isHidden: Bool

        package init(_ keyword: String, _ elements: [Element], isHidden: Bool = false) {
            self.keyword = keyword
            self.elements = elements
            self.isHidden = isHidden
        }
    }

    /// What a value holds: completion offers candidates by kind.
    package enum ValueKind: Hashable, Sendable {
        /// An existing entity's name.
        case entity
        /// A name the command introduces or refers to that completion cannot know (a new
        /// entity, a controller, a context, a cache).
        case name
        /// `ATTR:TYPE[?][=DEFAULT]`, `ATTR:->ENTITY` or `ATTR:[ENTITY]` of `entity`.
        case attributeDefinition
        /// `inverse=NAME`, `delete=RULE`, `ordered=BOOL`, `min=N`, `max=N` after a relationship.
        case relationshipOption
        /// `KEY=VALUE` of the command's entity (or of the fetched one).
        case assignment
        /// `#ID` or `S.R`.
        case reference
        /// `S.R`.
        case indexPath
        /// A non-negative integer.
        case count
        /// A section number.
        case section
        /// A file name, quoted or as written.
        case file
        /// NSPredicate format text: several words, up to the next clause keyword.
        case predicate
        /// `KEY [asc|desc], …`: several words.
        case sortKeys
        /// An attribute (or key path) of the command's entity.
        case attribute
        /// An int attribute of the command's entity (the index key a drag renumbers).
        case indexAttribute
        /// A reorder strategy's name.
        case strategy
        /// An adapter's name (built-in or registered by the app).
        case adapter
        /// `OPTION=VALUE` of an adapter.
        case adapterOption
        /// A compatibility profile's name.
        case profile
        /// A command's keyword (the topic of `help`).
        case command

        /// Whether a value of this kind spans several words.
        package var isMultiWord: Bool { self == .predicate || self == .sortKeys }
    }

    /// The relationship options `entity` accepts after a relationship, and those only a
    /// to-many relationship takes.
    package static let relationshipOptionKeys = ["inverse", "delete", "ordered", "min", "max"]
    package static let toManyOptionKeys: Set<String> = ["ordered", "min", "max"]
}

extension CommandSpec {
    /// The usage line of `help CMD`: every form after the keyword, then the aliases, joined
    /// with ` | ` (`quit | exit`, `record FILE | record stop`).
    package var synopsis: String {
        let written = forms.map { form in
            ([name.rawValue] + form.map(Self.render).filter { !$0.isEmpty }).joined(separator: " ")
        }
        return (written + aliases).joined(separator: " | ")
    }

    private static func render(_ element: Element) -> String {
        switch element {
        case .word(let word): word
        case .value(_, let name): name
        case .optional(let parts): "[" + render(sequence: parts) + "]"
        case .hidden: ""
        case .sequence(let parts): render(sequence: parts)
        case .choice(let alternatives):
            // Alternatives of several words are set apart with spaces: `[NAME | off | delete [NAME]]`.
            alternatives.map(render).joined(
                separator: alternatives.contains { if case .sequence = $0 { true } else { false } } ? " | " : "|")
        case .repeating(let part): render(part) + " …"
        case .option(let key, let value): key + "=" + render(value)
        case .clauses(let clauses):
            clauses.filter { !$0.isHidden }.map { "[" + render(sequence: [.word($0.keyword)] + $0.elements) + "]" }
                .joined(separator: " ")
        }
    }

    private static func render(sequence parts: [Element]) -> String {
        parts.map(render).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The literal words of the command's arguments — subcommands, flags, clause keywords,
    /// option keys and the words of choices — each once, in the order the forms name them.
    package var keywords: [String] {
        var words: [String] = []
        func collect(_ element: Element) {
            switch element {
            case .word(let word): words.append(word)
            case .value(.relationshipOption, _): words += Self.relationshipOptionKeys
            case .value: break
            case .optional(let parts), .hidden(let parts), .sequence(let parts), .choice(let parts):
                parts.forEach(collect)
            case .repeating(let part): collect(part)
            case .option(let key, let value):
                words.append(key)
                collect(value)
            case .clauses(let clauses):
                for clause in clauses {
                    words.append(clause.keyword)
                    clause.elements.forEach(collect)
                }
            }
        }
        forms.joined().forEach(collect)
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }
    }

    /// `words` as choice alternatives: `.choice(["on", "off"])`.
    static func choice(_ words: [String]) -> Element {
        .choice(words.map(Element.word))
    }
}
