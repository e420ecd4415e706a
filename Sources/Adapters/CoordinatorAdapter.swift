import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// An adapter in the manner of FetchedResultsCoordinator: it accumulates the event's changes and
/// applies them in one batch in didChange — deleteSections → insertSections → deleteRows →
/// insertRows → moves → reloads — after dropping row changes inside inserted or deleted sections
/// (a move keeps only its half outside them). Updates are configured inside the batch with the
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
        var deletedSections = Set<Int>(), insertedSections = Set<Int>()
        for entry in entries.indices {
            // The case first, without copying the entry: most entries are objects.
            guard case .section = entries[entry].callback, case .section(let change) = entries[entry].callback else { continue }
            if change.type == .delete { deletedSections.insert(change.index) }
            if change.type == .insert { insertedSections.insert(change.index) }
            entries[entry].action = .applied
        }
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = []
        var reloads: [IndexPath] = [], reconfigureAfter: [ManagedObject] = [], reconfigureOld: [IndexPath] = []
        var configureInBatch: [(IndexPath, ManagedObject)] = [], configured: [TableOperation] = []
        // Read once: each read of the stored options is checked for exclusive access.
        let updatePolicy = options.updates, movesRows = options.moves == .moveRow
        for entry in entries.indices {
            guard case .object(let change) = entries[entry].callback else { continue }
            let fromDeleted = change.indexPath.map { deletedSections.contains($0.section) } ?? false
            let intoInserted = change.newIndexPath.map { insertedSections.contains($0.section) } ?? false
            switch change.type {
            case .delete:
                guard let old = change.indexPath, !fromDeleted else { entries[entry].action = .filtered; continue }
                deletes.append(old)
            case .insert:
                guard let new = change.newIndexPath, !intoInserted else { entries[entry].action = .filtered; continue }
                inserts.append(new)
            case .move:
                guard let old = change.indexPath, let new = change.newIndexPath else { continue }
                switch (fromDeleted, intoInserted) {
                case (true, true): entries[entry].action = .filtered; continue
                case (true, false): inserts.append(new)
                case (false, true): deletes.append(old)
                case (false, false): moves.append((old, new))
                }
            case .update:
                guard let old = change.indexPath, !fromDeleted else { entries[entry].action = .filtered; continue }
                switch updatePolicy {
                case .reload: reloads.append(old)
                case .reconfigureAfter: reconfigureAfter.append(change.object)
                case .reconfigure: reconfigureOld.append(old)
                case .reconfigureInBatch: configureInBatch.append((old, change.object))
                case .ignore: entries[entry].action = .skipped; continue
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

    /// The event of the user's own drag: the table already shows the moves.
    private func applyUserDriven() {
        // skip-all: nothing reaches the table. skip-moves: section inserts/deletes still reach
        // the table; moved and updated objects only get their visible cells reconfigured where
        // they are now.
        let skipsAll = options.userDriven == .skipAll
        var entries = takeEntries()
        var hasSections = false, deleted: [Int] = [], inserted: [Int] = [], reconfigured: [ManagedObject] = []
        for entry in entries.indices {
            let action: CallbackAction
            switch entries[entry].callback {
            case .section(let change):
                hasSections = true
                action = skipsAll ? .skipped : .applied
                if change.type == .delete { deleted.append(change.index) }
                if change.type == .insert { inserted.append(change.index) }
            case .object(let change):
                action = skipsAll || change.type == .move ? .skipped : .applied
                reconfigured.append(change.object)
            default:
                continue
            }
            entries[entry].action = action
        }
        restoreEntries(entries)
        guard !skipsAll else { return }
        if hasSections {
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in
                try table.performBatchUpdates { () throws(TableViewError) in
                    if !deleted.isEmpty { try table.deleteSections(deleted) }
                    if !inserted.isEmpty { try table.insertSections(inserted) }
                }
            }
        }
        for object in reconfigured { reconfigureAtCurrentPath(object) }
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
