extension ObjectContext {
    /// The positions in `ids` of the IDs that name a live object, ascending: whether
    /// `object(with:)` finds each, read from one copy of the context's table instead of one call
    /// (an exclusivity check, a retain and a release of the object) per ID. Reads only.
    /// - Complexity: O(ids) lookups in the ID-indexed table.
    package func liveIndexes(among ids: [ObjectID]) -> [Int] {
        let table = registered
        var live: [Int] = []
        live.reserveCapacity(ids.count)
        for index in ids.indices where table[ids[index]] != nil {
            live.append(index)
        }
        return live
    }
}
