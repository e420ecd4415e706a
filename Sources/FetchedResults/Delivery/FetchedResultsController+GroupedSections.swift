import ObjectGraph

/// One section of a layout Core Data imposes on the fetched objects: the section's identity and
/// how many of the fetched objects, from where the previous section ends, it holds.
struct ImposedSection: Equatable {
    let section: Value
    let count: Int
}

extension FetchedResultsController {
    /// Whether Core Data computes this fetch's sections with a grouped fetch in the store rather
    /// than by walking the fetched objects: every store SQLite, no changes in the context, no
    /// limit, no offset, a stored section key (the public decompilation of iOS 18.2's `_computeSectionInfo:error:`, the
    /// only source for the conditions; docs/semantics.md, "Sections on a SQLite store"). Only a
    /// section key that does not lead the sort tells the two apart.
    var groupsSectionsInStore: Bool {
        request.sectionLabels != nil && request.limit == 0 && request.offset == 0 && !request.sectionKeyIsTransient
            && context.store.storeType == "SQLite" && !context.hasChanges
    }

    /// The layout of a grouped fetch (`SELECT key, COUNT(*) … GROUP BY key ORDER BY key`) of
    /// `fetched`: one section per section identity, in the order of the section key alone — the
    /// direction of the sort descriptor on the section key, else of the first one — with the
    /// number of objects that have it.
    /// - Complexity: O(n + s log s) for n objects in s sections.
    func groupedLayout(of fetched: [ResultEntry]) -> [ImposedSection] {
        var counts: [Value: Int] = [:]
        for entry in fetched {
            if let section = request.sectionIdentity(of: entry.object) { counts[section, default: 0] += 1 }
        }
        let descriptors = fetchRequest.sortDescriptors
        let own = descriptors.last { $0.key == fetchRequest.sectionNameKeyPath }
        let ascending = own?.ascending ?? descriptors.first?.ascending ?? true
        let selector = own?.selector ?? .compare
        // SQL orders by the descriptor's comparison: the selector's key for a string.
        func ordered(_ a: Value, _ b: Value) -> Bool {
            var c = 0
            if selector != .compare, case .string(let x) = a, case .string(let y) = b {
                c = Value.compare(.string(selector.key(for: x)), .string(selector.key(for: y)))
            }
            if c == 0 { c = Value.compare(a, b) }
            return ascending ? c < 0 : c > 0
        }
        return counts.keys.sorted(by: ordered).map { ImposedSection(section: $0, count: counts[$0] ?? 0) }
    }

    /// Labels the sections of `layout` in its order and cuts `fetched` (in the request's order)
    /// into them by their counts: an object that lands in a section its key does not name is
    /// placed there (`SectionLabels.place`), as Core Data's offsets put it there.
    /// - Complexity: O(n) for n objects.
    func impose(_ layout: [ImposedSection], over fetched: [ResultEntry], labels: SectionLabels) {
        labels.reset(to: layout.map(\.section))
        var start = 0
        for imposed in layout {
            let end = min(start + imposed.count, fetched.count)
            guard let label = labels.label(of: imposed.section), start < end else { break }
            for entry in fetched[start..<end] {
                let own = request.sectionIdentity(of: entry.object) ?? .null
                if Value.compare(own, imposed.section) != 0 { labels.place(entry.objectID, in: label) }
            }
            start = end
        }
    }

    /// Whether an object placed in a section its key does not name leaves it in this event: when
    /// it leaves the results, is refreshed, or a sort key or the section key changed — Core Data
    /// then deletes it from where it sits and inserts it by its section's name
    /// (`_preprocessUpdatedObjects:…` marks such an object moved; an object whose other values
    /// changed is an update in place).
    func leavesPlacement(changed: [ValueChange], matches: Bool, isRefreshed: Bool) -> Bool {
        guard matches, !isRefreshed else { return true }
        let roots = Set(
            (fetchRequest.sortDescriptors.map(\.key) + [fetchRequest.sectionNameKeyPath ?? ""]).compactMap { key in
                key.split(separator: ".").first.flatMap { request.entity.index(of: String($0)) }
            })
        return changed.contains { roots.contains($0.index) }
    }
}
