/// How an adapter shows a reported move (`adapter … moves=delete-insert|move-row`).
///
///     MovePolicy(rawValue: "move-row")  // .moveRow
public enum MovePolicy: String, Sendable, CaseIterable {
    /// `deleteRows` + `insertRows`, as Apple's template and FetchedResultsCoordinator do.
    case deleteInsert = "delete-insert"
    /// `moveRow(at:to:)`: keeps the cell, but UIKit rejects it in several corner cases.
    case moveRow = "move-row"
}

/// How an adapter shows a reported update (`adapter … updates=…`).
///
///     UpdatePolicy(rawValue: "reconfigure-after")  // .reconfigureAfter
public enum UpdatePolicy: String, Sendable, CaseIterable {
    /// `reloadRows` at the old index path, inside the batch.
    case reload
    /// Reconfigure the visible cell at the **old** index path with `object(at:)` of that path (the
    /// documented bug of Apple's template, semantics.md rule 4).
    case reconfigure
    /// Reconfigure visible cells after the batch, at the object's current index path (correct).
    case reconfigureAfter = "reconfigure-after"
    /// Do nothing: cells go stale.
    case ignore
    /// Configure the visible cell at the **old** index path with the changed object itself,
    /// inside the batch — FetchedResultsCoordinator's `cellConfigurator` (its README: "call your
    /// cell configuration code again for an updated object rather than asking the table … to
    /// reload that row"). Correct: before `endUpdates` the table still has the old layout.
    case reconfigureInBatch = "reconfigure-in-batch"
}

/// What an adapter does with the callbacks of a change event the user caused by dragging a row
/// (`adapter … userdriven=…`).
///
///     UserDrivenPolicy(rawValue: "skip-all")  // .skipAll, Apple's "User-Driven Updates" pattern
public enum UserDrivenPolicy: String, Sendable, CaseIterable {
    /// Apple's documented pattern: bypass every callback of that event.
    case skipAll = "skip-all"
    /// Bypass object moves, still apply section inserts/deletes and reconfigure changed cells.
    case skipMoves = "skip-moves"
    /// No flag: apply everything again (the bug the flag prevents).
    case off
}

/// Which section changes the coordinator filters a row change against (`sectionfilter=`).
///
///     SectionFilter(rawValue: "arrival")  // .arrival, FetchedResultsCoordinator's own filing
public enum SectionFilter: String, Sendable, CaseIterable {
    /// Those of the whole event, collected before any row change is filed: FetchSim's policy,
    /// right under every delivery order.
    case event
    /// Those reported before the row change, as FetchedResultsCoordinator files each callback as
    /// it comes ("Docs state 'The fetched results controller reports changes to its section
    /// before changes to the fetched result objects' so should be able to filter on the
    /// inserted/deleted sections", its `controller(_:didChange:at:for:newIndexPath:)`). Under
    /// today's delivery order (rule 2) object deletes come before the section deletes, so a
    /// delete in a deleted section is not filtered: its `deleteRows` goes into the batch beside
    /// the `deleteSections`, which UIKit accepts (rule 16).
    case arrival
}
