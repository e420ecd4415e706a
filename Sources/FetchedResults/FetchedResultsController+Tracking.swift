import FetchSimCore
import ObjectGraph

extension FetchedResultsController {
    /// Turns one `objectsDidChange` into one change event (rule 3), if a delegate is listening.
    func handle(_ change: ObjectsDidChange) {
        guard hasFetched, let delegate else { return }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(change.count)
        func consider(_ object: ManagedObject, isUpdated: Bool) {
            guard object.entity.name == request.entity.name else { return }
            let oldEntry = tracked[object.objectID]
            let newKey = request.matches(object) ? request.sortKey(of: object) : nil
            guard oldEntry != nil || newKey != nil else { return }
            candidates.append(Candidate(object: object, oldEntry: oldEntry, newKey: newKey, isUpdated: isUpdated))
        }
        for object in change.inserted { consider(object, isUpdated: false) }
        for object in change.updated { consider(object, isUpdated: true) }
        for object in change.deleted { consider(object, isUpdated: false) }
        guard !candidates.isEmpty else { return }

        let sectionChanges = window == nil ? applyToTrees(&candidates) : applyToWindow(&candidates)
        let classifier = ChangeClassifier(profile: profile)
        let changes = ResultsChangeSet(sections: sectionChanges, objects: classifier.objectChanges(for: candidates))
        lastChangeSet = changes
        guard !changes.isEmpty else { return }
        deliver(changes, to: delegate)
    }

    /// Updates the trees for the candidates and fills in their old and new slots; returns the
    /// section inserts and deletes. O(k log n).
    private func applyToTrees(_ candidates: inout [Candidate]) -> [SectionChange] {
        // Old positions and which touched sections existed, before anything moves.
        var sectionsBefore: [Value: Int?] = [:]
        for i in candidates.indices {
            if let entry = candidates[i].oldEntry { candidates[i].old = slot(for: entry) }
            if let sectionTree {
                for value in [candidates[i].oldEntry?.key[0], candidates[i].newKey?[0]].compactMap({ $0 })
                where sectionsBefore[value] == nil {
                    sectionsBefore[value] = .some(sectionTree.find(SectionEntry(value: value))?.rank)
                }
            }
        }
        mutateTrees(candidates)
        for i in candidates.indices {
            if let key = candidates[i].newKey {
                candidates[i].new = slot(for: ResultEntry(object: candidates[i].object, key: key))
            }
        }
        guard let sectionTree else { return [] }
        var deletes: [SectionChange] = [], inserts: [SectionChange] = []
        for (value, oldIndex) in sectionsBefore {
            let newIndex = sectionTree.find(SectionEntry(value: value))?.rank
            switch (oldIndex, newIndex) {
            case (let old?, nil): deletes.append(SectionChange(type: .delete, index: old, name: value.sectionName))
            case (nil, let new?): inserts.append(SectionChange(type: .insert, index: new, name: value.sectionName))
            default: break
            }
        }
        return deletes.sorted { $0.index < $1.index } + inserts.sorted { $0.index < $1.index }
    }

    /// Removes leaving entries, inserts entering ones, keeps section weights, drops empty sections.
    private func mutateTrees(_ candidates: [Candidate]) {
        var emptied: [SectionEntry] = []
        for candidate in candidates where candidate.leavesTree {
            guard let entry = candidate.oldEntry else { continue }
            tree.remove(entry)
            tracked[entry.object.objectID] = nil
            if let sectionTree {
                let section = SectionEntry(value: entry.key[0])
                sectionTree.addWeight(-1, to: section)
                emptied.append(section)
            }
        }
        for candidate in candidates where candidate.entersTree {
            guard let key = candidate.newKey else { continue }
            let entry = ResultEntry(object: candidate.object, key: key)
            tree.insert(entry)
            tracked[entry.object.objectID] = entry
            if let sectionTree {
                let section = SectionEntry(value: key[0])
                if !sectionTree.addWeight(1, to: section) { sectionTree.insert(section, weight: 1) }
            }
        }
        guard let sectionTree else { return }
        for section in emptied where sectionTree.find(section)?.weight == 0 {
            sectionTree.remove(section)
        }
    }

    /// The strict profile's path: update the tree, rebuild the window, and add the objects that
    /// were promoted into or evicted from it as candidates. O(k log n + limit).
    private func applyToWindow(_ candidates: inout [Candidate]) -> [SectionChange] {
        guard let oldWindow = window else { return [] }
        for i in candidates.indices {
            candidates[i].old = oldWindow.slots[candidates[i].object.objectID]
        }
        mutateTrees(candidates)
        let newWindow = WindowLayout(tree: tree, offset: request.offset, limit: request.limit, isSectioned: request.sectionIndex != nil)
        window = newWindow
        let ids = Set(candidates.map(\.object.objectID))
        for i in candidates.indices {
            candidates[i].new = newWindow.slots[candidates[i].object.objectID]
        }
        for entry in oldWindow.entries where newWindow.slots[entry.object.objectID] == nil && !ids.contains(entry.object.objectID) {
            var evicted = Candidate(object: entry.object, oldEntry: entry, newKey: nil, isUpdated: false)
            evicted.old = oldWindow.slots[entry.object.objectID]
            candidates.append(evicted)
        }
        for entry in newWindow.entries where oldWindow.slots[entry.object.objectID] == nil && !ids.contains(entry.object.objectID) {
            var promoted = Candidate(object: entry.object, oldEntry: nil, newKey: entry.key, isUpdated: false)
            promoted.new = newWindow.slots[entry.object.objectID]
            candidates.append(promoted)
        }
        guard request.sectionIndex != nil else { return [] }
        let oldValues = oldWindow.sections.map { $0.value ?? .null }
        let newValues = newWindow.sections.map { $0.value ?? .null }
        var changes: [SectionChange] = []
        for (index, value) in oldValues.enumerated() where !newValues.contains(value) {
            changes.append(SectionChange(type: .delete, index: index, name: value.sectionName))
        }
        for (index, value) in newValues.enumerated() where !oldValues.contains(value) {
            changes.append(SectionChange(type: .insert, index: index, name: value.sectionName))
        }
        return changes
    }
}
