import FetchSimCore
import ObjectGraph

extension FetchedResultsController {
    /// Calls the delegate for one change event in Apple's order (rule 2), or hands it a snapshot or
    /// a difference instead when it asked for one (rule 24).
    func deliver(_ changes: ResultsChangeSet, to delegate: any FetchedResultsControllerDelegate) {
        isDelivering = true
        defer { isDelivering = false }
        if let snapshotDelegate = delegate as? any FetchedResultsSnapshotDelegate {
            snapshotDelegate.controller(self, didChangeContentWith: snapshot())
            return
        }
        if let differenceDelegate = delegate as? any FetchedResultsDifferenceDelegate, request.sectionIndex == nil,
           let difference = Self.difference(for: changes) {
            differenceDelegate.controller(self, didChangeContentWith: difference)
            return
        }
        delegate.controllerWillChangeContent(self)
        for change in changes.sections {
            let info: SectionInfo
            if change.type == .insert {
                info = sectionInfo(at: change.index)
            } else {
                info = SectionInfo(name: change.name, indexTitle: sectionIndexTitle(forSectionName: change.name),
                                   numberOfObjects: 0, firstRank: 0, controller: nil)
            }
            delegate.controller(self, didChange: info, atSectionIndex: change.index, for: change.type)
        }
        for change in changes.objects {
            delegate.controller(self, didChange: change.object, at: change.indexPath, for: change.type, newIndexPath: change.newIndexPath)
        }
        delegate.controllerDidChangeContent(self)
    }

    /// The current results as section names and object IDs.
    /// - Complexity: O(n).
    public func snapshot() -> ResultsSnapshot {
        ResultsSnapshot(sections: (0..<numberOfSections).map { section in
            let first = firstRank(ofSection: section)
            let ids = objects(inRanks: first..<(first + numberOfObjects(inSection: section))).map(\.objectID)
            return ResultsSnapshot.Section(name: sectionName(at: section) ?? "", objectIDs: ids)
        })
    }

    /// The change set of a section-less event as a `CollectionDifference` of object IDs: deletes and
    /// moves remove at their old offsets, inserts and moves insert at their new ones.
    static func difference(for changes: ResultsChangeSet) -> CollectionDifference<ObjectID>? {
        var steps: [CollectionDifference<ObjectID>.Change] = []
        for change in changes.objects {
            let id = change.object.objectID
            switch change.type {
            case .delete:
                if let old = change.indexPath { steps.append(.remove(offset: old.row, element: id, associatedWith: nil)) }
            case .insert:
                if let new = change.newIndexPath { steps.append(.insert(offset: new.row, element: id, associatedWith: nil)) }
            case .move:
                if let old = change.indexPath, let new = change.newIndexPath {
                    steps.append(.remove(offset: old.row, element: id, associatedWith: new.row))
                    steps.append(.insert(offset: new.row, element: id, associatedWith: old.row))
                }
            case .update:
                break
            }
        }
        return CollectionDifference(steps)
    }
}
