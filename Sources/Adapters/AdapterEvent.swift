import FetchSimCore
import FetchedResults
import ObjectGraph

/// What an adapter did with one callback.
///
/// ```swift
/// let adapter = TableAdapter.make(.reloadAll, table: table, dataSource: dataSource)
/// try context.insert("Note", values: [("title", .string("Tea")), ("group", .string("Groceries")), ("order", .int(4))])
/// try context.processPendingChanges()
/// adapter.lastEvent.entries.map(\.action)  // [.applied, .deferred, .applied]: the insert left to reloadData()
/// ```
public enum CallbackAction: String, Sendable {
    /// Turned into table operations.
    case applied
    /// Bypassed on purpose (user-driven change, or `updates=ignore`).
    case skipped
    /// Dropped because its section was inserted or deleted in the same event.
    case filtered
    /// Left to a later `reloadData()`.
    case deferred
    /// Made into table calls of a batch that never ended: the app crashed later in the event
    /// (`AdapterEvent.appCrash`), so the table never received them.
    case abandoned
    /// The callback the app crashed in, and every later one of the event (the app is gone).
    case crashed
}

/// One delegate callback as the adapter received it.
///
/// ```swift
/// adapter.lastEvent.entries.map(\.callback.description)
/// // ["willChangeContent", "didChange object #5 insert → [0, 4]", "didChangeContent"]
/// ```
public enum Callback: CustomStringConvertible {
    /// `controllerWillChangeContent(_:)`.
    case willChangeContent
    /// `controller(_:didChange:atSectionIndex:for:)`.
    case section(SectionChange)
    /// `controller(_:didChange:at:for:newIndexPath:)`.
    case object(ObjectChange)
    /// `controllerDidChangeContent(_:)`.
    case didChangeContent
    /// iOS 13's `controller(_:didChangeContentWith:)`: the whole new state, in place of the
    /// four callbacks (a snapshot delegate); `reloaded` the objects Core Data marked for reload.
    case snapshot(sections: Int, items: Int, reloaded: [ObjectID])
    /// iOS 13's `controller(_:didChangeContentWith:)` with a difference (a difference delegate
    /// of a controller without a section key). Indirect: the standard library's difference has
    /// no layout known at compile time, so held inline it would make every callback's layout a
    /// run-time computation — each copy, store and destroy of any callback through type metadata.
    indirect case difference(CollectionDifference<ObjectID>)

    /// `didChange object #7 move [0, 2] → [1, 0]`, Apple's vocabulary.
    public var description: String {
        switch self {
        case .willChangeContent: "willChangeContent"
        case .section(let change): change.description
        case .object(let change): change.description
        case .didChangeContent: "didChangeContent"
        case .snapshot(let sections, let items, let reloaded):
            "didChangeContentWith snapshot (\(sections) sections, \(items) items"
                + (reloaded.isEmpty ? "" : "; reload " + reloaded.map(\.description).joined(separator: " ")) + ")"
        case .difference(let difference): "didChangeContentWith difference (\(Self.describe(difference)))"
        }
    }
}

extension Callback {
    /// `remove 3 #4 ↔ 1, insert 1 #4 ↔ 3, insert 0 #13`: each change of a difference in its
    /// order (removals by descending offset, then insertions by ascending), with the offset it is
    /// associated with; `no changes` for an empty one.
    static func describe(_ difference: CollectionDifference<ObjectID>) -> String {
        guard !difference.isEmpty else { return "no changes" }
        return difference.map { change in
            switch change {
            case .remove(let offset, let id, let other): "remove \(offset) \(id)" + (other.map { " ↔ \($0)" } ?? "")
            case .insert(let offset, let id, let other): "insert \(offset) \(id)" + (other.map { " ↔ \($0)" } ?? "")
            }
        }.joined(separator: ", ")
    }
}

/// One change event as an adapter handled it: the callbacks with what it did with each, the table
/// operations it issued, and the error UIKit raised, if any.
///
/// ```swift
/// try context.insert("Note", values: [("title", .string("Tea")), ("group", .string("Groceries")), ("order", .int(4))])
/// try context.processPendingChanges()
/// adapter.lastEvent.tableOperations.map(\.description)  // ["insertRows [0.4]"]
/// adapter.lastEvent.tableError                          // nil: UIKit accepted the batch
/// ```
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
    /// The app's own crash in this event (a force-unwrapped nil), which no one catches.
    public var appCrash: AppCrash?

    /// An event with nothing in it yet.
    package init() {}
}
