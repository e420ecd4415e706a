import FetchSimCore
import ObjectGraph

/// The kind of a reported change, as `NSFetchedResultsChangeType`.
public enum ChangeType: String, Sendable, CustomStringConvertible {
    case insert, delete, move, update

    public var description: String { rawValue }
}

/// A section inserted or deleted by a change event (sections are never moved or updated).
public struct SectionChange: Hashable, Sendable, CustomStringConvertible {
    /// Insert or delete.
    public let type: ChangeType
    /// The old index for a delete, the new index for an insert.
    public let index: Int
    /// The section's name.
    public let name: String

    /// A change of the section `name` at `index`.
    public init(type: ChangeType, index: Int, name: String) {
        self.type = type
        self.index = index
        self.name = name
    }

    /// `didChange section "Work" insert 1`.
    public var description: String { "didChange section \"\(name)\" \(type) \(index)" }
}

/// An object inserted, deleted, moved or updated by a change event, with Apple's index paths:
/// delete (old, nil), insert (nil, new), move (old, new), update (old, new — nil in the ios9 profile).
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
    public init(type: ChangeType, object: ManagedObject, indexPath: IndexPath?, newIndexPath: IndexPath?) {
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
public struct ResultsChangeSet: CustomStringConvertible {
    /// The section changes, in delivery order.
    public var sections: [SectionChange]
    /// The object changes, in delivery order.
    public var objects: [ObjectChange]

    /// Whether the event changed nothing the controller shows.
    public var isEmpty: Bool { sections.isEmpty && objects.isEmpty }

    public var description: String {
        (sections.map(\.description) + objects.map(\.description)).joined(separator: "\n")
    }
}

/// The new state after a change event as section names and object IDs (the iOS 13 snapshot).
public struct ResultsSnapshot: Hashable, Sendable {
    /// One section of a snapshot: its name and its objects in order.
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
