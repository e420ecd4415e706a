import FetchSimCore
import FetchSimStorage
import ObjectGraph

extension FetchedResultsController {
    /// The number of sections: exactly one without a section key path, even when empty (rule 10).
    public var numberOfSections: Int {
        if let window { return window.sections.count }
        if let sectionTree { return sectionTree.count }
        return 1
    }

    /// The number of objects in `section`, or 0 if there is no such section.
    /// - Complexity: O(log s) for s sections.
    public func numberOfObjects(inSection section: Int) -> Int {
        guard section >= 0, section < numberOfSections else { return 0 }
        if let window { return window.sections[section].count }
        if let sectionTree { return sectionTree.weights(at: section).weight }
        return tree.count
    }

    /// The name of `section`: the text of its section key value (`""` without a key path or for nil).
    public func sectionName(at section: Int) -> String? {
        guard section >= 0, section < numberOfSections else { return nil }
        if let window { return window.sections[section].value.map(sectionName(of:)) ?? "" }
        if let sectionTree { return sectionName(of: sectionTree.element(at: section).element.value) }
        return ""
    }

    /// An order-sensitive hash of the IDs of the objects in `section`, kept up to date by every
    /// change event (see `SequenceFingerprint`); `nil` for a section that does not exist.
    /// - Complexity: O(log s).
    package func fingerprint(ofSection section: Int) -> SequenceFingerprint? {
        guard section >= 0, section < numberOfSections else { return nil }
        if let window { return window.sections[section].fingerprint }
        if let sectionTree { return sectionTree.element(at: section).element.state?.fingerprint }
        return listFingerprint
    }

    /// The first global rank of `section`.
    func firstRank(ofSection section: Int) -> Int {
        if let window { return window.sections[section].start }
        if let sectionTree { return sectionTree.weights(at: section).weightBefore }
        return 0
    }

    /// The first global rank of `section` and its number of objects, in one descent of the
    /// section tree; `(0, 0)` for a section that does not exist.
    /// - Complexity: O(log s).
    func span(ofSection section: Int) -> (first: Int, count: Int) {
        guard section >= 0, section < numberOfSections else { return (0, 0) }
        if let window { return (window.sections[section].start, window.sections[section].count) }
        if let sectionTree {
            let weights = sectionTree.weights(at: section)
            return (weights.weightBefore, weights.weight)
        }
        return (0, tree.count)
    }

    /// The object at `indexPath`, or `nil` when the index path is out of range.
    /// - Complexity: O(log n).
    public func object(at indexPath: IndexPath) -> ManagedObject? {
        let span = span(ofSection: indexPath.section)
        guard indexPath.row >= 0, indexPath.row < span.count else { return nil }
        let rank = span.first + indexPath.row
        let object = window?.entries[rank].object ?? tree.element(at: rank).element.object
        if batchFaulting != nil { fireFault(at: rank, of: object) }
        return object
    }

    /// Calls `body` with each row of `rows` in `section` and its object, in order — what reading
    /// the rows with `object(at:)` one by one gives, in one walk of the tree.
    /// - Complexity: O(log n + rows.count), against O(rows.count × log n) row by row.
    package func forEachObject(inSection section: Int, rows: Range<Int>, _ body: (Int, ManagedObject) -> Void) {
        let span = span(ofSection: section)
        let rows = rows.clamped(to: 0..<max(0, span.count))
        guard !rows.isEmpty else { return }
        let first = span.first
        if let window {
            for row in rows { body(row, window.entries[first + row].object) }
            return
        }
        var row = rows.lowerBound
        tree.forEach(from: first + row) { entry, _ in
            // The entry's object, kept alive by the tracked table, is lent to `body`: reading it as
            // a strong reference would retain and release it per row (the check after every batch
            // walks every row).
            entry.reference.withObject { body(row, $0) }
            row += 1
            return row < rows.upperBound
        }
    }

    /// The index path of `object` in the results, or `nil` if it is not among them.
    public func indexPath(forObject object: ManagedObject) -> IndexPath? {
        indexPath(forObjectID: object.objectID)
    }

