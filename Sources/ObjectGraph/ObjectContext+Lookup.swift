extension ObjectContext {
    /// The positions in `ids` of the IDs that name a live object, ascending: whether
    /// `object(with:)` finds each, read from one copy of the context's table instead of one call
    /// (an exclusivity check, a retain and a release of the object) per ID. Reads only.
    /// - Complexity: O(ids) lookups in the ID-indexed table.
    package func liveIndexes(among ids: [ObjectID]) -> [Int] {
        let table = registered
        var live: [Int] = []
        live.reserveCapacity(ids.count)
        for index in ids.indices where table.contains(ids[index]) {
            live.append(index)
        }
        return live
    }

    /// The positions in `ids` of the live objects whose value at attribute position `index` is
    /// exactly `value` (`ManagedObject.holdsExactly(_:at:)`), ascending; an object with fewer
    /// values does not qualify. Read from one copy of the context's table, in place: no `Value`
    /// built per object. Reads only.
    /// - Complexity: O(ids) lookups in the ID-indexed table.
    package func indexes(among ids: [ObjectID], holdingExactly value: Value, at index: Int) -> [Int] {
        let table = registered
        var found: [Int] = []
        for position in ids.indices {
            guard let object = table[ids[position]], index < object.valueCount, object.holdsExactly(value, at: index)
            else { continue }
            found.append(position)
        }
        return found
    }
}
