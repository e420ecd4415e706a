import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// The seed code of Apple's delegate reference, literally: `beginUpdates()` in willChange, one
/// table call per callback, `endUpdates()` in didChange. A move is delete + insert (or `moveRow`
/// with `moves=move-row`); an update reconfigures the visible cell at the **old** index path with
/// `object(at:)` of that path — wrong when the event also inserts or deletes above it (rule 4).
///
/// On a collection view (`table collection`), which has no `beginUpdates`, it does what apps do
/// there: each callback queues its call as a block, and `didChangeContent` replays the blocks inside
/// one `performBatchUpdates` — so UIKit's error escapes from `controllerDidChangeContent:`.
class AppleTemplateAdapter: TableAdapter {
    private var deferredReconfigures: [ManagedObject] = []
    /// The queued table calls of this event (collection view, or a subclass that queues).
    var blocks: [() throws(TableViewError) -> Void] = []
    /// Whether each callback queues its table call for one `performBatchUpdates` in
    /// `didChange` instead of calling the table between `beginUpdates` and `endUpdates`.
    var queuesBlocks: Bool { table.style == .collection }
    /// What `skip-moves` needs of a drag's event that also holds other changes (see
    /// `dragChangeAction`): the sections it inserts and deletes, the objects whose rows the batch
    /// takes away, the drag's rows whose changes it deletes and inserts, and the log entry of
    /// each drag row's skipped change.
    private var dragSections = (deleted: Set<Int>(), inserted: Set<Int>())
    private var dragRemoved = Set<ObjectID>()
    private var dragHandled = Set<ObjectID>()
    private var dragSkipped: [ObjectID: Int] = [:]

    override func willChange() -> CallbackAction {
        deferredReconfigures = []
        blocks = []
        if isUserDrivenChange {
            dragSections = ([], [])
            dragRemoved = []
            dragHandled = []
            dragSkipped = [:]
        }
        guard !bypassesUserDrivenChange || options.userDriven == .skipMoves else { return .skipped }
        if !queuesBlocks { table.beginUpdates() }
        return .applied
    }

    override func sectionChanged(_ change: SectionChange) -> CallbackAction {
        guard !(bypassesUserDrivenChange && options.userDriven == .skipAll) else { return .skipped }
        if bypassesUserDrivenChange {
            if change.type == .insert {
                dragSections.inserted.insert(change.index)
            } else {
                dragSections.deleted.insert(change.index)
            }
        }
        issue(during: "controller:didChangeSection:atIndex:forChangeType:") { [self] () throws(TableViewError) in
            if change.type == .insert {
                try table.insertSections([change.index])
            } else {
                try table.deleteSections([change.index])
            }
        }
        return .applied
    }

    override func objectChanged(_ change: ObjectChange) -> CallbackAction {
        var change = change
        if bypassesUserDrivenChange {
            guard options.userDriven == .skipMoves, let drag = userDrag else { return .skipped }
            if let action = dragChangeAction(change, drag: drag) { return action }
            // Another change of the drag's event: its old path is where the table shows the row
            // after the drops.
            let old = change.indexPath.map(drag.tablePath(forOldPath:))
            if change.type == .delete || change.type == .move, let old, !dragSections.deleted.contains(old.section) {
                dragRemoved.insert(change.object.objectID)
            }
            change = ObjectChange(
                type: change.type, object: change.object, indexPath: old, newIndexPath: change.newIndexPath)
        }
        let method = "controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:"
        switch change.type {
        case .insert:
            issue(during: method) { [self] () throws(TableViewError) in
                try table.insertRows(at: [change.newIndexPath].compactMap { $0 })
            }
        case .delete:
            issue(during: method) { [self] () throws(TableViewError) in
                try table.deleteRows(at: [change.indexPath].compactMap { $0 })
            }
        case .move:
            guard let from = change.indexPath, let to = change.newIndexPath else { return .skipped }
            issue(during: method) { [self] () throws(TableViewError) in
                if options.moves == .moveRow {
                    try table.moveRow(at: from, to: to)
                } else {
                    try table.deleteRows(at: [from])
                    try table.insertRows(at: [to])
                }
            }
        case .update:
            guard let old = change.indexPath else { return .skipped }
            switch options.updates {
            case .reconfigure: reconfigureAtOldPath(old, during: method)
            case .reload: issue(during: method) { [self] () throws(TableViewError) in try table.reloadRows(at: [old]) }
            case .reconfigureAfter: deferredReconfigures.append(change.object)
            case .reconfigureInBatch:
                if let operation = reconfigureInBatch(old, with: change.object) {
                    lastEvent.tableOperations.append(operation)
                }
            case .ignore: return .skipped
            }
        }
        return .applied
    }

