import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// An adapter in the manner of FetchedResultsCoordinator: it accumulates the event's changes and
/// applies them in one batch in didChange — deleteSections → insertSections → deleteRows →
/// insertRows → moves → reloads — after dropping row changes inside inserted or deleted sections
/// (a move keeps only its half outside them): the sections of the whole event
/// (`sectionfilter=event`), or, as the original does, those reported before the row change
/// (`sectionfilter=arrival`), which under today's delivery order lets a delete in a deleted
/// section through. Updates are configured inside the batch with the
/// changed object at their old index path (its `cellConfigurator`, the default), reloaded,
/// reconfigured after the batch at the object's current index path, reconfigured at the old one
/// with `object(at:)` (the rule-4 bug), or ignored. Above
/// `threshold` changes it reloads everything; `paused` detaches it, and resuming refetches and reloads.
final class CoordinatorAdapter: TableAdapter {
    // The event's section and object changes are read back from its log (`lastEvent.entries`),
    // which records every callback in order: keeping them in lists of their own as well copied
    // each change (a retain of its object, its index paths) and checked two accesses per callback.

    override func sectionChanged(_ change: SectionChange) -> CallbackAction { .deferred }

    override func objectChanged(_ change: ObjectChange) -> CallbackAction { .deferred }

    /// The log's entries, taken out of `lastEvent` while they are read and marked: marking them
    /// in place then neither copies the log nor checks access to `lastEvent` per entry. Give
    /// them back (`restoreEntries`) before anything else reads or writes the event.
    private func takeEntries() -> [(callback: Callback, action: CallbackAction)] {
        var entries: [(callback: Callback, action: CallbackAction)] = []
        swap(&entries, &lastEvent.entries)
        return entries
    }

    private func restoreEntries(_ entries: consuming [(callback: Callback, action: CallbackAction)]) {
        lastEvent.entries = entries
    }

