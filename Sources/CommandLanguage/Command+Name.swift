extension Command {
    /// The keyword that starts a command, in the order `help` lists them.
    package enum Name: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case entity, fetch, insert, set, delete, move
        case begin, commit, abort, save, rollback, undo, redo
        case adapter, profile, reorder
        case show, log, check, dump, stats, sheet, scroll
        case help, record, read, timing, pager, mode, export, `import`, quit
        case use, close, context, batch, refetch, table
        case refresh
        case indexTitles = "index-titles"
        case cache
        case batchSize = "batch-size"
        case obtainPermanentIDs

        /// The command named `keyword`, or one of its aliases; `nil` when there is none.
        package init?(keyword: String) {
            // The edits of a batch first, by equality (the same short text compares in a few
            // instructions): `Name(rawValue:)` finds a keyword by hashing it, a large share of
            // parsing a short edit line such as `set #3 order=5`.
            if let name = Name.edits.first(where: { $0.rawValue == keyword }) {
                self = name
            } else if let name = Name(rawValue: keyword) {
                self = name
            } else if let name = CommandSpec.aliases[keyword] {
                self = name
            } else {
                return nil
            }
        }

        /// The commands of a batch, looked for first by `init?(keyword:)`.
        private static let edits: [Name] = [.set, .insert, .delete, .move]

        /// Whether commands of this kind may be combined with `;` (insert, set, delete, move).
        package var isEdit: Bool {
            switch self {
            case .insert, .set, .delete, .move, .refresh: true
            default: false
            }
        }

        /// Every keyword the parser accepts, aliases included (`CommandSpec.commandWords`).
        package static var allKeywords: [String] { CommandSpec.commandWords }

        package var description: String { rawValue }
    }
}
