import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// The delegate Xcode 8 and later generate for a Master-Detail App with Core Data, in Swift:
///
/// ```swift
/// case .update:
///     configureCell(tableView.cellForRow(at: indexPath!)!, withEvent: anObject as! Event)
/// case .move:
///     configureCell(tableView.cellForRow(at: indexPath!)!, withEvent: anObject as! Event)
///     tableView.moveRow(at: indexPath!, to: newIndexPath!)
/// ```
///
/// It configures the cell with the changed object itself (not `object(at:)`, so rule 4's wrong
/// cell cannot happen) at the old index path, inside the batch, where the table still has its old
/// layout. Its hazard is the force unwrap: `cellForRow(at:)` is nil for a row that is not on
/// screen, and the app crashes (`AppCrash`). The crash ends the event: no later callback runs and
/// the batch never ends, so the table keeps the rows it had and is out of step.
///
/// Everything else is Apple's template (`AppleTemplateAdapter`): inserts, deletes and section
/// changes one call per callback; `moves=delete-insert` replaces `moveRow` after the configure;
/// another `updates=` policy replaces both branches by that policy's, and `userdriven=` adds the
/// flag of Apple's "User-Driven Updates" (the template has none: `off`).
/// The calls are queued and replayed in one batch at `didChange` — what `beginUpdates` …
/// `endUpdates` does too, as the table validates a batch only at its end — so that the crash can
/// abandon the batch.
final class XcodeTemplateAdapter: AppleTemplateAdapter {
    /// The configures made inside the batch, recorded after the batch's row calls.
    private var configured: [TableOperation] = []

    override var queuesBlocks: Bool { true }

    override func willChange() -> CallbackAction {
        configured = []
        return super.willChange()
    }

    override func sectionChanged(_ change: SectionChange) -> CallbackAction {
        guard lastEvent.appCrash == nil else { return .crashed }
        return super.sectionChanged(change)
    }

    override func objectChanged(_ change: ObjectChange) -> CallbackAction {
        // After the crash there is no app to call.
        guard lastEvent.appCrash == nil else { return .crashed }
        guard !bypassesUserDrivenChange, options.updates == .reconfigureInBatch,
            change.type == .update || change.type == .move, let old = change.indexPath
        else { return super.objectChanged(change) }
        // configureCell(tableView.cellForRow(at: indexPath!)!, withEvent: anObject)
        guard table.cellForRow(at: old) != nil else {
            let where_ = table.rowIdentifier(at: old) == nil ? "the table has no row there" : "the row is off screen"
            lastEvent.appCrash = .unexpectedNil(
                profile: controller.profile, method: "controller(_:didChange:at:for:newIndexPath:)",
                detail: "tableView.cellForRow(at: [\(old.section), \(old.row)]) is nil, \(where_)")
            return .crashed
        }
        if let operation = reconfigureInBatch(old, with: change.object) { configured.append(operation) }
        guard change.type == .move, let new = change.newIndexPath else { return .applied }
        let method = "controller:didChangeObject:atIndexPath:forChangeType:newIndexPath:"
        issue(during: method) { [self] () throws(TableViewError) in
            if options.moves == .moveRow {
                try table.moveRow(at: old, to: new)
            } else {
                try table.deleteRows(at: [old])
                try table.insertRows(at: [new])
            }
        }
        return .applied
    }

    override func didChange() {
        guard lastEvent.appCrash != nil else {
            super.didChange()
            lastEvent.tableOperations += configured
            return
        }
        // The process ends inside the callback: the queued calls never reach `endUpdates`.
        // Abandoning the batch leaves the table with its rows from before the event, out of step;
        // the log says so of every callback made into a call, and of didChangeContent.
        for index in lastEvent.entries.indices where lastEvent.entries[index].action == .applied {
            if case .willChangeContent = lastEvent.entries[index].callback { continue }
            lastEvent.entries[index].action = index == lastEvent.entries.count - 1 ? .crashed : .abandoned
        }
        let queued = blocks
        blocks = []
        guard !queued.isEmpty else { return }
        try? table.performBatchUpdates {
            for block in queued { try block() }
            throw AbandonedByCrash()
        }
    }

    /// Ends the replayed batch without committing it.
    private struct AbandonedByCrash: Error {}
}
