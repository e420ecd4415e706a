import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// A fetched object as the controller's tree holds it: the object, its ID, and a snapshot of its
/// sort key in compact form (`CompactKey`) taken when it entered the tree, so it can still be
/// found after its values change.
///
/// The entry is trivially copyable (40 bytes): ordering two entries compares a few words inline,
/// and copying one touches no reference count. The object is a `LentReference`: the
/// controller's `tracked` table holds a strong reference to every object in its tree, which
/// keeps it valid (builds with storage checks stop on a read after the object was freed). An
/// inexact key's full values live in the controller's `InexactKeys`, by object ID.
struct ResultEntry {
    let reference: LentReference<ManagedObject>
    let objectID: ObjectID
    let code: CompactKey

    /// The object, retained for the caller (`reference.withObject` lends it instead).
    var object: ManagedObject { reference.object }

    init(object: ManagedObject, key: SortKey) {
        self.init(object: object, code: key.code)
    }

    init(object: ManagedObject, code: CompactKey) {
        reference = LentReference(object)
        objectID = object.objectID
        self.code = code
    }

    /// The entry of `candidate`'s object under `code`, its reference copied unretained as the
    /// candidate holds it (`init(object:code:)` would retain and release the object).
    @inline(__always)
    init(_ candidate: Candidate, code: CompactKey) {
        reference = candidate.reference
        objectID = candidate.objectID
        self.code = code
    }
}

/// A fetched object as the controller's `tracked` table holds it: a strong reference and the
/// compact key its tree entry has (32 bytes).
struct TrackedObject {
    let object: ManagedObject
    let code: CompactKey

    init(object: ManagedObject, key: SortKey) {
        self.object = object
        code = key.code
    }

    init(_ entry: ResultEntry) {
        object = entry.object
        code = entry.code
    }

    var entry: ResultEntry { ResultEntry(object: object, code: code) }
}

/// The full sort keys of the entries whose compact keys are inexact, by object ID: what a tree
/// comparison reads when two compact keys tie and one is inexact. Shared by the controller's
/// tree ordering and the controller, which keeps it in step with the tree: an ID's key here is
/// the one its tree entry was made from (during an event, the new key once the old entry has
/// left the tree).
final class InexactKeys {
    private(set) var keys: [ObjectID: SortKey] = [:]

    /// Records `key` as `id`'s key if it is inexact, else forgets any key of `id`.
    @inline(__always)
    func update(_ id: ObjectID, to key: SortKey) {
        if key.code.isInexact {
            keys[id] = key
        } else if !keys.isEmpty {
            keys[id] = nil
        }
    }

    /// Forgets `id`'s key.
    @inline(__always)
    func remove(_ id: ObjectID) {
        if !keys.isEmpty { keys[id] = nil }
    }

    subscript(id: ObjectID) -> SortKey? { keys[id] }
}

/// Orders entries by the sort descriptors, then by object ID (ascending, whatever the direction).
///
/// The compact keys decide unless they tie and one is inexact; then the full keys do, compared
/// with `Value.compare` as the descriptors direct.
struct EntryOrdering: TreeOrdering {
    let layout: KeyLayout
    let inexact: InexactKeys

    init(layout: KeyLayout, inexact: InexactKeys) {
        self.layout = layout
        self.inexact = inexact
    }

    var ascending: [Bool] { layout.ascending }

    @inline(__always)
    func areInIncreasingOrder(_ lhs: ResultEntry, _ rhs: ResultEntry) -> Bool {
        let a = lhs.code
        let b = rhs.code
        if a.w0 != b.w0 { return a.w0 < b.w0 }
        if a.w1 != b.w1 { return a.w1 < b.w1 }
        if a.w2 | 0xFF != b.w2 | 0xFF { return a.w2 < b.w2 }
        if (a.w2 | b.w2) & CompactKey.inexactFlag != 0 {
            let c = compareFull(lhs, rhs)
            if c != 0 { return c < 0 }
        }
        return lhs.objectID < rhs.objectID
    }

    /// `areInIncreasingOrder` on entries borrowed in place: the words of the compact keys, read
    /// from the tree's memory; the rare pairs they do not decide go to `orderTied`, out of line.
    @inline(__always)
    func isOrdered(_ lhs: borrowing ResultEntry, before rhs: borrowing ResultEntry) -> Bool {
        let a0 = lhs.code.w0
        let b0 = rhs.code.w0
        if a0 != b0 { return a0 < b0 }
        let a1 = lhs.code.w1
        let b1 = rhs.code.w1
        if a1 != b1 { return a1 < b1 }
        return orderTied(lhs, rhs)
    }

    /// The compact key's first two words, which decide almost every comparison.
    static var comparedBytes: Range<Int> {
        let start = MemoryLayout<ResultEntry>.offset(of: \ResultEntry.code) ?? 0
        return start..<start + 2 * MemoryLayout<UInt64>.size
    }

    /// `areInIncreasingOrder` for two entries whose first two words tie.
    @inline(never)
    func orderTied(_ lhs: borrowing ResultEntry, _ rhs: borrowing ResultEntry) -> Bool {
        areInIncreasingOrder(lhs, rhs)
    }

    /// Three-way comparison of the full keys of two entries whose compact keys tie.
    @inline(never)
    func compareFull(_ lhs: ResultEntry, _ rhs: ResultEntry) -> Int {
        guard let a = fullKey(of: lhs), let b = fullKey(of: rhs) else { return 0 }
        for i in 0..<layout.ascending.count {
            let c = SortKey.compare(a, b, at: i)
            if c != 0 { return layout.ascending[i] ? c : -c }
        }
        return 0
    }

    /// The full key `entry` was made from: decoded if exact, else from `inexact` (nil only if
    /// the controller failed to record it).
    func fullKey(of entry: ResultEntry) -> SortKey? {
        if entry.code.isInexact { return inexact[entry.objectID] }
        return layout.decode(entry.code).map { SortKey(decoded: $0, code: entry.code) }
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
    /// The value that stands for this section key value's section. Apple keys sections by name
    /// and names a nil key `""` (the unnamed section), so nil and `""` are one section; `""` is
    /// mapped to nil, which sorts next to it in either direction (nil first, then `""`, the least
    /// string). Every other value is its own section. (semantics.md, "nil and "" section keys")
    var sectionIdentity: Value {
        if case .string(let text) = self, text.isEmpty { return .null }
        return self
    }
}
