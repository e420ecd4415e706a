import FetchSimCore
import ObjectGraph

/// The kind of a reported change, as `NSFetchedResultsChangeType`.
///
/// ```swift
/// ChangeType.insert.description  // "insert"
/// ChangeType.move.description    // "move"
/// ```
public enum ChangeType: String, Sendable, CustomStringConvertible {
    case insert, delete, move, update

    public var description: String { rawValue }
}

/// A section inserted or deleted by a change event (sections are never moved or updated).
///
/// An adapter's log holds one per section callback (Adapters' `Callback.section`).
///
/// ```swift
/// // by list, sectioned: Errands (Stamps), Groceries (Eggs, Milk); then Stamps moves to "Post"
/// change.type         // .insert
/// change.index        // 1: Errands is gone and Post sorts after Groceries
/// change.description  // #"didChange section "Post" insert 1"#
/// ```
public struct SectionChange: Hashable, Sendable, CustomStringConvertible {
    /// Insert or delete.
    public let type: ChangeType
    /// The old index for a delete, the new index for an insert.
    public let index: Int
    /// The section's name.
    public let name: String

    /// A change of the section `name` at `index`.
    package init(type: ChangeType, index: Int, name: String) {
        self.type = type
        self.index = index
        self.name = name
    }

    /// `didChange section "Work" insert 1`.
    public var description: String { "didChange section \"\(name)\" \(type) \(index)" }
}

/// An object inserted, deleted, moved or updated by a change event, with Apple's index paths:
/// delete (old, nil), insert (nil, new), move (old, new), update (old, new — nil in the ios9 profile).
///
/// An adapter's log holds one per object callback (Adapters' `Callback.object`).
///
/// ```swift
/// // by title: Eggs, Milk, Stamps; then Bread (#4) is inserted
/// change.type          // .insert
/// change.indexPath     // nil
/// change.newIndexPath  // [0, 0]
/// change.description   // "didChange object #4 insert → [0, 0]"
/// ```
public struct ObjectChange: CustomStringConvertible {
    /// Insert, delete, move or update.
    public let type: ChangeType
    /// The object that changed.
    public let object: ManagedObject
    /// Its index path before the event; `nil` for an insert.
    public let indexPath: IndexPath?
    /// Its index path after the event; `nil` for a delete.
    public let newIndexPath: IndexPath?

    /// A change of `object` from `indexPath` to `newIndexPath`.
    package init(type: ChangeType, object: ManagedObject, indexPath: IndexPath?, newIndexPath: IndexPath?) {
        self.type = type
        self.object = object
        self.indexPath = indexPath
        self.newIndexPath = newIndexPath
    }

    /// `didChange object #7 move [0, 2] → [1, 0]`.
    public var description: String {
        let id = object.objectID
        switch type {
        case .insert: return "didChange object \(id) insert → \(newIndexPath.map(\.description) ?? "nil")"
        case .delete: return "didChange object \(id) delete \(indexPath.map(\.description) ?? "nil")"
        case .move, .update:
            let old = indexPath.map(\.description) ?? "nil"
            let new = newIndexPath.map(\.description) ?? "nil"
            return "didChange object \(id) \(type) \(old) → \(new)"
        }
    }
}

/// Everything one change event reported, in delivery order.
package struct ResultsChangeSet: CustomStringConvertible {
    /// The section changes, in delivery order.
    package var sections: [SectionChange]
    /// The object changes, in delivery order.
    package var objects: [ObjectChange]

    /// Whether the event changed nothing the controller shows.
    package var isEmpty: Bool { sections.isEmpty && objects.isEmpty }

    package var description: String {
        (sections.map(\.description) + objects.map(\.description)).joined(separator: "\n")
    }
}

/// The new state after a change event as section names and object IDs (the iOS 13 snapshot).
///
/// ```swift
/// // the notes by list, then title: Errands (Stamps #3), Groceries (Eggs #2, Milk #1)
/// let snapshot = controller.snapshot()
/// snapshot.sections.map(\.name)  // ["Errands", "Groceries"]
/// snapshot.objectIDs             // [#3, #2, #1]
/// ```
public struct ResultsSnapshot: Hashable, Sendable {
    /// One section of a snapshot: its name and its objects in order.
    ///
    /// ```swift
    /// snapshot.sections[1].objectIDs  // [#2, #1]: Eggs, Milk in Groceries
    /// ```
    public struct Section: Hashable, Sendable {
        /// The section's name.
        public let name: String
        /// The section's objects, in order.
        public let objectIDs: [ObjectID]
    }

    /// The sections, in order.
    public let sections: [Section]
    /// The objects the change event moved or updated, which Core Data marks for reload
    /// (`reloadItemsWithIdentifiers:`); empty for the snapshot `performFetch()` delivers.
    public internal(set) var reloadedObjectIDs: [ObjectID] = []

    /// All object IDs in order.
    public var objectIDs: [ObjectID] { sections.flatMap(\.objectIDs) }
}
