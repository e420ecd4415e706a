import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// The controller's tracked objects by ID: for every object in its tree, a strong reference and
/// the compact sort key its tree entry has.
///
/// Object IDs are integers handed out in increasing order and never reused, so the objects a
/// controller tracks usually have IDs close together. While they do, the table is an array
/// indexed by ID (minus the lowest): 32 bytes per ID in the span (`TrackedObject`), against
/// 40 bytes per bucket at a load factor of ½–¾ for a dictionary, and a lookup is an index
/// instead of a hash. When the span grows past `maximumSpread` times the number of objects (a
/// predicate matching few objects of a large context), the table becomes a dictionary for good.
/// - Complexity: O(1) expected per lookup, insertion and removal (amortised when the span grows).
struct TrackedTable {
    /// How many IDs the span may hold per tracked object before the table turns into a dictionary.
    static let maximumSpread = 4
    /// Spans up to this size stay arrays whatever the count.
    static let minimumSpan = 1_024

    /// Dense storage: `slots[id - base]`.
    private var slots: [TrackedObject?] = []
    private var base = 0
    /// Sparse storage, once the IDs spread too far apart (`isSparse`).
    private var sparse: [ObjectID: TrackedObject] = [:]
    private var isSparse = false
    /// The number of tracked objects.
    private(set) var count = 0

    init() {}

    /// An empty table with room for IDs `first...last` without growing, when that span is one
    /// the table keeps as an array for `expectedCount` objects — and for a quarter as many new
    /// IDs again: objects inserted after a fetch get the next IDs, and growing a full array
    /// copies all of it. (Room not yet used is not resident memory.) A large table asks for
    /// transparent huge pages before it is filled (`adviseHugePages()`): its lookups land at
    /// random in tens of megabytes, where 4 KB pages miss the TLB on nearly every one.
    init(spanning first: ObjectID, _ last: ObjectID, expectedCount: Int) {
        let span = last.rawValue - first.rawValue + 1
        guard span > 0, span <= max(Self.minimumSpan, expectedCount * Self.maximumSpread) else { return }
        slots.reserveCapacity(span + span / 4)
        if span >= Self.hugePageSpan { slots.adviseHugePages() }
    }

    /// Spans from which a table reserved up front asks for huge pages (8 MB of slots and more).
    static let hugePageSpan = 1 << 18

    /// The tracked object with `id`, or nil; setting nil stops tracking it.
    subscript(id: ObjectID) -> TrackedObject? {
        get {
            if isSparse { return sparse[id] }
            let index = id.rawValue &- base
            guard index >= 0, index < slots.count else { return nil }
            return slots[index]
        }
        set {
            if isSparse {
                let old =
                    if let newValue { sparse.updateValue(newValue, forKey: id) } else { sparse.removeValue(forKey: id) }
                count += (newValue == nil ? 0 : 1) - (old == nil ? 0 : 1)
                return
            }
            guard let newValue else {
                let index = id.rawValue &- base
                guard index >= 0, index < slots.count, slots[index] != nil else { return }
                slots[index] = nil
                count -= 1
                if count == 0 { (slots, base) = ([], 0) }
                return
            }
            setDense(newValue, for: id)
        }
    }

    /// The tree entry of the tracked object with `id` (`self[id]?.entry`). The entry does not
    /// own its object, so the slot's reference is lent to it (`LentReference.lending`), not
    /// retained for it.
    @inline(__always)
    func entry(of id: ObjectID) -> ResultEntry? {
        if isSparse { return sparse[id]?.entry }
        let index = id.rawValue &- base
        guard index >= 0, index < slots.count, let tracked = slots[index] else { return nil }
        return LentReference.lending(tracked.object) { ResultEntry(object: $0, code: tracked.code) }
    }

    /// Asks the CPU to bring the slots of `objects` into the caches (a hint: nothing changes),
    /// so that looking them up one after another does not wait for each miss in turn.
    /// - Complexity: O(m) for m objects, no dependent loads.
    func prefetch(_ objects: [ManagedObject]) {
        guard !isSparse else { return }
        for object in objects { slots.prefetchElement(at: object.objectID.rawValue &- base) }
    }

    /// The IDs of the tracked objects (in ID order while dense).
    var keys: [ObjectID] {
        if isSparse { return Array(sparse.keys) }
        return slots.indices.compactMap { slots[$0] == nil ? nil : ObjectID(base + $0) }
    }

    private mutating func setDense(_ object: TrackedObject, for id: ObjectID) {
        if slots.isEmpty { base = id.rawValue }
        var index = id.rawValue &- base
        if index == slots.count, index > 0, index < max(Self.minimumSpan, (count + 1) * Self.maximumSpread) {
            // The next ID past the end, within the span the table keeps dense (a fetch fills
            // the table in ID order): one append.
            slots.append(object)
            count += 1
            return
        }
        if index < 0 || index >= slots.count {
            let low = min(base, id.rawValue)
            let high = max(base + slots.count, id.rawValue + 1)
            guard high - low <= max(Self.minimumSpan, (count + 1) * Self.maximumSpread) else {
                becomeSparse()
                self[id] = object
                return
            }
            if index < 0 {
                // Room for half as many lower IDs again, so that objects entering in descending
                // ID order do not move the whole array each time (amortised O(1), as appends).
                let grow = max(-index, slots.count / 2)
                slots.insert(contentsOf: repeatElement(nil, count: grow), at: 0)
                base -= grow
                index += grow
            } else {
                slots.append(contentsOf: repeatElement(nil, count: index - slots.count + 1))
            }
        }
        if slots[index] == nil { count += 1 }
        slots[index] = object
    }

    private mutating func becomeSparse() {
        var table: [ObjectID: TrackedObject] = Dictionary(minimumCapacity: count)
        for index in slots.indices {
            if let object = slots[index] { table[ObjectID(base + index)] = object }
        }
        (slots, base, sparse, isSparse) = ([], 0, table, true)
    }
}