    override func didChange() {
        if bypassesUserDrivenChange {
            applyUserDriven()
            return
        }
        var entries = takeEntries()
        if let threshold = options.threshold, Self.changeCount(entries) > threshold {
            restoreEntries(entries)
            reloadTable()
            lastEvent.tableOperations.append(.reloadData)
            return
        }
        var deletedSections = Set<Int>()
        var insertedSections = Set<Int>()
        for entry in entries.indices {
            // The case first, without copying the entry: most entries are objects.
            guard case .section = entries[entry].callback, case .section(let change) = entries[entry].callback else {
                continue
            }
            if change.type == .delete { deletedSections.insert(change.index) }
            if change.type == .insert { insertedSections.insert(change.index) }
            entries[entry].action = .applied
        }
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        var reloads: [IndexPath] = []
        var reconfigureAfter: [ManagedObject] = []
        var reconfigureOld: [IndexPath] = []
        var configureInBatch: [(IndexPath, ManagedObject)] = []
        var configured: [TableOperation] = []
        // Read once: each read of the stored options is checked for exclusive access.
        let updatePolicy = options.updates
        let movesRows = options.moves == .moveRow
        // `sectionfilter=arrival`: a row change is filtered against the sections reported before
        // it, as FetchedResultsCoordinator files each callback as it comes.
        let filtersOnArrival = options.sectionFilter == .arrival
        var arrivedDeleted = Set<Int>()
        var arrivedInserted = Set<Int>()
        for entry in entries.indices {
            guard case .object(let change) = entries[entry].callback else {
                if filtersOnArrival, case .section(let change) = entries[entry].callback {
                    if change.type == .delete {
                        arrivedDeleted.insert(change.index)
                    } else {
                        arrivedInserted.insert(change.index)
                    }
                }
                continue
            }
            let fromDeleted =
                change.indexPath.map { (filtersOnArrival ? arrivedDeleted : deletedSections).contains($0.section) }
                ?? false
            let intoInserted =
                change.newIndexPath.map { (filtersOnArrival ? arrivedInserted : insertedSections).contains($0.section) }
                ?? false
            switch change.type {
            case .delete:
                guard let old = change.indexPath, !fromDeleted else {
                    entries[entry].action = .filtered
                    continue
                }
                deletes.append(old)
            case .insert:
                guard let new = change.newIndexPath, !intoInserted else {
                    entries[entry].action = .filtered
                    continue
                }
                inserts.append(new)
            case .move:
                guard let old = change.indexPath, let new = change.newIndexPath else { continue }
                switch (fromDeleted, intoInserted) {
                case (true, true):
                    entries[entry].action = .filtered
                    continue
                case (true, false): inserts.append(new)
                case (false, true): deletes.append(old)
                case (false, false): moves.append((old, new))
                }
            case .update:
                guard let old = change.indexPath, !fromDeleted else {
                    entries[entry].action = .filtered
                    continue
                }
                switch updatePolicy {
                case .reload: reloads.append(old)
                case .reconfigureAfter: reconfigureAfter.append(change.object)
                case .reconfigure: reconfigureOld.append(old)
                case .reconfigureInBatch: configureInBatch.append((old, change.object))
                case .ignore:
                    entries[entry].action = .skipped
                    continue
                }
            }
            entries[entry].action = .applied
        }
        restoreEntries(entries)
        perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in
            try table.performBatchUpdates { () throws(TableViewError) in
                if !deletedSections.isEmpty { try table.deleteSections(deletedSections.sorted()) }
                if !insertedSections.isEmpty { try table.insertSections(insertedSections.sorted()) }
                if !deletes.isEmpty { try table.deleteRows(at: deletes) }
                if !inserts.isEmpty { try table.insertRows(at: inserts) }
                for (old, new) in moves {
                    if movesRows {
                        try table.moveRow(at: old, to: new)
                    } else {
                        try table.deleteRows(at: [old])
                        try table.insertRows(at: [new])
                    }
                }
                if !reloads.isEmpty { try table.reloadRows(at: reloads) }
                // FetchedResultsCoordinator's cellConfigurator: last in the batch, old layout.
                configured = configureInBatch.compactMap { reconfigureInBatch($0.0, with: $0.1) }
            }
        }
        if !configured.isEmpty { lastEvent.tableOperations += configured }
        for path in reconfigureOld { reconfigureAtOldPath(path, during: "controllerDidChangeContent:") }
        for object in reconfigureAfter { reconfigureAtCurrentPath(object) }
    }

    /// The number of section and object changes in `entries`.
    private static func changeCount(_ entries: [(callback: Callback, action: CallbackAction)]) -> Int {
        var count = 0
        for entry in entries {
            switch entry.callback {
            case .section, .object: count += 1
            default: continue
            }
        }
        return count
    }

    /// The event of the user's own drag: the table already shows the drops. `skip-all` bypasses
    /// every callback of the event, whatever caused it (Apple's sample returns from every
    /// delegate method while the flag is set); `skip-moves` skips only what the drag shows.
    private func applyUserDriven() {
        guard options.userDriven == .skipMoves, let drag = userDrag else {
            var entries = takeEntries()
            for entry in entries.indices {
                switch entries[entry].callback {
                case .section, .object: entries[entry].action = .skipped
                default: continue
                }
            }
            restoreEntries(entries)
            return
        }
        applySkippingMoves(of: drag)
    }

    /// `skip-moves`: every change goes into one batch as in `didChange`, its old index path read
    /// where the table shows the row after the drops; the moves and updates of objects the drag
    /// wrote are skipped — their cells reconfigured where they are now — unless the table does
    /// not show them where the event leaves them (other edits of the same turn moved them, or
    /// the drop was written against values those edits changed), when they are moved like any
    /// other (`dragRowFixes`). A drag alone thus applies only the sections it emptied.
    private func applySkippingMoves(of drag: UserDrag) {
        var entries = takeEntries()
        var deletedSections = Set<Int>()
        var insertedSections = Set<Int>()
        for entry in entries.indices {
            guard case .section(let change) = entries[entry].callback else { continue }
            if change.type == .delete { deletedSections.insert(change.index) }
            if change.type == .insert { insertedSections.insert(change.index) }
            entries[entry].action = .applied
        }
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        var reloads: [IndexPath] = []
        var reconfigureAfter: [ManagedObject] = []
        var reconfigureOld: [IndexPath] = []
        var configureInBatch: [(IndexPath, ManagedObject)] = []
        var configured: [TableOperation] = []
        // `removed`: rows the batch takes away; `handled`: drag rows it already deletes or
        // inserts; `skipped`: the log entry of each drag row's skipped change.
        var removed = Set<ObjectID>()
        var handled = Set<ObjectID>()
        var skipped: [ObjectID: Int] = [:]
        let updatePolicy = options.updates
        let movesRows = options.moves == .moveRow
        for entry in entries.indices {
            guard case .object(let change) = entries[entry].callback else { continue }
            let id = change.object.objectID
            // Where the table shows the row now, after the drops.
            let old = change.indexPath.map(drag.tablePath(forOldPath:))
            let fromDeleted = old.map { deletedSections.contains($0.section) } ?? false
            let isDrags = change.type != .insert && change.type != .delete && drag.wrote(id)
            // A drag's update (a renumbered row) may have no new path (iOS 9): where it is now.
            let new = isDrags ? controller.indexPath(forObjectID: id) : change.newIndexPath
            let intoInserted = new.map { insertedSections.contains($0.section) } ?? false
            switch change.type {
            case .delete:
                guard let old, !fromDeleted else {
                    entries[entry].action = .filtered
                    continue
                }
                deletes.append(old)
                removed.insert(id)
            case .insert:
                guard let new, !intoInserted else {
                    entries[entry].action = .filtered
                    continue
                }
                inserts.append(new)
            case .move where isDrags, .update where isDrags:
                guard let old, let new else { continue }
                switch (fromDeleted, intoInserted) {
                case (true, true):
                    entries[entry].action = .filtered
                    continue
                case (true, false): inserts.append(new)
                case (false, true):
                    deletes.append(old)
                    removed.insert(id)
                case (false, false):
                    // Skipped while the table shows it in place; reconfigured where it is now.
                    skipped[id] = entry
                    reconfigureAfter.append(change.object)
                    entries[entry].action = change.type == .move ? .skipped : .applied
                    continue
                }
                handled.insert(id)
            case .move:
                guard let old, let new else { continue }
                switch (fromDeleted, intoInserted) {
                case (true, true):
                    entries[entry].action = .filtered
                    continue
                case (true, false): inserts.append(new)
                case (false, true): deletes.append(old)
                case (false, false): moves.append((old, new))
                }
                if !fromDeleted { removed.insert(id) }
            case .update:
                guard let old, !fromDeleted else {
                    entries[entry].action = .filtered
                    continue
                }
                switch updatePolicy {
                case .reload: reloads.append(old)
                case .reconfigureAfter: reconfigureAfter.append(change.object)
                case .reconfigure: reconfigureOld.append(old)
                case .reconfigureInBatch: configureInBatch.append((old, change.object))
                case .ignore:
                    entries[entry].action = .skipped
                    continue
                }
            }
            entries[entry].action = .applied
        }
        let fixes = dragRowFixes(
            drag.objects.subtracting(handled), removed: removed,
            deletedSections: deletedSections, insertedSections: insertedSections)
        for fix in fixes {
            switch (fix.from, fix.to) {
            case (let from?, let to?): moves.append((from, to))
            case (let from?, nil): deletes.append(from)
            case (nil, let to?): inserts.append(to)
            case (nil, nil): continue
            }
            if let entry = skipped[fix.id] { entries[entry].action = .applied }
        }
        restoreEntries(entries)
        // A drag alone leaves nothing for the batch but the sections it emptied.
        let touchesTable =
            !deletedSections.isEmpty || !insertedSections.isEmpty || !deletes.isEmpty || !inserts.isEmpty
            || !moves.isEmpty || !reloads.isEmpty || !configureInBatch.isEmpty
        if touchesTable {
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in
                try table.performBatchUpdates { () throws(TableViewError) in
                    if !deletedSections.isEmpty { try table.deleteSections(deletedSections.sorted()) }
                    if !insertedSections.isEmpty { try table.insertSections(insertedSections.sorted()) }
                    if !deletes.isEmpty { try table.deleteRows(at: deletes) }
                    if !inserts.isEmpty { try table.insertRows(at: inserts) }
                    for (old, new) in moves {
                        if movesRows {
                            try table.moveRow(at: old, to: new)
                        } else {
                            try table.deleteRows(at: [old])
                            try table.insertRows(at: [new])
                        }
                    }
                    if !reloads.isEmpty { try table.reloadRows(at: reloads) }
                    configured = configureInBatch.compactMap { reconfigureInBatch($0.0, with: $0.1) }
                }
            }
        }
        if !configured.isEmpty { lastEvent.tableOperations += configured }
        for path in reconfigureOld { reconfigureAtOldPath(path, during: "controllerDidChangeContent:") }
        for object in reconfigureAfter { reconfigureAtCurrentPath(object) }
    }

    override func optionsChanged(from old: AdapterOptions) {
        guard old.isPaused != options.isPaused else { return }
        if options.isPaused {
            controller.delegate = nil
        } else {
            controller.delegate = self
            try? controller.performFetch()
            table.reloadData()
        }
    }
}
