/// One attribute's change within a change event: its old and new value.
public struct ValueChange: Hashable, Sendable {
    public let key: String
    /// The attribute's position in its entity.
    public let index: Int
    public let oldValue: Value
    public let newValue: Value
}

/// The single notification a context posts per change event (one run-loop turn), like
/// `NSManagedObjectContextObjectsDidChange`: the inserted, updated and deleted objects, each list
/// in object-ID order, and for every updated object the keys that changed with old and new values.
public struct ObjectsDidChange {
    public let inserted: [ManagedObject]
    public let updated: [ManagedObject]
    public let deleted: [ManagedObject]
    /// Per updated object, its changed keys in attribute order.
    public let changedValues: [ObjectID: [ValueChange]]

    public var insertedIDs: Set<ObjectID> { Set(inserted.map(\.objectID)) }
    public var updatedIDs: Set<ObjectID> { Set(updated.map(\.objectID)) }
    public var deletedIDs: Set<ObjectID> { Set(deleted.map(\.objectID)) }

    /// Whether the event carries no change at all.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// The total number of objects the event touches.
    public var count: Int { inserted.count + updated.count + deleted.count }
}

/// What a save wrote: the IDs inserted into, updated in and deleted from the store.
public struct SaveSummary: Hashable, Sendable {
    public let insertedIDs: Set<ObjectID>
    public let updatedIDs: Set<ObjectID>
    public let deletedIDs: Set<ObjectID>

    public var isEmpty: Bool { insertedIDs.isEmpty && updatedIDs.isEmpty && deletedIDs.isEmpty }
}

/// Everything a context tells its observers.
public enum ContextNotification {
    /// A change event was processed (`objectsDidChange`).
    case objectsDidChange(ObjectsDidChange)
    /// A save is about to write (`willSave`).
    case willSave
    /// A save has been written (`didSave`).
    case didSave(SaveSummary)
}

/// Identifies an observer registration, for `ObjectContext.removeObserver(_:)`.
public struct ObserverToken: Hashable, Sendable {
    let rawValue: Int
}
