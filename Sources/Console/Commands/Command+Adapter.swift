extension Command {
    /// The table-updating delegate `adapter NAME` selects.
    public enum AdapterKind: String, CaseIterable, Hashable, Sendable {
        case appleTemplate = "apple-template"
        case coordinator
        case reloadAll = "reload-all"
    }

    /// One `option=value` after `adapter NAME`.
    public enum AdapterOption: Hashable, Sendable, CustomStringConvertible {
        case moves(MoveReporting)
        case updates(UpdateReporting)
        case userDriven(UserDrivenPolicy)
        /// Reload the whole table when a batch has more than this many changes.
        case threshold(Int)
        case paused(Bool)

        /// The option names, each with the values it takes (empty for a number).
        public enum Key: String, CaseIterable, Hashable, Sendable {
            case moves, updates, userdriven, threshold, paused

            /// The words this option accepts; empty when it takes a non-negative integer.
            public var values: [String] {
                switch self {
                case .moves: MoveReporting.allCases.map(\.rawValue)
                case .updates: UpdateReporting.allCases.map(\.rawValue)
                case .userdriven: UserDrivenPolicy.allCases.map(\.rawValue)
                case .threshold: []
                case .paused: ["true", "false"]
                }
            }
        }

        public var key: Key {
            switch self {
            case .moves: .moves
            case .updates: .updates
            case .userDriven: .userdriven
            case .threshold: .threshold
            case .paused: .paused
            }
        }

        public var description: String {
            switch self {
            case .moves(let v): "moves=\(v.rawValue)"
            case .updates(let v): "updates=\(v.rawValue)"
            case .userDriven(let v): "userdriven=\(v.rawValue)"
            case .threshold(let n): "threshold=\(n)"
            case .paused(let b): "paused=\(b)"
            }
        }
    }

    /// How an adapter shows a moved row: a delete plus an insert, or a row move.
    public enum MoveReporting: String, CaseIterable, Hashable, Sendable {
        case deleteInsert = "delete-insert"
        case moveRow = "move-row"
    }

    /// How an adapter shows an updated row.
    public enum UpdateReporting: String, CaseIterable, Hashable, Sendable {
        case reload, reconfigure
        /// Reconfigure the cell after the batch has been applied.
        case reconfigureAfter = "reconfigure-after"
        case ignore
    }

    /// What an adapter skips while the user-driven flag is set.
    public enum UserDrivenPolicy: String, CaseIterable, Hashable, Sendable {
        case skipAll = "skip-all"
        case skipMoves = "skip-moves"
        case off
    }

    /// A compatibility profile: which UIKit behaviour the simulated table follows.
    public enum Profile: String, CaseIterable, Hashable, Sendable {
        case modern, ios9, ios10, strict
    }
}
