/// Where the parts of one parsed command stand in its line, so that an error found after parsing
/// (an unknown attribute, an index path out of range, a type mismatch) names the column of the
/// token it is about without searching the line again — a key that also occurs inside a string
/// value, or an index path written twice, is located where the parser read it.
///
/// Positions are found as scalar offsets — by parsing the command again, recording them — and
/// turned into a 1-based character column only when asked, so parsing stays linear in the length
/// of the line and records nothing while no error needs a column.
package struct TokenPositions: Sendable {
    /// A part of a command, by role.
    package enum Slot: Hashable, Sendable {
        /// The entity name of `entity`, `fetch`, `insert` and `import csv`.
        case entity
        /// The key of the i-th `key=value` of `insert`, `set`, `batch set` or `adapter`.
        case key(Int)
        /// The value of the i-th `key=value`.
        case value(Int)
        /// The i-th object reference: `set`'s only one, or each of `delete`'s.
        case reference(Int)
        /// `move`'s first and second index paths.
        case from, to
        /// The index path of `insert … at S.R` and of `scroll S.R`.
        case path
        /// The i-th key of a `fetch`'s `sort` clause.
        case sortKey(Int)
        /// The key after `fetch`'s `section`, `index` and the strategy after its `reorder`.
        case sectionKey, indexKey, strategy
        /// The i-th `name:type` of an `entity` definition.
        case attribute(Int)
        /// The only argument of a command that takes one (`show 2`, `reorder sparse`, `use B`).
        case argument
        /// The names after `fetch`'s `as` and `share`.
        case controller, sharedTable
    }

    private let line: String
    /// The scalar offset of the command's keyword in `line`; nil for no positions.
    private let commandStart: Int?

    /// The positions of the parts of the command whose keyword starts at scalar offset
    /// `commandStart` of `line` (as `CommandParser.parse` read it).
    init(line: String, commandStart: Int) {
        self.line = line
        self.commandStart = commandStart
    }

    private init() {
        line = ""
        commandStart = nil
    }

    /// No positions: every `column(of:)` is `nil` (a command built in code, not parsed).
    package static let none = TokenPositions()

    /// The 1-based column (in characters) where `slot`'s token starts, or `nil` when the command
    /// has no such part.
    ///
    /// The parser records no positions while it parses: only an error asks for one, so the
    /// command is parsed again from its keyword, recording them — the same parse of the same
    /// text, so the same positions (a line of edits recorded a few arrays of offsets per
    /// command, and copied them with the command, for errors that almost never come).
    package func column(of slot: Slot) -> Int? {
        guard let commandStart, let offset = CommandParser.offset(of: slot, inCommandAt: commandStart, of: line) else {
            return nil
        }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: line.unicodeScalars.prefix(offset))
        return String(prefix).count + 1
    }
}

/// The scalar offsets where the parts of one command start, recorded while it is parsed
/// (`LineScanner.positions`, on only when `TokenPositions.column(of:)` asks).
struct PositionRecorder {
    private var entity, from, to, path, sectionKey, indexKey, strategy, argument, controller, sharedTable: Int?
    /// Indexed parts, in the order the parser reads them (a `delete` of 300,000 references
    /// records 300,000 offsets: appending keeps that linear).
    private var keys: [Int] = [], values: [Int] = [], references: [Int] = [], sortKeys: [Int] = [],
        attributes: [Int] = []

    /// Records that `slot`'s token starts at scalar offset `offset` (the first record wins).
    mutating func record(_ slot: TokenPositions.Slot, at offset: Int) {
        func first(_ stored: inout Int?) { if stored == nil { stored = offset } }
        func next(_ stored: inout [Int], _ index: Int) {
            guard index == stored.count else { return }
            stored.append(offset)
        }
        switch slot {
        case .entity: first(&entity)
        case .from: first(&from)
        case .to: first(&to)
        case .path: first(&path)
        case .sectionKey: first(&sectionKey)
        case .indexKey: first(&indexKey)
        case .strategy: first(&strategy)
        case .argument: first(&argument)
        case .controller: first(&controller)
        case .sharedTable: first(&sharedTable)
        case .key(let i): next(&keys, i)
        case .value(let i): next(&values, i)
        case .reference(let i): next(&references, i)
        case .sortKey(let i): next(&sortKeys, i)
        case .attribute(let i): next(&attributes, i)
        }
    }

    /// The scalar offset where `slot`'s token starts.
    func offset(of slot: TokenPositions.Slot) -> Int? {
        let at = { (stored: [Int], i: Int) in stored.indices.contains(i) ? stored[i] : nil }
        switch slot {
        case .entity: return entity
        case .from: return from
        case .to: return to
        case .path: return path
        case .sectionKey: return sectionKey
        case .indexKey: return indexKey
        case .strategy: return strategy
        case .argument: return argument
        case .controller: return controller
        case .sharedTable: return sharedTable
        case .key(let i): return at(keys, i)
        case .value(let i): return at(values, i)
        case .reference(let i): return at(references, i)
        case .sortKey(let i): return at(sortKeys, i)
        case .attribute(let i): return at(attributes, i)
        }
    }
}

/// A command with the positions of its parts in the line it was parsed from.
package struct ParsedCommand: Sendable {
    package let command: Command
    /// `command.isEdit`, read once here: asking the command copies it (its payload retained
    /// and released) for every check of a line's edits.
    package let isEdit: Bool
    package var positions: TokenPositions

    package init(_ command: Command, positions: TokenPositions = .none) {
        self.command = command
        isEdit = command.isEdit
        self.positions = positions
    }
}
