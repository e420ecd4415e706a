import FetchedResults

extension CompatibilityProfile {
    /// Whether the profile's era of UIKit fails a batch that reloads a move's destination with
    /// "Attempt to create two animations for cell" rather than "attempt to perform an insert and a
    /// move to the same index path": `ios9` only; `ios10` keeps rule 22's message (openradar
    /// 27957917). Set it on `SimulatedTableView` (docs/semantics.md, "Two animations for a cell").
    package var tablesReportReloadAndMoveAsTwoAnimations: Bool {
        self == .ios9
    }

    /// Whether applying the controller's snapshot as it is reloads the items it marks (rule D2):
    /// from iOS 15 (`modern`, `strict`). The snapshot delegate is iOS 13 API, so under the older
    /// profiles a diffable app runs on iOS 13–14, where the marked items keep their cells (forum
    /// thread 692357: "on iOS 13 and iOS 14 … we need to manually check which objects have been
    /// updated and manually refresh the corresponding items").
    package var diffableAppliesSnapshotReloads: Bool {
        self == .modern || self == .strict
    }
}
