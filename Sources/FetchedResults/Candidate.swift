import ObjectGraph

/// An object a change event may report: where it was, where it is, and what changed about it.
struct Candidate {
    let object: ManagedObject
    /// The tree entry it had before the event (nil if it was not among the results).
    let oldEntry: ResultEntry?
    /// Its sort key now (nil if it is not among the results any more).
    let newKey: SortKey?
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
    init(object: ManagedObject, oldEntry: ResultEntry?, newKey: SortKey?, isUpdated: Bool, otherAttributesChanged: Bool = false,
         oldKey: SortKey? = nil) {
        self.object = object
        self.oldEntry = oldEntry
        self.newKey = newKey
        self.isUpdated = isUpdated
        self.otherAttributesChanged = otherAttributesChanged
        if let oldEntry, let newKey {
            keyChanged = oldEntry.code != newKey.code || (newKey.code.isInexact && oldKey != newKey)
        } else {
            keyChanged = false
        }
    }

    /// Whether the tree must drop its old entry.
    var leavesTree: Bool { oldEntry != nil && (newKey == nil || keyChanged) }
    /// Whether the tree must take a new entry.
    var entersTree: Bool { newKey != nil && (oldEntry == nil || keyChanged) }
}
