/// A context's live objects by ID: an array indexed by the ID itself.
///
/// Object IDs are handed out in increasing order from 1 and never reused, so the IDs of a
/// context's objects are dense: one 8-byte slot per ID, where a dictionary takes 16 bytes per
/// bucket at a load factor of ½–¾, and a second dictionary per entity as much again. Walking the
/// slots gives the objects in ID (creation) order without sorting. An ID far beyond the slots
/// (more than twice the live count, as another context's or a hand-made store's may be) goes to
/// a dictionary instead, so a stray large ID never allocates a huge array.
struct ObjectTable {
    private var slots: [ManagedObject?] = []
    private var sparse: [ObjectID: ManagedObject] = [:]
    /// The number of live objects.
    private(set) var count = 0

    /// IDs below this always get a slot, however few objects there are.
    static let minimumDenseLimit = 1 << 16

    /// The object with `id`, if it is in the table.
    /// - Complexity: O(1) for an ID with a slot; a hash lookup otherwise.
    subscript(id: ObjectID) -> ManagedObject? {
        let raw = id.rawValue
        if raw >= 0, raw < slots.count { return slots[raw] }
        return sparse.isEmpty ? nil : sparse[id]
    }

    /// Whether the object with `id` is in the table.
    func contains(_ id: ObjectID) -> Bool {
        let raw = id.rawValue
        if raw >= 0, raw < slots.count { return slots[raw] != nil }
        return sparse.isEmpty ? false : sparse[id] != nil
    }

    /// Adds `object` under its ID, replacing any object there; returns whether the ID was free.
    @discardableResult
    mutating func insert(_ object: ManagedObject) -> Bool {
        let id = object.objectID
        let raw = id.rawValue
        if raw == slots.count, raw > 0, raw < max(Self.minimumDenseLimit, 2 * (count + 1)) {
            // The next ID past the end (a load in ID order): one append.
            slots.append(object)
            count += 1
            return true
        }
        if raw >= 0, raw < max(Self.minimumDenseLimit, 2 * (count + 1), slots.count) {
            if raw >= slots.count {
                slots.append(contentsOf: repeatElement(nil, count: raw - slots.count + 1))
            }
            let isNew = slots[raw] == nil
            if isNew { count += 1 }
            slots[raw] = object
            return isNew
        }
        guard sparse.updateValue(object, forKey: id) == nil else { return false }
        count += 1
        return true
    }

    /// Removes the object with `id`, if there is one.
    mutating func remove(_ id: ObjectID) {
        let raw = id.rawValue
        if raw >= 0, raw < slots.count {
            if slots[raw] != nil { count -= 1 }
            slots[raw] = nil
        } else if sparse.removeValue(forKey: id) != nil {
            count -= 1
        }
    }

    /// Moves objects from the dictionary into slots where the live count now justifies them: a
    /// store that hands over its objects entity by entity may give high IDs before low ones.
    mutating func densify() {
        guard !sparse.isEmpty else { return }
        let limit = max(Self.minimumDenseLimit, 2 * count, slots.count)
        let movable = sparse.keys.filter { $0.rawValue >= 0 && $0.rawValue < limit }
        guard let highest = movable.max() else { return }
        if highest.rawValue >= slots.count {
            slots.append(contentsOf: repeatElement(nil, count: highest.rawValue - slots.count + 1))
        }
        for id in movable {
            slots[id.rawValue] = sparse.removeValue(forKey: id)
        }
    }

    /// Calls `body` with every object, in ID order.
    /// - Complexity: O(s + k log k) for s slots (at most about twice the live objects' count
    ///   beyond the highest dense ID) and k objects with IDs without a slot.
    func forEach(_ body: (ManagedObject) throws -> Void) rethrows {
        guard !sparse.isEmpty else {
            for case let object? in slots { try body(object) }
            return
        }
        let outliers = sparse.keys.sorted()
        var next = 0
        // Negative IDs (never handed out by a context, but a store may hold them) come first.
        while next < outliers.count, outliers[next].rawValue < 0 {
            if let object = sparse[outliers[next]] { try body(object) }
            next += 1
        }
        for case let object? in slots { try body(object) }
        while next < outliers.count {
            if let object = sparse[outliers[next]] { try body(object) }
            next += 1
        }
    }
}
