import FetchSimCore
import FetchSimStorage
import ObjectGraph

extension FetchedResultsController {
    /// Turns one `objectsDidChange` into one change event (rule 3), if a delegate is listening.
    func handle(_ change: ObjectsDidChange) {
        guard hasFetched, let delegate else { return }
        if let predicateSource { rereadPredicate(predicateSource) }
        if tree.count >= Self.batchSearchMinimumCount { prefetchTrackedSlots(for: change) }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(change.count)
        // Read once: each access to a stored property of the controller is checked for exclusivity.
        let request = self.request
        let entityName = request.entity.name
        let legacy = profile == .ios9
        // The tracked table too (a read of it per candidate would be an exclusivity check); the
        // copy ends with this block, before the trees change the table (a second reference to
        // its storage then would make that change copy it whole).
        do {
            let tracked = self.tracked
            func consider(_ object: ManagedObject, isUpdated: Bool, isRefreshed: Bool = false) {
                guard object.entity.name == entityName || request.fetches(object.entity.name) else { return }
                let oldEntry = tracked.entry(of: object.objectID)
                let matches = request.matches(object)
                guard oldEntry != nil || matches else { return }
                if let labels = request.sectionLabels {
                    // An object placed in a section its key does not name stays there unless it
                    // moves (FetchedResultsController+GroupedSections.swift).
                    if labels.hasPlacedObjects, labels.isPlaced(object.objectID),
                        leavesPlacement(
                            changed: change.changedValues[object.objectID, default: []], matches: matches,
                            isRefreshed: isRefreshed)
                    {
                        labels.release(object.objectID)
                    }
                    if matches, !labels.isPlaced(object.objectID) { labelSectionIfNew(of: object, labels: labels) }
                }
                let others =
                    legacy && isUpdated
                    && change.changedValues[object.objectID, default: []].contains {
                        !request.sortIndexes.contains($0.index) && $0.index != request.sectionIndex
                    }
                guard matches else {
                    candidates.append(
                        Candidate(
                            object: object, oldEntry: oldEntry, isUpdated: isUpdated, otherAttributesChanged: others))
                    return
                }
                // The key as a plain value, never an optional one (see `Candidate`). When the compact
                // keys tie and are inexact, the full keys decide whether it changed.
                let newKey = request.sortKey(of: object)
                var keyChanged = false
                if let oldEntry {
                    keyChanged =
                        oldEntry.code != newKey.code
                        || (newKey.code.isInexact && inexactKeys[oldEntry.objectID] != newKey)
                }
                candidates.append(
                    Candidate(
                        object: object, oldEntry: oldEntry, key: newKey, keyChanged: keyChanged, isUpdated: isUpdated,
                        otherAttributesChanged: others))
            }
            // Each object lent to `consider` (the event's lists hold them throughout).
            change.inserted.forEachLent { consider($0, isUpdated: false) }
            change.updated.forEachLent { consider($0, isUpdated: true) }
            change.deleted.forEachLent { consider($0, isUpdated: false) }
            // A refreshed object is re-evaluated as an updated one (the fix for related-object changes).
            change.refreshed.forEachLent { consider($0, isUpdated: true, isRefreshed: true) }
        }
        guard !candidates.isEmpty else { return }

        let sectionChanges = window == nil ? applyToTrees(&candidates) : applyToWindow(&candidates)
        let classifier = ChangeClassifier(profile: profile)
        if !sectionChanges.isEmpty { cachedSectionIndexTitles = nil }
        let changes = ResultsChangeSet(sections: sectionChanges, objects: classifier.objectChanges(for: candidates))
        lastChangeSet = changes
        if request.sectionLabels != nil, sectionChanges.contains(where: { $0.type == .delete }) { pruneSectionLabels() }
        guard !changes.isEmpty else { return }
        deliver(changes, to: delegate)
    }

