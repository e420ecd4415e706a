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
    /// The event's section and object changes in the order they arrived, each with the position
    /// of its entry in the event's log: the coordinator's working state, filed by the callbacks,
    /// applied in `didChange` and dropped after it. The log is only written — what became of each
    /// change — never read for a decision.
    private var filed: [(change: FiledChange, logEntry: Int)] = []

    /// One change the coordinator holds until `didChange`.
    private enum FiledChange {
        case section(SectionChange)
        case object(ObjectChange)
    }

    override func willChange() -> CallbackAction {
        filed.removeAll(keepingCapacity: true)
        return .applied
    }

    override func sectionChanged(_ change: SectionChange) -> CallbackAction {
        file(.section(change))
        return .deferred
    }

    override func objectChanged(_ change: ObjectChange) -> CallbackAction {
        file(.object(change))
        return .deferred
    }

    /// Files `change` with the position its log entry takes: the base class logs a callback
    /// right after its hook returns, at the end of the log.
    private func file(_ change: FiledChange) {
        filed.append((change, lastEvent.entries.count))
    }

    /// Writes what became of each filed change into its log entry (nil: left as logged). The
    /// entries are taken out of `lastEvent` while they are written, so that writing them neither
    /// copies the log nor checks access to `lastEvent` per entry.
    private func record(_ outcomes: [CallbackAction?]) {
        var entries: [(callback: Callback, action: CallbackAction)] = []
        swap(&entries, &lastEvent.entries)
        for (index, outcome) in outcomes.enumerated() {
            // A log forgotten mid-event (`resetLastEvent()`) no longer holds the entry.
            guard let outcome, filed[index].logEntry < entries.count else { continue }
            entries[filed[index].logEntry].action = outcome
        }
        swap(&entries, &lastEvent.entries)
    }

    override func didChange() {
        defer { filed.removeAll(keepingCapacity: true) }
        if bypassesUserDrivenChange {
            applyUserDriven()
            return
        }
        if let threshold = options.threshold, filed.count > threshold {
            reloadTable()
            lastEvent.tableOperations.append(.reloadData)
            return
        }
        var outcomes = [CallbackAction?](repeating: nil, count: filed.count)
        var batch = fileSections(&outcomes)
        // Read once: each read of the stored options is checked for exclusive access.
        let updatePolicy = options.updates
        // `sectionfilter=arrival`: a row change is filtered against the sections reported before
        // it, as FetchedResultsCoordinator files each callback as it comes.
        let filtersOnArrival = options.sectionFilter == .arrival
        var arrivedDeleted = Set<Int>()
        var arrivedInserted = Set<Int>()
        for index in filed.indices {
            guard case .object(let change) = filed[index].change else {
                if filtersOnArrival, case .section(let change) = filed[index].change {
                    if change.type == .delete {
                        arrivedDeleted.insert(change.index)
                    } else {
                        arrivedInserted.insert(change.index)
                    }
                }
                continue
            }
            let fromDeleted =
                change.indexPath.map {
                    (filtersOnArrival ? arrivedDeleted : batch.deletedSections).contains($0.section)
                } ?? false
            let intoInserted =
                change.newIndexPath.map {
                    (filtersOnArrival ? arrivedInserted : batch.insertedSections).contains($0.section)
                } ?? false
            switch change.type {
            case .delete:
                guard let old = change.indexPath, !fromDeleted else {
                    outcomes[index] = .filtered
                    continue
                }
                batch.deletes.append(old)
            case .insert:
                guard let new = change.newIndexPath, !intoInserted else {
                    outcomes[index] = .filtered
                    continue
                }
                batch.inserts.append(new)
            case .move:
                guard let old = change.indexPath, let new = change.newIndexPath else { continue }
                guard batch.fileMove(from: old, to: new, fromDeleted: fromDeleted, intoInserted: intoInserted) else {
                    outcomes[index] = .filtered
                    continue
                }
            case .update:
                guard let old = change.indexPath, !fromDeleted else {
                    outcomes[index] = .filtered
                    continue
                }
                guard batch.fileUpdate(of: change.object, at: old, policy: updatePolicy) else {
                    outcomes[index] = .skipped
                    continue
                }
            }
            outcomes[index] = .applied
        }
        record(outcomes)
        apply(batch, evenIfEmpty: true)
    }

    /// Files the event's section changes into a new batch, each marked applied in `outcomes`.
    private func fileSections(_ outcomes: inout [CallbackAction?]) -> CoordinatorBatch {
        var batch = CoordinatorBatch()
        for index in filed.indices {
            guard case .section(let change) = filed[index].change else { continue }
            if change.type == .delete { batch.deletedSections.insert(change.index) }
            if change.type == .insert { batch.insertedSections.insert(change.index) }
            outcomes[index] = .applied
        }
        return batch
    }

    /// Performs `batch` in one `performBatchUpdates` — sections deleted, sections inserted, rows
    /// deleted, rows inserted, moves, reloads, then the cells configured in the batch — and
    /// reconfigures the updates filed for after it. A batch with no table operation is performed
    /// only `evenIfEmpty`; the updates filed for after it are reconfigured either way.
    private func apply(_ batch: CoordinatorBatch, evenIfEmpty: Bool) {
        let movesRows = options.moves == .moveRow
        var configured: [TableOperation] = []
        if evenIfEmpty || batch.touchesTable {
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in
                try table.performBatchUpdates { () throws(TableViewError) in
                    if !batch.deletedSections.isEmpty { try table.deleteSections(batch.deletedSections.sorted()) }
                    if !batch.insertedSections.isEmpty { try table.insertSections(batch.insertedSections.sorted()) }
                    if !batch.deletes.isEmpty { try table.deleteRows(at: batch.deletes) }
                    if !batch.inserts.isEmpty { try table.insertRows(at: batch.inserts) }
                    for (old, new) in batch.moves {
                        if movesRows {
                            try table.moveRow(at: old, to: new)
                        } else {
                            try table.deleteRows(at: [old])
                            try table.insertRows(at: [new])
                        }
                    }
                    if !batch.reloads.isEmpty { try table.reloadRows(at: batch.reloads) }
                    // FetchedResultsCoordinator's cellConfigurator: last in the batch, old layout.
                    configured = batch.configureInBatch.compactMap { reconfigureInBatch($0.0, with: $0.1) }
                }
            }
        }
        if !configured.isEmpty { lastEvent.tableOperations += configured }
        for path in batch.reconfigureOld { reconfigureAtOldPath(path, during: "controllerDidChangeContent:") }
        for object in batch.reconfigureAfter { reconfigureAtCurrentPath(object) }
    }

    /// The event of the user's own drag: the table already shows the drops. `skip-all` bypasses
    /// every callback of the event, whatever caused it (Apple's sample returns from every
    /// delegate method while the flag is set); `skip-moves` skips only what the drag shows.
    private func applyUserDriven() {
        guard options.userDriven == .skipMoves, let drag = userDrag else {
            record([CallbackAction?](repeating: .skipped, count: filed.count))
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
        var outcomes = [CallbackAction?](repeating: nil, count: filed.count)
        var batch = fileSections(&outcomes)
        // `removed`: rows the batch takes away; `handled`: drag rows it already deletes or
        // inserts; `skipped`: the filed change of each drag row whose change is skipped.
        var removed = Set<ObjectID>()
        var handled = Set<ObjectID>()
        var skipped: [ObjectID: Int] = [:]
        let updatePolicy = options.updates
        for index in filed.indices {
            guard case .object(let change) = filed[index].change else { continue }
            let id = change.object.objectID
            // Where the table shows the row now, after the drops.
            let old = change.indexPath.map(drag.tablePath(forOldPath:))
            let fromDeleted = old.map { batch.deletedSections.contains($0.section) } ?? false
            let isDrags = change.type != .insert && change.type != .delete && drag.wrote(id)
            // A drag's update (a renumbered row) may have no new path (iOS 9): where it is now.
            let new = isDrags ? controller.indexPath(forObjectID: id) : change.newIndexPath
            let intoInserted = new.map { batch.insertedSections.contains($0.section) } ?? false
            switch change.type {
            case .delete:
                guard let old, !fromDeleted else {
                    outcomes[index] = .filtered
                    continue
                }
                batch.deletes.append(old)
                removed.insert(id)
            case .insert:
                guard let new, !intoInserted else {
                    outcomes[index] = .filtered
                    continue
                }
                batch.inserts.append(new)
            case .move where isDrags, .update where isDrags:
                guard let old, let new else { continue }
                switch (fromDeleted, intoInserted) {
                case (true, true):
                    outcomes[index] = .filtered
                    continue
                case (true, false): batch.inserts.append(new)
                case (false, true):
                    batch.deletes.append(old)
                    removed.insert(id)
                case (false, false):
                    // Skipped while the table shows it in place; reconfigured where it is now.
                    skipped[id] = index
                    batch.reconfigureAfter.append(change.object)
                    outcomes[index] = change.type == .move ? .skipped : .applied
                    continue
                }
                handled.insert(id)
            case .move:
                guard let old, let new else { continue }
                guard batch.fileMove(from: old, to: new, fromDeleted: fromDeleted, intoInserted: intoInserted) else {
                    outcomes[index] = .filtered
                    continue
                }
                if !fromDeleted { removed.insert(id) }
            case .update:
                guard let old, !fromDeleted else {
                    outcomes[index] = .filtered
                    continue
                }
                guard batch.fileUpdate(of: change.object, at: old, policy: updatePolicy) else {
                    outcomes[index] = .skipped
                    continue
                }
            }
            outcomes[index] = .applied
        }
        let fixes = dragRowFixes(
            drag.objects.subtracting(handled), removed: removed,
            deletedSections: batch.deletedSections, insertedSections: batch.insertedSections)
        for fix in fixes {
            switch (fix.from, fix.to) {
            case (let from?, let to?): batch.moves.append((from, to))
            case (let from?, nil): batch.deletes.append(from)
            case (nil, let to?): batch.inserts.append(to)
            case (nil, nil): continue
            }
            if let index = skipped[fix.id] { outcomes[index] = .applied }
        }
        record(outcomes)
        // A drag alone leaves nothing for the batch but the sections it emptied.
        apply(batch, evenIfEmpty: false)
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

/// The table operations one coordinator event files, performed by `CoordinatorAdapter.apply(_:)`
/// in FetchedResultsCoordinator's order; the updates by the adapter's update policy.
private struct CoordinatorBatch {
    var deletedSections = Set<Int>()
    var insertedSections = Set<Int>()
    var deletes: [IndexPath] = []
    var inserts: [IndexPath] = []
    var moves: [(IndexPath, IndexPath)] = []
    var reloads: [IndexPath] = []
    /// Updates configured after the batch, at the object's current index path.
    var reconfigureAfter: [ManagedObject] = []
    /// Updates configured after the batch, at their old index path with `object(at:)`.
    var reconfigureOld: [IndexPath] = []
    /// Updates configured inside the batch, at their old index path with the changed object.
    var configureInBatch: [(IndexPath, ManagedObject)] = []

    /// Whether the batch has anything for the table to do.
    var touchesTable: Bool {
        !deletedSections.isEmpty || !insertedSections.isEmpty || !deletes.isEmpty || !inserts.isEmpty
            || !moves.isEmpty || !reloads.isEmpty || !configureInBatch.isEmpty
    }

    /// Files a move: only its half outside an inserted or deleted section. Returns false when
    /// both halves are inside one, so nothing is filed.
    mutating func fileMove(from old: IndexPath, to new: IndexPath, fromDeleted: Bool, intoInserted: Bool) -> Bool {
        switch (fromDeleted, intoInserted) {
        case (true, true): return false
        case (true, false): inserts.append(new)
        case (false, true): deletes.append(old)
        case (false, false): moves.append((old, new))
        }
        return true
    }

    /// Files an update of `object`, shown at `old`, as `policy` says. Returns false when the
    /// policy ignores updates.
    mutating func fileUpdate(of object: ManagedObject, at old: IndexPath, policy: UpdatePolicy) -> Bool {
        switch policy {
        case .reload: reloads.append(old)
        case .reconfigureAfter: reconfigureAfter.append(object)
        case .reconfigure: reconfigureOld.append(old)
        case .reconfigureInBatch: configureInBatch.append((old, object))
        case .ignore: return false
        }
        return true
    }
}
