/// One attribute's change within a change event: its old and new value.
///
/// ```swift
/// try context.setValue(.string("Eggs"), forKey: "title", of: note.objectID)  // was "Milk"
/// let event = try context.processPendingChanges()
/// let change = event?.changedValues[note.objectID]?.first
/// change?.key                              // "title"
/// (change?.oldValue, change?.newValue)     // (.string("Milk"), .string("Eggs"))
/// ```
public struct ValueChange: Hashable, Sendable {
    /// The attribute's name.
    public let key: String
    /// The attribute's position in its entity.
    public let index: Int
    /// The value before the event.
    public let oldValue: Value
    /// The value after the event.
    public let newValue: Value
}

/// The single notification a context posts per change event (one run-loop turn), like
/// `NSManagedObjectContextObjectsDidChange`: the inserted, updated and deleted objects, each list
/// in object-ID order, and for every updated object the keys that changed with old and new values.
///
/// ```swift
/// try context.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
/// if let event = try context.processPendingChanges() {
///     event.updatedIDs                                 // [note.objectID]
///     event.changedValues[note.objectID]?.map(\.key)  // ["title"]
/// }
/// ```
public struct ObjectsDidChange {
    /// The objects inserted in this event.
    public let inserted: [ManagedObject]
    /// The objects whose values changed in this event (not inserted or deleted in it).
    public let updated: [ManagedObject]
    /// The objects deleted in this event, with their last values.
    public let deleted: [ManagedObject]
    /// Per updated object, its changed keys in attribute order.
    ///
    /// Built on first use and kept: most observers never ask, and a dictionary by ID costs a
    /// hash per updated object (`updatedChanges` has the same lists in `updated`'s order).
    public var changedValues: [ObjectID: [ValueChange]] {
        changedValuesTable.table(updated: updated, changes: updatedChanges)
    }
    /// The changed keys of each object of `updated`, in the same order.
    let updatedChanges: UpdatedChanges
    private let changedValuesTable = ChangedValuesTable()
    /// The objects `ObjectContext.refresh(_:)` was called on in this event and that are not
    /// inserted, updated or deleted in it (Core Data's `NSRefreshedObjectsKey`), in ID order.
    public internal(set) var refreshed: [ManagedObject] = []

    /// An event whose updated objects' changes are `updatedChanges`, in `updated`'s order.
    init(inserted: [ManagedObject], updated: [ManagedObject], deleted: [ManagedObject], updatedChanges: UpdatedChanges)
    {
        precondition(updated.count == updatedChanges.count, "one list of changes per updated object")
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.updatedChanges = updatedChanges
    }

    /// An event whose updated objects' changes are given by ID (none for an ID not there).
    init(
        inserted: [ManagedObject], updated: [ManagedObject], deleted: [ManagedObject],
        changedValues: [ObjectID: [ValueChange]]
    ) {
        var changes = UpdatedChanges()
        for object in updated { changes.append(changedValues[object.objectID] ?? []) }
        self.init(inserted: inserted, updated: updated, deleted: deleted, updatedChanges: changes)
    }

    /// The IDs of `inserted`.
    public var insertedIDs: Set<ObjectID> { Set(inserted.map(\.objectID)) }
    /// The IDs of `updated`.
    public var updatedIDs: Set<ObjectID> { Set(updated.map(\.objectID)) }
    /// The IDs of `deleted`.
    public var deletedIDs: Set<ObjectID> { Set(deleted.map(\.objectID)) }

    /// Whether the event carries no change at all (not even a refreshed object).
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty && refreshed.isEmpty }

    /// The total number of objects the event touches.
    public var count: Int { inserted.count + updated.count + deleted.count + refreshed.count }
}

/// The dictionary `ObjectsDidChange.changedValues` returns, made the first time it is asked for
/// and shared by the copies of the event.
private final class ChangedValuesTable {
    private var built: [ObjectID: [ValueChange]]?

    func table(updated: [ManagedObject], changes: UpdatedChanges) -> [ObjectID: [ValueChange]] {
        if let built { return built }
        var table: [ObjectID: [ValueChange]] = [:]
        table.reserveCapacity(updated.count)
        for (index, object) in updated.enumerated() { table[object.objectID] = Array(changes[index]) }
        built = table
        return table
    }
}

/// What a save wrote: the IDs inserted into, updated in and deleted from the store.
///
/// ```swift
/// let note = try context.insert("Note", values: [("title", .string("Milk"))])
/// try context.save().insertedIDs  // [note.objectID]
/// try context.delete(note.objectID)
/// try context.save().deletedIDs   // [note.objectID]
/// ```
public struct SaveSummary: Hashable, Sendable {
    /// The objects the save added to the store.
    public let insertedIDs: Set<ObjectID>
    /// The objects whose stored values the save changed.
    public let updatedIDs: Set<ObjectID>
    /// The objects the save removed from the store.
    public let deletedIDs: Set<ObjectID>

    /// Whether the save wrote nothing.
    public var isEmpty: Bool { insertedIDs.isEmpty && updatedIDs.isEmpty && deletedIDs.isEmpty }
}

/// Everything a context tells its observers.
///
/// ```swift
/// context.addObserver { notification in
///     switch notification {
///     case .objectsDidChange(let event): print("changed", event.count)
///     case .didSave(let summary): print("saved", summary.insertedIDs.count)
///     case .willSave, .objectIDsMutated: break
///     }
/// }
/// ```
public enum ContextNotification {
    /// A change event was processed (`objectsDidChange`).
    case objectsDidChange(ObjectsDidChange)
    /// A save is about to write (`willSave`).
    case willSave
    /// A save has been written (`didSave`).
    case didSave(SaveSummary)
    /// Objects' temporary IDs became permanent, by `obtainPermanentIDs(for:)` or by a save
    /// (Core Data's private `_NSManagedObjectContextPrivateDidMutateObjectIDsNotification`), in
    /// ID order. FetchSim's IDs keep their number; what changes is `isTemporaryID(_:)`.
    case objectIDsMutated([ObjectID])
}

/// Identifies an observer registration, for `ObjectContext.removeObserver(_:)`.
///
/// ```swift
/// var saves = 0
/// let token = context.addObserver { if case .didSave = $0 { saves += 1 } }
/// try context.insert("Note", values: [("title", .string("Milk"))])
/// try context.save()              // saves == 1
/// context.removeObserver(token)
/// try context.insert("Note", values: [("title", .string("Eggs"))])
/// try context.save()              // saves is still 1
/// ```
public struct ObserverToken: Hashable, Sendable {
    let rawValue: Int
}
