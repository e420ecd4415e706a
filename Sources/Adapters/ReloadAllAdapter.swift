import FetchedResults

/// The big-batch pattern from Apple's delegate reference: ignore the individual callbacks and call
/// `reloadData()` in `didChangeContent`. Always consistent, never animated.
final class ReloadAllAdapter: TableAdapter {
    override func sectionChanged(_ change: SectionChange) -> CallbackAction { .deferred }
    override func objectChanged(_ change: ObjectChange) -> CallbackAction { .deferred }

    override func didChange() {
        reloadTable()
        lastEvent.tableOperations.append(.reloadData)
    }
}