    /// What `skip-moves` does with a move or update of an object the drag wrote: skips it while
    /// the table shows the row where the event leaves it (`didChange` fixes the rows it does not,
    /// `dragRowFixes`) and reconfigures its cell after the batch; a row whose section goes or
    /// comes is deleted and inserted. Nil for any other change.
    private func dragChangeAction(_ change: ObjectChange, drag: UserDrag) -> CallbackAction? {
        let id = change.object.objectID
        guard change.type == .move || change.type == .update, drag.wrote(id) else { return nil }
        deferredReconfigures.append(change.object)
        guard let old = change.indexPath.map(drag.tablePath(forOldPath:)),
            let new = controller.indexPath(forObjectID: id)
        else {
            return .skipped
        }
        guard dragSections.deleted.contains(old.section) || dragSections.inserted.contains(new.section) else {
            // The log appends this callback's entry when the hook returns: it is the next one.
            dragSkipped[id] = lastEvent.entries.count
            return .skipped
        }
        dragHandled.insert(id)
        if !dragSections.deleted.contains(old.section) { dragRemoved.insert(id) }
        let method = "controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:"
        issue(during: method) { [self] () throws(TableViewError) in
            try table.deleteRows(at: [old])
            try table.insertRows(at: [new])
        }
        return .applied
    }

    /// The drag's rows that the table does not show where the event leaves them
    /// (`dragRowFixes`), moved, deleted or inserted in the batch before it ends; the log entries
    /// of their skipped changes say so.
    private func fixDragRows(_ drag: UserDrag) {
        let fixes = dragRowFixes(
            drag.objects.subtracting(dragHandled), removed: dragRemoved,
            deletedSections: dragSections.deleted, insertedSections: dragSections.inserted)
        for fix in fixes {
            if let entry = dragSkipped[fix.id] { lastEvent.entries[entry].action = .applied }
            issue(during: "controllerDidChangeContent:") { [self] () throws(TableViewError) in
                switch (fix.from, fix.to) {
                case (let from?, let to?) where options.moves == .moveRow: try table.moveRow(at: from, to: to)
                case (let from?, let to?):
                    try table.deleteRows(at: [from])
                    try table.insertRows(at: [to])
                case (let from?, nil): try table.deleteRows(at: [from])
                case (nil, let to?): try table.insertRows(at: [to])
                case (nil, nil): break
                }
            }
        }
    }

    override func didChange() {
        if bypassesUserDrivenChange, options.userDriven == .skipMoves, let userDrag { fixDragRows(userDrag) }
        if queuesBlocks, !blocks.isEmpty {
            let queued = blocks
            blocks = []
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in
                try table.performBatchUpdates { for block in queued { try block() } }
            }
        }
        if table.isPerformingUpdates {
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in try table.endUpdates() }
        }
        for object in deferredReconfigures { reconfigureAtCurrentPath(object) }
    }

    /// Calls the table now (inside the begin/end block), or queues the call for `didChange` on a
    /// collection view.
    func issue(during method: String, _ body: @escaping () throws(TableViewError) -> Void) {
        if queuesBlocks { blocks.append(body) } else { perform(during: method, body) }
    }
}
