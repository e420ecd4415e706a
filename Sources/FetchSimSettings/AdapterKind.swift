/// The table-updating delegates apps write, as `adapter NAME` names them. What each one does
/// with the controller's callbacks is the adapters' (`Adapters`: `TableAdapter.make`).
///
///     AdapterKind(rawValue: "apple-template")  // .appleTemplate, as `adapter apple-template` names it
public enum AdapterKind: String, Sendable, CaseIterable {
    /// Apple's documented delegate: one table call per callback inside `beginUpdates`/`endUpdates`
    /// (`AppleTemplateAdapter`).
    case appleTemplate = "apple-template"
    /// FetchedResultsCoordinator's: the event's changes gathered and applied in one batch
    /// (`CoordinatorAdapter`).
    case coordinator
    /// `reloadData()` after every event (`ReloadAllAdapter`).
    case reloadAll = "reload-all"
    /// iOS 13's `UITableViewDiffableDataSource` fed by the controller's snapshot (`DiffableAdapter`).
    case diffable
    /// The Swift delegate Xcode 8+ generates: configures the changed object's cell before
    /// `moveRow`, force-unwrapping `cellForRow(at:)` (`XcodeTemplateAdapter`).
    case xcodeTemplate = "xcode-template"
}
