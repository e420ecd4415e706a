/// The object that answers a table view's questions, as UIKit's `UITableViewDataSource`.
///
/// The two required methods are required; UIKit's optional ones have defaults here (a protocol
/// extension) that answer as UIKit does when a data source does not implement them. A method
/// whose name misses a requirement by a little gets the compiler's "nearly matches defaulted
/// requirement" warning — the check Objective-C's optional methods never had.
///
/// ```swift
/// extension NotesViewController: UITableViewDataSource {
///     func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { notes.count }
///     func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { … }
/// }
/// ```
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// Optional: 1 when not implemented.
    func numberOfSections(in tableView: UITableView) -> Int
    /// Optional: no header title when not implemented.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// Optional: no footer title when not implemented.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Optional: every row can be edited when not implemented.
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Optional: every row can be moved when not implemented (UIKit then also asks whether
    /// `moveRowAt` is implemented, which Swift cannot ask; see docs/apple-api.md).
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Optional: no section index when not implemented.
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    /// Optional: the title's own index when not implemented.
    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
    /// Optional: the user confirmed a delete (or insert) of a row; nothing when not implemented.
    func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Optional: the user dropped a dragged row; the table already shows it at its new place.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
    public func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

/// The object told about what happens to a table view's rows, as `UITableViewDelegate`, as far as
/// list code needs it; every method is optional, with UIKit's answer as its default.
///
/// ```swift
/// extension NotesViewController: UITableViewDelegate {
///     func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
///                    toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
///         // keep drags within their section
///         proposedDestinationIndexPath.section == sourceIndexPath.section
///             ? proposedDestinationIndexPath : sourceIndexPath
///     }
/// }
/// ```
///
/// FetchSim calls `targetIndexPathForMoveFromRowAt` during the user's drag, and FetchSimTesting's
/// simulator `didSelectRowAt` and `editingStyleForRowAt`; the others (`willDisplay`,
/// `didDeselectRowAt`, `shouldIndentWhileEditingRowAt`, `heightForRowAt`) are declared so that
/// list code compiles, and are not called.
@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {
    /// Optional: the user selected a row.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// Optional: the user deselected a row.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// Optional: a cell is about to come on screen.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Optional: `.delete` while editing when not implemented.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// Optional: where a dragged row may land; the proposed index path when not implemented.
    func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath
    /// Optional: whether the row indents while editing; true when not implemented.
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// Optional: the row's height (recorded, not used: rows on screen are counted at the table's `rowHeight`).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath)
        -> UITableViewCell.EditingStyle
    { .delete }
    public func tableView(
        _ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
        toProposedIndexPath proposedDestinationIndexPath: IndexPath
    ) -> IndexPath {
        proposedDestinationIndexPath
    }
    public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        UITableView.automaticDimension
    }
}
