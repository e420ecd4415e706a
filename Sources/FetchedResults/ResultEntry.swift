import FetchSimCore
import ObjectGraph

/// A fetched object as the controller's tree holds it: the object, its ID, and a snapshot of its
/// sort key taken when it entered the tree, so it can still be found after its values change.
///
/// Key and ID are inline, so ordering two entries reads nothing but the entries. The object is
/// held `unowned(unsafe)`: copying an entry, as every comparison in a tree search does, then
/// touches no reference count in the object's (cold) memory. The controller's `tracked` table
/// holds a strong reference to every object in its tree, which keeps the pointer valid.
struct ResultEntry {
    unowned(unsafe) let object: ManagedObject
    let objectID: ObjectID
    let key: SortKey

    init(object: ManagedObject, key: SortKey) {
        self.object = object
        objectID = object.objectID
        self.key = key
    }
}

/// A fetched object as the controller's `tracked` table holds it: a strong reference and the sort
/// key its tree entry has.
struct TrackedObject {
    let object: ManagedObject
    let key: SortKey

    init(object: ManagedObject, key: SortKey) {
        self.object = object
        self.key = key
    }

    init(_ entry: ResultEntry) {
        object = entry.object
        key = entry.key
    }

    var entry: ResultEntry { ResultEntry(object: object, key: key) }
}

/// Orders entries by the sort descriptors, then by object ID (ascending, whatever the direction).
struct EntryOrdering: TreeOrdering {
    let ascending: [Bool]

    @inline(__always)
    func areInIncreasingOrder(_ lhs: ResultEntry, _ rhs: ResultEntry) -> Bool {
        for i in 0..<ascending.count {
            let c = SortKey.compare(lhs.key, rhs.key, at: i)
            if c != 0 { return ascending[i] ? c < 0 : c > 0 }
        }
        return lhs.objectID < rhs.objectID
    }
}

/// A section as the controller's section tree holds it: the section key value and its running
/// state; its weight in the tree is the number of objects in the section.
struct SectionEntry {
    let value: Value
    /// Shared with every copy of the entry the tree hands out; nil in the keys used for searching.
    let state: SectionState?

    init(value: Value, state: SectionState? = nil) {
        self.value = value
        self.state = state
    }
}

/// What the controller keeps up to date about one section besides its count.
final class SectionState {
    /// The fingerprint of the section's object IDs, in order.
    var fingerprint: SequenceFingerprint

    init(fingerprint: SequenceFingerprint = SequenceFingerprint()) {
        self.fingerprint = fingerprint
    }
}

/// Orders sections as the first sort descriptor orders their objects.
struct SectionOrdering: TreeOrdering {
    let ascending: Bool

    @inline(__always)
    func areInIncreasingOrder(_ lhs: SectionEntry, _ rhs: SectionEntry) -> Bool {
        let c = Value.compare(lhs.value, rhs.value)
        return ascending ? c < 0 : c > 0
    }
}

extension Value {
    /// The section name a section key value gives: its text, and `""` for nil.
    var sectionName: String {
        isNull ? "" : description
    }

    /// The value that stands for this section key value's section. Apple keys sections by name
    /// and names a nil key `""` (the unnamed section), so nil and `""` are one section; `""` is
    /// mapped to nil, which sorts next to it in either direction (nil first, then `""`, the least
    /// string). Every other value is its own section. (semantics.md, "nil and "" section keys")
    var sectionIdentity: Value {
        if case .string(let text) = self, text.isEmpty { return .null }
        return self
    }
}
