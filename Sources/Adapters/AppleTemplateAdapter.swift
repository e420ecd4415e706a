import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// The seed code of Apple's delegate reference, literally: `beginUpdates()` in willChange, one
/// table call per callback, `endUpdates()` in didChange. A move is delete + insert (or `moveRow`
/// with `moves=move-row`); an update reconfigures the visible cell at the **old** index path with
/// `object(at:)` of that path — wrong when the event also inserts or deletes above it (rule 4).
final class AppleTemplateAdapter: TableAdapter {
    private var deferredReconfigures: [ManagedObject] = []

    override func willChange() -> CallbackAction {
        deferredReconfigures = []
        guard !bypassesUserDrivenChange || options.userDriven == .skipMoves else { return .skipped }
        table.beginUpdates()
        return .applied
    }

    override func sectionChanged(_ change: SectionChange) -> CallbackAction {
        guard !(bypassesUserDrivenChange && options.userDriven == .skipAll) else { return .skipped }
        perform(during: "controller:didChangeSection:atIndex:forChangeType:") { () throws(TableViewError) in
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
            perform(during: method) { () throws(TableViewError) in try table.insertRows(at: [change.newIndexPath].compactMap { $0 }) }
        case .delete:
            perform(during: method) { () throws(TableViewError) in try table.deleteRows(at: [change.indexPath].compactMap { $0 }) }
        case .move:
            guard let from = change.indexPath, let to = change.newIndexPath else { return .skipped }
            perform(during: method) { () throws(TableViewError) in
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
            case .reload: perform(during: method) { () throws(TableViewError) in try table.reloadRows(at: [old]) }
            case .reconfigureAfter: deferredReconfigures.append(change.object)
            case .reconfigureInBatch:
                if let operation = reconfigureInBatch(old, with: change.object) { lastEvent.tableOperations.append(operation) }
            case .ignore: return .skipped
            }
        }
        return .applied
    }

    override func didChange() {
        if table.isPerformingUpdates {
            perform(during: "controllerDidChangeContent:") { () throws(TableViewError) in try table.endUpdates() }
        }
        for object in deferredReconfigures { reconfigureAtCurrentPath(object) }
    }
}
