import ObjectGraph

/// Where a dropped row's new index key goes, and which other keys change to make room: the
/// pure core of a drag's write-back (docs/reorder.md).
///
/// The input is one section in the list's *full* order — every object of the entity with that
/// section key, hidden ones included, sorted as the fetch sorts — with the dragged object left
/// out, and the slot it goes into. The plan gives the dragged object a key strictly between its
/// new neighbours' keys (in the list's direction), so that it sorts into that slot and every
/// other object keeps its place; when no such key is free, it rewrites the keys of the smallest
/// window around the slot (sparse, fractional) or renumbers the section (dense). No key it
/// writes equals another key of the section.
package enum RowPlacement {
    /// A new key for the object at `position` of the section (the dragged object left out).
    package struct Rewrite: Equatable, Sendable {
        package var position: Int
        package var key: Value

        package init(position: Int, key: Value) {
            self.position = position
            self.key = key
        }
    }

    /// What to write for one drop.
    package struct Plan: Equatable, Sendable {
        /// The dragged object's new key.
        package var key: Value
        /// The other objects whose key changes, by ascending position.
        package var rewrites: [Rewrite]

        package init(key: Value, rewrites: [Rewrite] = []) {
            self.key = key
            self.rewrites = rewrites
        }
    }

    /// Plans a drop into slot `slot` (0…`count`: before the object at that position).
    /// - Parameters:
    ///   - count: the section's objects, the dragged one left out.
    ///   - key: the index key of the object at a position, in the list's order.
    ///   - slot: where the dragged object lands, 0…`count`.
    ///   - strategy: how the index attribute is renumbered.
    ///   - ascending: whether the list sorts the index attribute ascending.
    ///   - type: the index attribute's type (`.int`, `.double`, or `.string` for fractional; see
    ///     `ReorderStrategy.accepts`).
    /// - Returns: the key the dragged object takes and the rewrites of its neighbours.
    /// - Complexity: dense O(count); sparse and fractional O(1) key reads for a midpoint, and
    ///   O(w) for a window of w rewritten keys.
    package static func plan(
        count: Int, key: (Int) -> Value, slot: Int, strategy: ReorderStrategy, ascending: Bool, type: AttributeType
    ) -> Plan {
        precondition((0...count).contains(slot), "slot \(slot) out of 0…\(count)")
        // Work in ascending order; a descending list is the same list read backwards.
        let up = ascending ? slot : count - slot
        var plan = withoutActuallyEscaping(key) { key in
            let read: (Int) -> Value = ascending ? key : { key(count - 1 - $0) }
            switch strategy {
            case .dense: return dense(count: count, key: read, slot: up, type: type)
            case .sparse: return windowed(count: count, key: read, slot: up, space: IntegerKeys())
            case .fractional where type == .string:
                return windowed(count: count, key: read, slot: up, space: StringKeys())
            case .fractional: return windowed(count: count, key: read, slot: up, space: DoubleKeys())
            }
        }
        if !ascending {
            plan.rewrites = plan.rewrites.map { Rewrite(position: count - 1 - $0.position, key: $0.key) }.reversed()
        }
        return plan
    }

    /// The keys 0…n−1 for a section without an insertion (the source section of a dense
    /// cross-section drag): the objects whose key changes.
    package static func renumber(count: Int, key: (Int) -> Value, ascending: Bool, type: AttributeType) -> [Rewrite] {
        (0..<count).compactMap { position in
            let wanted = denseKey(ascending ? position : count - 1 - position, type: type)
            return key(position).isEqual(to: wanted) && key(position).type == wanted.type
                ? nil : Rewrite(position: position, key: wanted)
        }
    }

    // MARK: Dense

    private static func dense(count: Int, key: (Int) -> Value, slot: Int, type: AttributeType) -> Plan {
        var rewrites: [Rewrite] = []
        for position in 0..<count {
            let wanted = denseKey(position < slot ? position : position + 1, type: type)
            let old = key(position)
            if !(old.isEqual(to: wanted) && old.type == wanted.type) {
                rewrites.append(Rewrite(position: position, key: wanted))
            }
        }
        return Plan(key: denseKey(slot, type: type), rewrites: rewrites)
    }

    private static func denseKey(_ n: Int, type: AttributeType) -> Value {
        type == .double ? .double(Double(n)) : .int(n)
    }

    // MARK: Sparse and fractional

    /// A bound of a gap: none (the section's end, or a nil key below), a key, or a nil key above
    /// (nothing sorts below nil, so no key fits under it).
    enum Edge<Key> {
        case open
        case key(Key)
        case blocked
    }

    /// Midpoint first; otherwise the smallest window of 2w keys around the slot (w = 1, 2, 4, …)
    /// whose bounds leave room for its keys and the dragged one, spread evenly.
    private static func windowed<Space: KeySpace>(count: Int, key: (Int) -> Value, slot: Int, space: Space) -> Plan {
        func lower(_ position: Int) -> Edge<Space.Key> {
            position < 0 ? .open : space.bound(key(position), below: true)
        }
        func upper(_ position: Int) -> Edge<Space.Key> {
            position >= count ? .open : space.bound(key(position), below: false)
        }
        if let middle = space.between(lower(slot - 1), upper(slot)) {
            return Plan(key: space.value(middle))
        }
        var radius = 1
        while true {
            let low = max(0, slot - radius)
            let high = min(count, slot + radius)
            let whole = low == 0 && high == count
            if let keys = space.spread(high - low + 1, lower(low - 1), upper(high))
                ?? (whole ? space.dense(count + 1) : nil)
            {
                var rewrites: [Rewrite] = []
                var moved = Value.null
                for (offset, new) in keys.enumerated() {
                    let index = low + offset
                    if index == slot {
                        moved = space.value(new)
                        continue
                    }
                    let position = index < slot ? index : index - 1
                    let value = space.value(new)
                    if !(key(position).isEqual(to: value) && key(position).type == value.type) {
                        rewrites.append(Rewrite(position: position, key: value))
                    }
                }
                return Plan(key: moved, rewrites: rewrites)
            }
            radius *= 2
        }
    }
}
