import FetchSimCore
import FetchedResults

/// What an adapter did with one callback.
public enum CallbackAction: String, Sendable {
    /// Turned into table operations.
    case applied
    /// Bypassed on purpose (user-driven change, or `updates=ignore`).
    case skipped
    /// Dropped because its section was inserted or deleted in the same event.
    case filtered
    /// Left to a later `reloadData()`.
    case deferred
}

/// One delegate callback as the adapter received it.
public enum Callback: CustomStringConvertible {
    case willChangeContent
    case section(SectionChange)
    case object(ObjectChange)
    case didChangeContent
    /// iOS 13's `controller(_:didChangeContentWith:)`: the whole new state, in place of the
    /// four callbacks (a snapshot delegate).
    case snapshot(sections: Int, items: Int)

    /// `didChange object #7 move [0, 2] → [1, 0]`, Apple's vocabulary.
    public var description: String {
        switch self {
        case .willChangeContent: "willChangeContent"
        case .section(let change): change.description
        case .object(let change): change.description
        case .didChangeContent: "didChangeContent"
        case .snapshot(let sections, let items): "didChangeContentWith snapshot (\(sections) sections, \(items) items)"
        }
    }
}

/// One change event as an adapter handled it: the callbacks with what it did with each, the table
/// operations it issued, and the error UIKit raised, if any.
public struct AdapterEvent {
    /// The callbacks in the order they came, each with what the adapter did with it.
    public var entries: [(callback: Callback, action: CallbackAction)] = []
    /// The calls the adapter made on the table, in order, as the table recorded them.
    public var tableOperations: [TableOperation] = []
    /// UIKit's error, if a batch was invalid.
    public var tableError: TableViewError?
    /// The line Core Data logs when a delegate callback throws (semantics.md rule 17).
    public var loggedError: String?
    /// The reason of the exception in `loggedError`, as worded under the controller's profile:
    /// UIKit's message in its era's wording, or Core Data's own (`object(at:)` out of range, rule 4).
    public var exceptionReason: String?

    /// An event with nothing in it yet.
    public init() {}
}
