extension Command {
    /// The keyword that starts a command, in the order `help` lists them.
    public enum Name: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case entity, fetch, insert, set, delete, move
        case begin, commit, abort, save, rollback, undo, redo
        case adapter, profile, reorder
        case show, log, check, dump, stats, sheet, scroll
        case help, record, read, timing, pager, mode, export, `import`, quit

        /// Other spellings accepted for a command.
        public static let aliases: [String: Name] = ["exit": .quit]

        /// The command named `keyword`, or one of its aliases; `nil` when there is none.
        public init?(keyword: String) {
            if let name = Name(rawValue: keyword) {
                self = name
            } else if let name = Name.aliases[keyword] {
                self = name
            } else {
                return nil
            }
        }

        /// Whether commands of this kind may be combined with `;` (insert, set, delete, move).
        public var isEdit: Bool {
            switch self {
            case .insert, .set, .delete, .move: true
            default: false
            }
        }

        /// Every keyword the parser accepts, aliases included.
        public static var allKeywords: [String] {
            allCases.map(\.rawValue) + aliases.keys.sorted()
        }

        public var description: String { rawValue }
    }
}
