import FetchedResults

extension TableAdapter: FetchedResultsSectionIndexTitleDelegate {
    /// The index title the app supplies for `sectionName` under its data source's
    /// `indexTitleStyle`: the whole name for `.full`, otherwise nil, which leaves the controller's
    /// default (`FetchedResultsController.defaultIndexTitle(forSectionName:)`). An empty name has no title.
    public func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
    {
        guard dataSource.indexTitleStyle == .full, !sectionName.isEmpty else { return nil }
        return sectionName
    }
}
