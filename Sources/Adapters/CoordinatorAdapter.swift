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
    private var sections: [(change: SectionChange, entry: Int)] = []
    private var objects: [(change: ObjectChange, entry: Int)] = []

    override func willChange() -> CallbackAction {
        // Emptied, their storage kept: growing the lists anew from one element cost an
        // allocation at every doubling in every event.
        sections.removeAll(keepingCapacity: true)
        objects.removeAll(keepingCapacity: true)
        return .applied
    }

    override func sectionChanged(_ change: SectionChange) -> CallbackAction {
        sections.append((change, lastEvent.entries.count))
        return .deferred
    }

    override func objectChanged(_ change: ObjectChange) -> CallbackAction {
        objects.append((change, lastEvent.entries.count))
        return .deferred
    }

    /// The event's log entries, taken out of `lastEvent` to be marked: a mark per change in
    /// place was a checked access to `lastEvent` each. Put them back with `restore` before
    /// anything reads or writes the log.
    private func takeEntries() -> [(callback: Callback, action: CallbackAction)] {
        var entries: [(callback: Callback, action: CallbackAction)] = []
        swap(&entries, &lastEvent.entries)
        return entries
    }

    private func restore(_ entries: inout [(callback: Callback, action: CallbackAction)]) {
        swap(&entries, &lastEvent.entries)
    }

    override func didChange() {
        if bypassesUserDrivenChange {
            applyUserDriven()
            return
        }
        if let threshold = options.threshold, sections.count + objects.count > threshold {
            reloadTable()
            lastEvent.tableOperations.append(.reloadData)
            return
        }
        let deletedSections = Set(sections.filter { $0.change.type == .delete }.map(\.change.index))
        let insertedSections = Set(sections.filter { $0.change.type == .insert }.map(\.change.index))
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = []
        var reloads: [IndexPath] = [], reconfigureAfter: [ManagedObject] = [], reconfigureOld: [IndexPath] = []
        var configureInBatch: [(IndexPath, ManagedObject)] = [], configured: [TableOperation] = []
        // Read once: each read of the stored options is checked for exclusive access.
        let updatePolicy = options.updates, movesRows = options.moves == .moveRow
        var entries = takeEntries()
        func mark(_ entry: Int, _ action: CallbackAction) { entries[entry].action = action }
        for (_, entry) in sections { mark(entry, .applied) }
        for (change, entry) in objects {
            let fromDeleted = change.indexPath.map { deletedSections.contains($0.section) } ?? false
            let intoInserted = change.newIndexPath.map { insertedSections.contains($0.section) } ?? false
            switch change.type {
            case .delete:
                guard let old = change.indexPath, !fromDeleted else { mark(entry, .filtered); continue }
                deletes.append(old)
            case .insert:
                guard let new = change.newIndexPath, !intoInserted else { mark(entry, .filtered); continue }
                inserts.append(new)
            case .move:
                guard let old = change.indexPath, let new = change.newIndexPath else { continue }
                switch (fromDeleted, intoInserted) {
                case (true, true): mark(entry, .filtered); continue
                case (true, false): inserts.append(new)
                case (false, true): deletes.append(old)
                case (false, false): moves.append((old, new))
                }
            case .update:
                guard let old = change.indexPath, !fromDeleted else { mark(entry, .filtered); continue }
                switch updatePolicy {
                case .reload: reloads.append(old)
                case .reconfigureAfter: reconfigureAfter.append(change.object)
                case .reconfigure: reconfigureOld.append(old)
                case .reconfigureInBatch: configureInBatch.append((old, change.object))
                case .ignore: mark(entry, .skipped); continue
                }
            }
            mark(entry, .applied)
        }
        restore(&entries)
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

    /// The event of the user's own drag: the table already shows the moves.
    private func applyUserDriven() {
        // The log stays taken out to the end: the table calls and the reconfigures below write
        // the event's table operations and error, never its log.
        var entries = takeEntries()
        defer { restore(&entries) }
        if options.userDriven == .skipAll {
            for (_, entry) in sections { entries[entry].action = .skipped }
            for (_, entry) in objects { entries[entry].action = .skipped }
            return
        }
        // skip-moves: section inserts/deletes still reach the table; moved and updated objects
        // only get their visible cells reconfigured where they are now.
        for (_, entry) in sections { entries[entry].action = .applied }
        if !sections.isEmpty {
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in
                try table.performBatchUpdates { () throws(TableViewError) in
                    let deleted = sections.filter { $0.change.type == .delete }.map(\.change.index)
                    let inserted = sections.filter { $0.change.type == .insert }.map(\.change.index)
                    if !deleted.isEmpty { try table.deleteSections(deleted) }
                    if !inserted.isEmpty { try table.insertSections(inserted) }
                }
            }
        }
        for (change, entry) in objects {
            entries[entry].action = change.type == .move ? .skipped : .applied
            reconfigureAtCurrentPath(change.object)
        }
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
