import FetchSimStorage
import ObjectGraph

/// An object a change event may report: where it was, where it is, and what changed about it.
struct Candidate {
    /// Not retained: a candidate lives only while its event is handled, and the event's
    /// notification (or, for an object a window evicts or promotes, the controller's tracked
    /// table) holds the object until then.
    let reference: LentReference<ManagedObject>
    /// The object, retained for the caller.
    var object: ManagedObject { reference.object }
    /// `object.objectID`, read once: reading it through the unretained reference at each use
    /// retains and releases the object around the read.
    let objectID: ObjectID
    /// The tree entry it had before the event (nil if it was not among the results).
    let oldEntry: ResultEntry?
    /// Its sort key now (nil if it is not among the results any more).
    let newKey: SortKey?
    /// Whether it has a new key (`newKey != nil`), and that key's compact form (zero without
    /// one): plain values, read without copying the key (an optional `SortKey` is copied
    /// through generic value witnesses).
    let hasNewKey: Bool
    let newCode: CompactKey
    /// The section identity of the new key's first value (`.null` without a new key).
    let newSection: Value
    /// Whether the context reported it as updated.
    let isUpdated: Bool
    /// Whether it is tracked before and after, with a different sort or section key.
    let keyChanged: Bool
    /// Whether an attribute other than its sort and section keys changed too (only worked out
    /// for the ios9 profile, which reports such an object's update besides its move).
    let otherAttributesChanged: Bool
    var old: Slot?
    var new: Slot?

    /// `oldKey`: the full key of an inexact `oldEntry` (see `CompactKey`), which decides whether
    /// the key changed when the compact keys are equal.
    init(
        object: ManagedObject, oldEntry: ResultEntry?, newKey: SortKey?, isUpdated: Bool,
        otherAttributesChanged: Bool = false,
        oldKey: SortKey? = nil
    ) {
        if let newKey {
            let changed =
                oldEntry.map { $0.code != newKey.code || (newKey.code.isInexact && oldKey != newKey) } ?? false
            self.init(
                object: object, oldEntry: oldEntry, key: newKey, keyChanged: changed, isUpdated: isUpdated,
                otherAttributesChanged: otherAttributesChanged)
        } else {
            self.init(
                object: object, oldEntry: oldEntry, isUpdated: isUpdated, otherAttributesChanged: otherAttributesChanged
            )
        }
    }

    /// An object among the results after the event, under `key`; `keyChanged`: whether it was
    /// among them before under another sort or section key. Takes the key as it is: testing,
    /// binding or comparing an optional `SortKey` copies and destroys it through generic value
    /// witnesses, which cost far more than the key's own work.
    init(
        object: ManagedObject, oldEntry: ResultEntry?, key: SortKey, keyChanged: Bool, isUpdated: Bool,
        otherAttributesChanged: Bool = false
    ) {
        reference = LentReference(object)
        objectID = object.objectID
        self.oldEntry = oldEntry
        self.isUpdated = isUpdated
        self.otherAttributesChanged = otherAttributesChanged
        self.keyChanged = oldEntry != nil && keyChanged
        leavesTree = oldEntry != nil && keyChanged
        entersTree = oldEntry == nil || keyChanged
        hasNewKey = true
        newCode = key.code
        newSection = key[0].sectionIdentity
        newKey = key
    }

    /// An object not among the results after the event (it may have been before).
    init(object: ManagedObject, oldEntry: ResultEntry?, isUpdated: Bool, otherAttributesChanged: Bool = false) {
        reference = LentReference(object)
        objectID = object.objectID
        self.oldEntry = oldEntry
        self.isUpdated = isUpdated
        self.otherAttributesChanged = otherAttributesChanged
        keyChanged = false
        leavesTree = oldEntry != nil
        entersTree = false
        hasNewKey = false
        newCode = CompactKey()
        newSection = .null
        newKey = nil
    }

    /// Whether the tree must drop its old entry.
    let leavesTree: Bool
    /// Whether the tree must take a new entry.
    let entersTree: Bool
}
