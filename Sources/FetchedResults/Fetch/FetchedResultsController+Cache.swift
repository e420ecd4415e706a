import ObjectGraph

extension FetchedResultsController {
    /// What today's Core Data checks a section cache against, for `objectCount` fetched objects.
    func cacheStamp(objectCount: Int) -> CacheStamp {
        CacheStamp(
            entity: request.entity.name,
            entityVersion: request.entity.attributes.map { "\($0.name):\($0.type)" }.joined(separator: ","),
            sectionNameKeyPath: fetchRequest.sectionNameKeyPath ?? "", objectCount: objectCount,
            sortKeys: fetchRequest.sortDescriptors.map(\.key), storeSaves: context.store.saveCount)
    }

    /// How many objects a fetch returns now: the matching ones, within the limit and offset.
    /// - Complexity: O(n) for n objects of the entity.
    func fetchedCount() -> Int {
        let matching = request.candidates(in: context).reduce(0) { $0 + (request.matches($1) ? 1 : 0) }
        let available = max(0, matching - request.offset)
        return request.limit > 0 ? min(request.limit, available) : available
    }

    /// The sections as they are now — identity and object count each, in order — as a cache
    /// keeps them; empty without a section key path or with the strict profile's window.
    func sectionLayout() -> [ImposedSection] {
        guard let sectionTree else { return [] }
        return (0..<sectionTree.count).map { rank in
            let section = sectionTree.element(at: rank)
            let value = section.element.value
            return ImposedSection(
                section: request.sectionLabels?.section(ofLabel: value) ?? value, count: section.weight)
        }
    }

    /// After the context saved: Core Data rewrites the cache of a controller whose delegate
    /// tracks changes with its sections and the stores' new modification times (the decompiled
    /// `_core_managedObjectContextDidSave:`), so that the next fetch still finds it valid. A save
    /// elsewhere, or with no tracking delegate, leaves it behind the store: the next fetch
    /// rebuilds it.
    func refreshSectionCacheAfterSave() {
        guard hasFetched, delegate != nil, window == nil, let cacheName, let sectionCache,
            profile.checksCacheLikeToday
        else { return }
        sectionCache.refresh(cacheName, stamp: cacheStamp(objectCount: tree.count), layout: sectionLayout())
    }
}
