import ObjectGraph

extension FetchedResultsController {
    /// When the section key is not the request's first sort key: checks, as Core Data does at
    /// fetch time, that the request's sort brings each section's objects together, and returns
    /// the sections in the order the fetch meets them — the order Core Data keeps them in.
    ///
    /// Apple computes sections by walking the fetched objects and fails the fetch
    /// (`NSCocoaErrorDomain` 134060) at the first object whose section name it has already seen
    /// (iOS 26.1 decompilation, `_computeSectionInfo:error:`). `objects`: the matching objects,
    /// in any order; the fetch's offset and limit apply, as they do to what Apple fetches.
    /// - Complexity: O(n log n) for the n objects.
    func sectionOrderAsFetched(_ objects: [ManagedObject]) throws(FetchedResultsError) -> [Value] {
        guard let sectionIndex = request.sectionIndex else { return [] }
        var fetched = sortedByRequest(objects)
        if request.offset > 0 || request.limit > 0 {
            let start = min(request.offset, fetched.count)
            let end = request.limit > 0 ? min(start + request.limit, fetched.count) : fetched.count
            fetched = Array(fetched[start..<end])
        }
        var order: [Value] = []
        var seen: Set<Value> = []
        for (index, entry) in fetched.enumerated() {
            // Through the request's key paths: the section key may be a related object's attribute.
            let value = request.keyPaths.extendedValues(of: entry.object)[sectionIndex].sectionIdentity
            if let current = order.last, Value.compare(current, value) == 0 { continue }
            guard seen.insert(value).inserted else {
                throw .outOfOrderSectionName(
                    index: index, name: value.sectionName(uri: { context.uriString(of: $0) }),
                    legacyQuote: profile == .ios9 || profile == .ios10)
            }
            order.append(value)
        }
        return order
    }

    /// The labels of the sections the fetch met, in that order, then those of any other
    /// section among `objects` (the strict profile's window keeps every object in its tree).
    /// On a SQLite store with no changes, the sections of a grouped fetch instead, cut by count
    /// over the fetched objects (`groupsSectionsInStore`): no order is checked.
    func labelSections(of objects: [ManagedObject], labels: SectionLabels) throws(FetchedResultsError) {
        if groupsSectionsInStore {
            let fetched = sortedByRequest(objects)
            impose(groupedLayout(of: fetched), over: fetched, labels: labels)
            return
        }
        var order = try sectionOrderAsFetched(objects)
        if enforcesWindow {
            var known = Set(order)
            for entry in sortedByRequest(objects) {
                if let section = request.sectionIdentity(of: entry.object), known.insert(section).inserted {
                    order.append(section)
                }
            }
        }
        labels.reset(to: order)
    }

    /// Entries for `objects` in the order of the request's own sort descriptors.
    func sortedByRequest(_ objects: [ManagedObject]) -> [ResultEntry] {
        let inexact = InexactKeys()
        var entries = objects.map { object in
            let key = request.requestSortKey(of: object)
            inexact.update(object.objectID, to: key)
            return ResultEntry(object: object, key: key)
        }
        EntrySorter.sort(&entries, by: EntryOrdering(layout: request.requestLayout, inexact: inexact))
        return entries
    }

    /// Gives the section of `object`, an object entering the results, a label if it has none:
    /// before the first section whose first object sorts after `object` under the request's
    /// sort, after the last if none does (as Core Data places a new section).
    /// - Complexity: O(s log n) for s sections.
    func labelSectionIfNew(of object: ManagedObject, labels: SectionLabels) {
        guard let section = request.sectionIdentity(of: object), labels.label(of: section) == nil else { return }
        let key = request.requestSortKey(of: object)
        var previous: Value?
        for first in firstEntriesOfSections() {
            guard let firstKey = fullKey(of: first) else { continue }
            if sortsBefore(key, object.objectID, firstKey, first.objectID) {
                labels.insert(section, after: previous, before: firstKey[0])
                return
            }
            previous = firstKey[0]
        }
        labels.insert(section, after: previous, before: nil)
    }

    /// Whether an object with request key `key` and ID `id` sorts before `entry` (whose key
    /// holds its section's label first, then the request's keys).
    private func sortsBefore(_ key: SortKey, _ id: ObjectID, _ entryKey: SortKey, _ entryID: ObjectID) -> Bool {
        for index in 0..<request.requestAscending.count {
            let c = Value.compare(key[index], entryKey[index + 1])
            if c != 0 { return request.requestAscending[index] ? c < 0 : c > 0 }
        }
        return id < entryID
    }

    /// The first entry of each section, in section order.
    private func firstEntriesOfSections() -> [ResultEntry] {
        if let sectionTree {
            var firsts: [ResultEntry] = []
            var offset = 0
            for rank in 0..<sectionTree.count {
                let weight = sectionTree.element(at: rank).weight
                if weight > 0 { firsts.append(tree.element(at: offset).element) }
                offset += weight
            }
            return firsts
        }
        var firsts: [ResultEntry] = []
        for entry in tree.elements
        where firsts.last.map({ Value.compare(firstValue(of: $0), firstValue(of: entry)) != 0 }) ?? true {
            firsts.append(entry)
        }
        return firsts
    }

    /// The name of the section whose tree value is `value` (a label, or the key's own value).
    func sectionName(of value: Value) -> String {
        (request.sectionLabels?.section(ofLabel: value) ?? value).sectionName(uri: { context.uriString(of: $0) })
    }

    /// Forgets the labels of sections that no longer exist (after an event that removed one).
    func pruneSectionLabels() {
        guard let labels = request.sectionLabels else { return }
        if let sectionTree {
            labels.keep(only: Set(sectionTree.elements.map(\.value)))
        } else {
            labels.keep(only: Set(tree.elements.map { firstValue(of: $0) }))
        }
    }
}
