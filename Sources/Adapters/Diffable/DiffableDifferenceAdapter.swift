import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// `adapter diffable delegate=difference`: an iOS 13 app whose delegate implements
/// `controller(_:didChangeContentWith difference:)` and none of the per-change callbacks. It
/// builds its next snapshot by applying the difference to the item identifiers of the data
/// source's current one (`CollectionDifference.applying`) and applies that snapshot; the objects
/// the difference reports as a removal and an insertion associated with each other — moved or
/// updated (rule 24) — are the ones the update policy reconfigures or reloads.
///
/// With a section key Core Data does not send the difference: it logs "Difference delegate method
/// is not supported …" and calls the per-change callbacks, which this app does not implement —
/// each is logged `skipped`, the table is not touched, and it falls behind the controller.
final class DiffableDifferenceAdapter: DiffableApplier, FetchedResultsDifferenceDelegate {
    func controller(
        _ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>
    ) {
        timing?.markFirstCallback()
        lastEvent = AdapterEvent()
        defer { userDrag = nil }  // the difference is the event's last callback (rule 18)
        let method = "controller:didChangeContentWithDifference:"
        let current = diffableDataSource.snapshot
        let changed = Self.associatedElements(of: difference)
        // A drag with reordering handlers: the data source's snapshot already shows the drops,
        // and the difference counts from the controller's results before them. The app takes the
        // drops back out (the drag's value names them) and applies the difference to that; what
        // differs from the data source's snapshot then is what the drag did not do — other
        // changes of the same turn. A difference that is the drag's alone changes nothing.
        var base = current
        if bypassesUserDrivenChange, let drag = userDrag {
            for drop in drag.drops.reversed() { base.moveItem(from: drop.to, to: drop.from) }
        }
        if bypassesUserDrivenChange, let objects = (base.sections.first?.objects ?? []).applying(difference),
            objects == current.sections.first?.objects ?? []
        {
            log(.difference(difference), .skipped)
            apply(current, changed: changed, during: method)
            return
        }
        guard let objects = (base.sections.first?.objects ?? []).applying(difference) else {
            // Offsets that do not fit the data source's snapshot: `applying` gives nil, and the app
            // has nothing to apply.
            log(.difference(difference), .skipped)
            return
        }
        let new = DiffableSnapshot(objectIDs: objects, itemKey: options.itemKey, context: controller.context)
        let duplicates = new.duplicateItems
        guard duplicates.isEmpty else {
            log(.difference(difference), .skipped)
            logException(.nonUniqueItemIdentifiers(duplicates.map(\.description)), during: method)
            return
        }
        log(.difference(difference), .applied)
        apply(new, changed: changed, during: method)
    }

    /// The elements of the removal–insertion pairs of `difference`: the objects it reports moved
    /// or updated.
    static func associatedElements(of difference: CollectionDifference<ObjectID>) -> Set<ObjectID> {
        Set(
            difference.insertions.compactMap { change in
                if case .insert(_, let id, let other) = change, other != nil { id } else { nil }
            })
    }

    // An app that adopts only the difference callback has no per-change callbacks. With a section
    // key Core Data skips the difference and calls those instead (rule 24), so they do nothing
    // and the table falls behind: the behaviour this adapter exists to reproduce.
    override func willChange() -> CallbackAction { .skipped }
    override func sectionChanged(_ change: SectionChange) -> CallbackAction { .skipped }
    override func objectChanged(_ change: ObjectChange) -> CallbackAction { .skipped }

    override func controllerDidChangeContent(_ controller: FetchedResultsController) {
        log(.didChangeContent, .skipped)
        userDrag = nil
    }
}

extension DiffableSnapshot {
    /// A one-section snapshot (a controller without a section key) of `objectIDs`, identified as
    /// ``init(_:itemKey:context:)`` identifies them.
    init(objectIDs: [ObjectID], itemKey: String?, context: ObjectContext) {
        self.init()
        let items: [Item] = objectIDs.map { id in
            guard let itemKey else { return .object(id) }
            return .value(context.object(with: id)?[itemKey] ?? .null)
        }
        sections = [Section(name: "", items: items, objects: objectIDs)]
    }
}