    /// Updates the trees for the candidates and fills in their old and new slots; returns the
    /// section inserts and deletes. O(k (log n + log s + log k)).
    ///
    /// Each changed object costs one search of the object tree: a removal gives a leaving
    /// object's old position, an insertion an entering one's new position, and an object whose
    /// key did not change is found once, its new position following by arithmetic
    /// (`TreeEdits`). Sections are found by rank in the section tree, whose weights are object
    /// counts, and searched by value only for entering objects.
    private func applyToTrees(_ candidates: inout [Candidate]) -> [SectionChange] {
        if usesLinearPath(candidates: candidates.count) { return applyLinearly(&candidates) }
        findOldSlots(&candidates)
        let edits = mutateTrees(candidates)
        let slots = self.slots
        for i in candidates.indices {
            if let old = edits.oldSlots[i] { candidates[i].old = old }
            guard candidates[i].hasNewKey else { continue }
            if let rank = edits.newRanks[i] {
                candidates[i].new = slots.slot(atRank: rank, section: candidates[i].newSection)
            } else if let old = candidates[i].old {
                candidates[i].new = slots.slot(
                    atRank: edits.finalRank(ofStayingRank: old.rank), section: candidates[i].newSection)
            }
        }
        guard let sectionTree else { return [] }
        // A section is new when the event created it (searching for an entering object's section
        // failed), and deleted when it emptied and nothing refilled it.
        var changes = edits.deletedSections.map {
            SectionChange(type: .delete, index: $0.oldIndex, name: sectionName(of: $0.value))
        }
        var inserts: [SectionChange] = []
        for value in edits.createdSections {
            guard let new = sectionTree.find(SectionEntry(value: value))?.rank else { continue }
            inserts.append(SectionChange(type: .insert, index: new, name: sectionName(of: value)))
        }
        changes += inserts.sorted { $0.index < $1.index }
        return changes
    }

    /// The strict profile's path: update the tree, rebuild the window, and add the objects that
    /// were promoted into or evicted from it as candidates. O(k log n + limit).
    private func applyToWindow(_ candidates: inout [Candidate]) -> [SectionChange] {
        guard let oldWindow = window else { return [] }
        for i in candidates.indices {
            candidates[i].old = oldWindow.slots[candidates[i].objectID]
        }
        mutateTrees(candidates)
        let newWindow = WindowLayout(
            tree: tree, offset: request.offset, limit: request.limit, isSectioned: request.sectionIndex != nil,
            firstValue: firstValue(of:))
        window = newWindow
        let ids = Set(candidates.map(\.objectID))
        for i in candidates.indices {
            candidates[i].new = newWindow.slots[candidates[i].objectID]
        }
        for entry in oldWindow.entries where newWindow.slots[entry.objectID] == nil && !ids.contains(entry.objectID) {
            var evicted = Candidate(object: entry.object, oldEntry: entry, newKey: nil, isUpdated: false)
            evicted.old = oldWindow.slots[entry.objectID]
            candidates.append(evicted)
        }
        for entry in newWindow.entries where oldWindow.slots[entry.objectID] == nil && !ids.contains(entry.objectID) {
            var promoted = Candidate(object: entry.object, oldEntry: nil, newKey: fullKey(of: entry), isUpdated: false)
            promoted.new = newWindow.slots[entry.objectID]
            candidates.append(promoted)
        }
        guard request.sectionIndex != nil else { return [] }
        return sectionChanges(
            from: oldWindow.sections.map { $0.value ?? .null }, to: newWindow.sections.map { $0.value ?? .null })
    }

    /// The section deletes (old indexes) and inserts (new indexes) that turn the sections
    /// `old` into `new`, each list ascending — for the paths that rebuild the sections whole.
    /// - Complexity: O(s) expected for s sections.
    func sectionChanges(from old: [Value], to new: [Value]) -> [SectionChange] {
        let before = Set(old)
        let after = Set(new)
        var changes: [SectionChange] = []
        for (index, value) in old.enumerated() where !after.contains(value) {
            changes.append(SectionChange(type: .delete, index: index, name: sectionName(of: value)))
        }
        for (index, value) in new.enumerated() where !before.contains(value) {
            changes.append(SectionChange(type: .insert, index: index, name: sectionName(of: value)))
        }
        return changes
    }
}

extension FetchedResultsController {
    /// Reads the predicate again, as the public decompilation of iOS 18.2's
    /// `_core_managedObjectContextDidChange:` does at the start of every change event (it
    /// compares the request's predicate with the one it kept and, when they differ, keeps and
    /// remaps the new one — the only source): the new predicate decides the membership of the
    /// objects this event and later ones report changed.
    func rereadPredicate(_ source: () throws -> Predicate?) {
        let predicate: Predicate?
        do {
            predicate = try source()
        } catch {
            return
        }
        guard predicate != currentPredicate else { return }
        guard (try? request.rebind(predicate)) == true else { return }
        currentPredicate = predicate
    }
}
