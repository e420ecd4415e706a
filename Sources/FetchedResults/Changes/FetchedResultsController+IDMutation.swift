import ObjectGraph

extension FetchedResultsController {
    /// What the controller does when objects' temporary IDs become permanent (at save, or by
    /// `obtainPermanentIDs`): a difference delegate receives, for each such object among the
    /// results, a removal of the old ID and an insertion of the new one at the object's offset,
    /// each associated with the other — the public decompilation of iOS 18.2's
    /// `-_managedObjectContextDidMutateObjectIDs:` (the only source) builds exactly these
    /// `NSOrderedCollectionChange`s when its difference flag is set. No other delegate hears
    /// of it. FetchSim's IDs keep their number, so the removal and the insertion name the same
    /// `ObjectID`; what they tell the app is that its identifier changed.
    func handleIDMutation(_ ids: [ObjectID]) {
        guard hasFetched, let delegate, !isDelivering, delegateRoles.difference, !delegateRoles.snapshot,
            request.sectionIndex == nil,
            let differenceDelegate = delegate as? any FetchedResultsDifferenceDelegate
        else { return }
        var changes: [CollectionDifference<ObjectID>.Change] = []
        for id in ids {
            guard let offset = indexPath(forObjectID: id)?.row else { continue }
            changes.append(.remove(offset: offset, element: id, associatedWith: offset))
            changes.append(.insert(offset: offset, element: id, associatedWith: offset))
        }
        guard !changes.isEmpty, let difference = CollectionDifference(changes) else { return }
        isDelivering = true
        defer { isDelivering = false }
        differenceDelegate.controller(self, didChangeContentWith: difference)
    }
}
