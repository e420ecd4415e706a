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
final class AppleTemplateAdapter: TableAdapter {
    private var deferredReconfigures: [ManagedObject] = []
    /// The queued table calls of this event (collection view only).
    private var blocks: [() throws(TableViewError) -> Void] = []
    private var queuesBlocks: Bool { table.style == .collection }

    override func willChange() -> CallbackAction {
        deferredReconfigures = []
        blocks = []
        guard !bypassesUserDrivenChange || options.userDriven == .skipMoves else { return .skipped }
        if !queuesBlocks { table.beginUpdates() }
        return .applied
    }

    override func sectionChanged(_ change: SectionChange) -> CallbackAction {
        guard !(bypassesUserDrivenChange && options.userDriven == .skipAll) else { return .skipped }
        issue(during: "controller:didChangeSection:atIndex:forChangeType:") { [self] () throws(TableViewError) in
            if change.type == .insert { try table.insertSections([change.index]) } else { try table.deleteSections([change.index]) }
        }
        return .applied
    }

    override func objectChanged(_ change: ObjectChange) -> CallbackAction {
        if bypassesUserDrivenChange {
            guard options.userDriven == .skipMoves, change.type != .move, change.type != .update else {
                if options.userDriven == .skipMoves { deferredReconfigures.append(change.object) }
                return .skipped
            }
        }
        let method = "controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:"
        switch change.type {
        case .insert:
            issue(during: method) { [self] () throws(TableViewError) in try table.insertRows(at: [change.newIndexPath].compactMap { $0 }) }
        case .delete:
            issue(during: method) { [self] () throws(TableViewError) in try table.deleteRows(at: [change.indexPath].compactMap { $0 }) }
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
                if let operation = reconfigureInBatch(old, with: change.object) { lastEvent.tableOperations.append(operation) }
            case .ignore: return .skipped
            }
        }
        return .applied
    }

    override func didChange() {
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
    private func issue(during method: String, _ body: @escaping () throws(TableViewError) -> Void) {
        if queuesBlocks { blocks.append(body) } else { perform(during: method, body) }
    }
}
