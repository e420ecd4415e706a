import ObjectGraph

/// A context's managed objects by engine object ID: its identity map.
///
/// The engine hands out object IDs in increasing order from 1, so the IDs a context holds are
/// dense and an array indexed by the ID finds an object without hashing the ID: the fetched
/// results controller's `object(at:)` and every change callback look one up. An ID far beyond
/// the slots (more than twice the objects held, as a hand-made store's may be) goes to a
/// dictionary instead, so that a stray large ID never allocates a huge array.
///
/// ```swift
/// var table = WrapperTable()
/// table[note.engineID] = note
/// table[note.engineID] === note   // true
/// table.values                    // every object held, in ID order
/// ```
struct WrapperTable {
    private var slots: [NSManagedObject?] = []
    private var sparse: [ObjectID: NSManagedObject] = [:]
    /// The number of objects held.
    private(set) var count = 0

    /// IDs below this always get a slot, however few objects there are.
    static let minimumDenseLimit = 1 << 16

    /// The object with engine ID `id`, if the table holds one; setting nil removes it.
    subscript(id: ObjectID) -> NSManagedObject? {
        get {
            let raw = id.rawValue
            if raw >= 0, raw < slots.count, let object = slots[raw] { return object }
            return sparse.isEmpty ? nil : sparse[id]
        }
        set {
            let raw = id.rawValue
            let old = self[id]
            if old != nil { count -= 1 }
            if !sparse.isEmpty { sparse[id] = nil }
            if raw >= 0, raw < slots.count {
                slots[raw] = newValue
            } else if let newValue {
                if raw >= 0, raw < max(Self.minimumDenseLimit, 2 * (count + 1)) {
                    slots.append(contentsOf: repeatElement(nil, count: raw - slots.count + 1))
                    slots[raw] = newValue
                } else {
                    sparse[id] = newValue
                }
            }
            if newValue != nil { count += 1 }
        }
    }

    /// Every object held, in ID order.
    var values: [NSManagedObject] {
        let dense = slots.compactMap { $0 }
        guard !sparse.isEmpty else { return dense }
        return (dense + sparse.values).sorted { $0.engineID < $1.engineID }
    }

    /// Removes every object.
    mutating func removeAll() {
        self = WrapperTable()
    }
}
