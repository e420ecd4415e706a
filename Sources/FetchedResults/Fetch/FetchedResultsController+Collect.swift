import ObjectGraph

extension FetchedResultsController {
    /// The first step of `performFetch()`: an entry for every object of `candidates` (the
    /// entity's objects, in ID order) that belongs in the results, its tracked copy, and the
    /// full key of every entry whose compact key is inexact.
    ///
    /// The request is copied into a local once: read through `self` in the loop, the resolved
    /// request (a dozen arrays and references) would be copied — retained and released — for
    /// every object, twice. Without key paths or section labels the compact key is read straight from
    /// the object (`KeyLayout.code(of:at:)`) and a `SortKey` is built only for an inexact key;
    /// without a predicate an object belongs when it is live (`candidates` are the entity's).
    /// - Complexity: O(n) for n candidates.
    func collect(
        _ candidates: [ManagedObject], into entries: inout [ResultEntry], tracked: inout TrackedTable,
        inexact: InexactKeys
    ) {
        let request = request
        let direct = request.sectionLabels == nil && request.keyPaths.paths.isEmpty
        let everyLive = request.predicate == nil
        let layout = request.layout
        let indexes = request.sortIndexes
        for object in candidates {
            guard everyLive ? !object.isDeleted : request.matches(object) else { continue }
            let code: CompactKey
            if direct {
                code = layout.code(of: object, at: indexes)
                if code.isInexact { inexact.update(object.objectID, to: request.sortKey(of: object)) }
            } else {
                let key = request.sortKey(of: object)
                code = key.code
                if code.isInexact { inexact.update(object.objectID, to: key) }
            }
            let entry = ResultEntry(object: object, code: code)
            entries.append(entry)
            // While the object is in cache: the tracked table holds the strong reference.
            tracked[entry.objectID] = TrackedObject(entry)
        }
    }
}
