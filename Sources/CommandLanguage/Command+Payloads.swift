import FetchSimCore
import ObjectGraph

extension Command {
    /// Which object a `set` or `delete` means: `#7` or a zero-based index path `0.2`.
    package enum ObjectRef: Hashable, Sendable, CustomStringConvertible {
        case id(ObjectID)
        case indexPath(IndexPath)

        package var description: String {
            switch self {
            case .id(let id): id.description
            case .indexPath(let path): path.shortDescription
            }
        }
    }

    /// `key=value` in `insert` and `set`.
    package struct Assignment: Hashable, Sendable, CustomStringConvertible {
        package var key: String
        package var value: Value

        package init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }

        package var description: String { "\(key)=\(value.literal)" }
    }

    /// What `show` displays.
    package enum ShowTarget: Hashable, Sendable {
        /// `show`: the rows in the table's viewport.
        case viewport
        /// `show all`: every row.
        case all
        /// `show 2`: one section, zero-based.
        case section(Int)
        /// `show schema`: entities and their attributes (sqlite3's `.schema`, psql's `\d`).
        case schema
        /// `show fetch`: the current request as a `fetch …` line that can be pasted back.
        case fetch
        /// `show adapter`: the adapter with all its options.
        case adapter
        /// `show settings`: adapter, profile, viewport, recording-independent session settings.
        case settings

        /// The words `show` takes besides a section number.
        package static let keywords = ["all", "schema", "fetch", "adapter", "settings"]
    }

    /// `record FILE` starts writing a transcript; `record stop` ends it.
    package enum RecordAction: Hashable, Sendable {
        case start(path: String)
        case stop
    }
}
