import ObjectGraph

extension FetchedResultsController {
    /// When the section key is not the request's first sort key: checks, as Core Data does at
    /// fetch time, that the request's sort brings each section's objects together, and returns
    /// whether the sections then come in ascending order of their key (else descending).
    ///
    /// Apple computes sections by walking the fetched objects and fails the fetch
    /// (`NSCocoaErrorDomain` 134060) at the first object whose section name it has already seen
    /// (iOS 26.1 decompilation, `_computeSectionInfo:error:`). FetchSim then keeps the section
    /// key first in its own order, which gives the same results only when the sections come in
    /// the order of their key; other groupings are refused with `sectionsNotInKeyOrder`.
    /// - Complexity: O(n log n) for the n objects `entries` hold.
    func sectionOrderAsFetched(_ entries: [ResultEntry]) throws(FetchedResultsError) -> Bool {
        guard let sectionIndex = request.sectionIndex, !request.sectionKeyLeads else { return true }
        var fetched = entries.map { ResultEntry(object: $0.object, key: SortKey(request.keyPaths.values(of: $0.object), at: request.requestSortIndexes)) }
        EntrySorter.sort(&fetched, ascending: request.requestAscending)
        if request.offset > 0 || request.limit > 0 {
            let start = min(request.offset, fetched.count)
            let end = request.limit > 0 ? min(start + request.limit, fetched.count) : fetched.count
            fetched = Array(fetched[start..<end])
        }
        var order: [Value] = []
        var seen: Set<Value> = []
        for (index, entry) in fetched.enumerated() {
            // Through the request's key paths: the section key may be a related object's attribute.
            let value = request.keyPaths.values(of: entry.object)[sectionIndex].sectionIdentity
            if let current = order.last, Value.compare(current, value) == 0 { continue }
            guard seen.insert(value).inserted else {
                throw .outOfOrderSectionName(index: index, name: value.sectionName, legacyQuote: profile == .ios9 || profile == .ios10)
            }
            order.append(value)
        }
        let ascending = zip(order, order.dropFirst()).allSatisfy { Value.compare($0, $1) < 0 }
        let descending = zip(order, order.dropFirst()).allSatisfy { Value.compare($0, $1) > 0 }
        // With a choice (one section, or none), the direction the request gives the key, if any.
        let preferred = request.requestSortIndexes.firstIndex(of: sectionIndex).map { request.requestAscending[$0] } ?? true
        if preferred ? ascending : descending { return preferred }
        if ascending || descending { return ascending }
        throw .sectionsNotInKeyOrder(section: fetchRequest.sectionNameKeyPath ?? "", names: order.map(\.sectionName))
    }
}
