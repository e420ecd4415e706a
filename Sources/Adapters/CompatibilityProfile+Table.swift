import FetchedResults

extension CompatibilityProfile {
    /// Whether the profile's era of UIKit fails a batch that reloads a move's destination with
    /// "Attempt to create two animations for cell" rather than "attempt to perform an insert and a
    /// move to the same index path": `ios9` only; `ios10` keeps rule 22's message (openradar
    /// 27957917). Set it on `SimulatedTableView` (docs/semantics.md, "Two animations for a cell").
    public var tablesReportReloadAndMoveAsTwoAnimations: Bool {
        self == .ios9
    }
}