    /// The index path of the object with `id`, or `nil` if it is not among the results.
    /// - Complexity: O(log n).
    public func indexPath(forObjectID id: ObjectID) -> IndexPath? {
        if let window { return window.slots[id]?.path }
        guard let entry = tracked.entry(of: id) else { return nil }
        return slots.slot(for: entry)?.path
    }

    /// The controller's trees as they are now, for finding slots (`SlotLookup`); read it once
    /// for a pass over many objects.
    var slots: SlotLookup { SlotLookup(tree: tree, sectionTree: sectionTree) }

    /// The objects at global ranks `ranks`, in order.
    func objects(inRanks ranks: Range<Int>) -> [ManagedObject] {
        if let window { return window.entries[ranks].map(\.object) }
        var out: [ManagedObject] = []
        out.reserveCapacity(ranks.count)
        tree.forEach(from: ranks.lowerBound) { entry, _ in
            out.append(entry.object)
            return out.count < ranks.count
        }
        return out
    }

    /// The fetched objects in order, or `nil` before `performFetch()`.
    /// - Complexity: O(n).
    public var fetchedObjects: [ManagedObject]? {
        guard hasFetched else { return nil }
        if let window { return window.entries.map(\.object) }
        return tree.elements.map(\.object)
    }

    /// The total number of fetched objects.
    public var numberOfFetchedObjects: Int {
        window?.entries.count ?? tree.count
    }

    /// The sections in order, or `nil` before `performFetch()`.
    /// - Complexity: O(s) for s sections.
    public var sections: [SectionInfo]? {
        guard hasFetched else { return nil }
        return (0..<numberOfSections).map(sectionInfo(at:))
    }

    /// The section info for `section`, which must exist.
    public func sectionInfo(at section: Int) -> SectionInfo {
        let name = sectionName(at: section) ?? ""
        return SectionInfo(
            name: name,
            indexTitle: sectionIndexTitle(forSectionName: name),
            numberOfObjects: numberOfObjects(inSection: section),
            firstRank: firstRank(ofSection: section),
            controller: self
        )
    }

    /// The index title for a section name: the delegate's, or Apple's default — the first UTF-16
    /// unit formatted with `%c`, uppercased (`defaultIndexTitle(forSectionName:)`); `nil` for an
    /// empty name.
    public func sectionIndexTitle(forSectionName name: String) -> String? {
        if delegateRoles.sectionIndexTitles, let titles = delegate as? any FetchedResultsSectionIndexTitleDelegate,
            let title = titles.controller(self, sectionIndexTitleForSectionName: name)
        {
            return title
        }
        return Self.defaultIndexTitle(forSectionName: name)
    }

    /// The index titles of the sections, in section order, without a title equal to the one
    /// listed before it: Apple's `-sectionIndexTitles` compares each section's title with the
    /// last one it listed only, so `A B A` lists three titles and `A A B` two (decompilation of
    /// iOS 18.2, the only source). A section without a title is left out.
    /// - Complexity: O(s) when sections came or went since the last call (or the delegate
    ///   changed), O(1) otherwise.
    public var sectionIndexTitles: [String] {
        if let cachedSectionIndexTitles { return cachedSectionIndexTitles }
        let titles = indexTitleEntries().map(\.title)
        cachedSectionIndexTitles = titles
        return titles
    }

    /// Each entry of `sectionIndexTitles` with the section it stands for (the first of a run).
    private func indexTitleEntries() -> [(title: String, section: Int)] {
        var entries: [(title: String, section: Int)] = []
        for section in 0..<numberOfSections {
            guard let title = sectionIndexTitle(forSectionName: sectionName(at: section) ?? ""),
                title != entries.last?.title
            else { continue }
            entries.append((title, section))
        }
        return entries
    }

    /// The section the index entry at `index` stands for, when `title` is that entry's title;
    /// `nil` otherwise — where Apple raises "invalid Section Index offsetN" for an index past the
    /// titles and "Index title at N is not equal to 'T'" for another title. A title that appears
    /// twice (not adjacent) answers by its position, each for its own section.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        let entries = indexTitleEntries()
        guard index >= 0, index < entries.count, entries[index].title == title else { return nil }
        return entries[index].section
    }
}
