import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// Which of the optional delegate protocols a delegate adopts. The controller works this out
/// once, when the delegate is set: a dynamic cast to a protocol costs more than a small event.
struct DelegateRoles {
    let snapshot: Bool
    let difference: Bool
    let sectionIndexTitles: Bool

    init(_ delegate: (any FetchedResultsControllerDelegate)?) {
        snapshot = delegate is any FetchedResultsSnapshotDelegate
        difference = delegate is any FetchedResultsDifferenceDelegate
        sectionIndexTitles = delegate is any FetchedResultsSectionIndexTitleDelegate
    }
}

extension FetchedResultsController {
    /// Calls the delegate for one change event in the profile's order (rule 2), or hands it a
    /// snapshot or a difference instead when it asked for one (rule 24).
    func deliver(_ changes: ResultsChangeSet, to delegate: any FetchedResultsControllerDelegate) {
        isDelivering = true
        defer { isDelivering = false }
        if delegateRoles.snapshot, let snapshotDelegate = delegate as? any FetchedResultsSnapshotDelegate {
            snapshotDelegate.controller(self, didChangeContentWith: snapshot(reloading: changes))
            return
        }
        if delegateRoles.difference, let differenceDelegate = delegate as? any FetchedResultsDifferenceDelegate,
            request.sectionIndex == nil,
            let difference = Self.difference(for: changes)
        {
            differenceDelegate.controller(self, didChangeContentWith: difference)
            return
        }
        deliverCallbacks(changes, to: delegate)
    }

    /// Calls the four per-change callbacks of `delegate` for one change event in the profile's
    /// order (rule 2), whatever optional protocols it adopts — what `deliver` does for a delegate
    /// that asked for neither a snapshot nor a difference. For a bridge that learns during an
    /// event which form its own delegate wants (FetchSimCoreData's `NSFetchedResultsController`).
    package func deliverCallbacks(_ changes: ResultsChangeSet, to delegate: any FetchedResultsControllerDelegate) {
        delegate.controllerWillChangeContent(self)
        // Each kind is delivered in its order within the change set, without copying the lists.
        switch profile.deliveryOrder {
        case .sectionsFirst:
            deliverSections(changes.sections, of: .delete, to: delegate)
            deliverSections(changes.sections, of: .insert, to: delegate)
            deliverObjects(changes.objects, deletes: true, to: delegate)
            deliverObjects(changes.objects, deletes: false, to: delegate)
        case .objectDeletesFirst:
            deliverObjects(changes.objects, deletes: true, to: delegate)
            deliverSections(changes.sections, of: .insert, to: delegate)
            deliverSections(changes.sections, of: .delete, to: delegate)
            deliverObjects(changes.objects, deletes: false, to: delegate)
        }
        delegate.controllerDidChangeContent(self)
    }

    /// Calls the delegate for each section change of type `type` in `changes`, in order.
    private func deliverSections(
        _ changes: [SectionChange], of type: ChangeType, to delegate: any FetchedResultsControllerDelegate
    ) {
        for change in changes where change.type == type {
            let info: SectionInfo
            if change.type == .insert {
                info = sectionInfo(at: change.index)
            } else {
                info = SectionInfo(
                    name: change.name, indexTitle: sectionIndexTitle(forSectionName: change.name),
                    numberOfObjects: 0, firstRank: 0, controller: nil)
            }
            delegate.controller(self, didChange: info, atSectionIndex: change.index, for: change.type)
        }
    }

    /// Calls the delegate for the object deletes in `changes` (or for every other object change), in order.
    /// The changes are read by index, a field at a time: `for change in changes` copies each one
    /// out (a retain and a release of its object, and its two index paths) before the call. The
    /// object is lent to the call as the array holds it (`LentReference.lending`).
    private func deliverObjects(
        _ changes: [ObjectChange], deletes: Bool, to delegate: any FetchedResultsControllerDelegate
    ) {
        for i in changes.indices where (changes[i].type == .delete) == deletes {
            LentReference.lending(changes[i].object) { object in
                delegate.controller(
                    self, didChange: object, at: changes[i].indexPath, for: changes[i].type,
                    newIndexPath: changes[i].newIndexPath)
            }
        }
    }

    /// The snapshot of a change event: the new results, with every object the event moved or
    /// updated marked for reload, as Core Data marks them (rule 24).
    func snapshot(reloading changes: ResultsChangeSet) -> ResultsSnapshot {
        var snapshot = snapshot()
        var seen = Set<ObjectID>()
        for change in changes.objects where change.type == .move || change.type == .update {
            if seen.insert(change.object.objectID).inserted {
                snapshot.reloadedObjectIDs.append(change.object.objectID)
            }
        }
        return snapshot
    }

    /// The current results as section names and object IDs.
    /// - Complexity: O(n).
    public func snapshot() -> ResultsSnapshot {
        ResultsSnapshot(
            sections: (0..<numberOfSections).map { section in
                let first = firstRank(ofSection: section)
                let ids = objects(inRanks: first..<(first + numberOfObjects(inSection: section))).map(\.objectID)
                return ResultsSnapshot.Section(name: sectionName(at: section) ?? "", objectIDs: ids)
            })
    }

    /// The change set of a section-less event as a `CollectionDifference` of object IDs: deletes
    /// remove at their old offsets, inserts insert at their new ones, and every moved **or updated**
    /// object is a removal at its old offset paired with an insertion at its new one — also when
    /// the two offsets are equal, so that the difference says the object changed (rule 24;
    /// `NSOrderedCollectionChange.associatedIndex`: FRC diffs "communicate that an object changed
    /// even when its position in the results is unaffected").
    package static func difference(for changes: ResultsChangeSet) -> CollectionDifference<ObjectID>? {
        var steps: [CollectionDifference<ObjectID>.Change] = []
        for change in changes.objects {
            let id = change.object.objectID
            switch change.type {
            case .delete:
                if let old = change.indexPath {
                    steps.append(.remove(offset: old.row, element: id, associatedWith: nil))
                }
            case .insert:
                if let new = change.newIndexPath {
                    steps.append(.insert(offset: new.row, element: id, associatedWith: nil))
                }
            case .move, .update:
                if let old = change.indexPath, let new = change.newIndexPath ?? change.indexPath {
                    steps.append(.remove(offset: old.row, element: id, associatedWith: new.row))
                    steps.append(.insert(offset: new.row, element: id, associatedWith: old.row))
                }
            }
        }
        return CollectionDifference(steps)
    }
}
