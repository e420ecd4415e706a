import FetchSimSettings

extension Command {
    /// The table-updating delegate `adapter NAME` selects.
    package typealias AdapterKind = FetchSimSettings.AdapterKind

    /// One `option=value` after `adapter NAME`.
    package enum AdapterOption: Hashable, Sendable, CustomStringConvertible {
        case moves(MoveReporting)
        case updates(UpdateReporting)
        case userDriven(UserDrivenPolicy)
        /// Reload the whole table when a batch has more than this many changes (`off`: never).
        case threshold(Int?)
        case paused(Bool)
        /// `items=KEY`: the diffable adapter identifies items by this attribute's value; `items=object` by object ID.
        case items(String?)
        /// `delegate=snapshot|difference`: which whole-event callback the diffable adapter implements.
        case delegate(DiffableDelivery)
        /// `canreorder=true|false`: what the diffable data source's `canReorderItem` answers.
        case canReorder(Bool)
        /// `snapshot=as-is|rebuilt`: whether the diffable app applies the controller's snapshot as it is.
        case snapshot(DiffableSnapshotUse)
        /// `sectionfilter=event|arrival`: which sections the coordinator filters row changes against.
        case sectionFilter(SectionFilter)

        /// The option names, each with the values it takes (empty for a number).
        package enum Key: String, CaseIterable, Hashable, Sendable {
            case moves, updates, userdriven, threshold, paused
            case items
            case delegate
            case canreorder
            case snapshot
            case sectionfilter

            /// The words this option accepts; empty when it takes a non-negative integer (`threshold`, which also takes `off`).
            package var values: [String] {
                switch self {
                case .moves: MoveReporting.allCases.map(\.rawValue)
                case .updates: UpdateReporting.allCases.map(\.rawValue)
                case .userdriven: UserDrivenPolicy.allCases.map(\.rawValue)
                case .threshold: []
                case .paused: ["true", "false"]
                case .items: ["object"]
                case .delegate: DiffableDelivery.allCases.map(\.rawValue)
                case .canreorder: ["true", "false"]
                case .snapshot: DiffableSnapshotUse.allCases.map(\.rawValue)
                case .sectionfilter: SectionFilter.allCases.map(\.rawValue)
                }
            }
        }

        package var key: Key {
            switch self {
            case .moves: .moves
            case .updates: .updates
            case .userDriven: .userdriven
            case .threshold: .threshold
            case .paused: .paused
            case .items: .items
            case .delegate: .delegate
            case .canReorder: .canreorder
            case .snapshot: .snapshot
            case .sectionFilter: .sectionfilter
            }
        }

        package var description: String {
            switch self {
            case .moves(let v): "moves=\(v.rawValue)"
            case .updates(let v): "updates=\(v.rawValue)"
            case .userDriven(let v): "userdriven=\(v.rawValue)"
            case .threshold(let n): "threshold=\(n.map(String.init) ?? "off")"
            case .paused(let b): "paused=\(b)"
            case .items(let key): "items=\(key ?? "object")"
            case .delegate(let form): "delegate=\(form.rawValue)"
            case .canReorder(let b): "canreorder=\(b)"
            case .snapshot(let use): "snapshot=\(use.rawValue)"
            case .sectionFilter(let filter): "sectionfilter=\(filter.rawValue)"
            }
        }
    }

    // The option types are the settings vocabulary the adapters and the controller take, so the
    // parser, the completer and the interpreter cannot drift apart.
    package typealias MoveReporting = FetchSimSettings.MovePolicy
    package typealias UpdateReporting = FetchSimSettings.UpdatePolicy
    package typealias UserDrivenPolicy = FetchSimSettings.UserDrivenPolicy
    package typealias Profile = FetchSimSettings.CompatibilityProfile
}
