extension SimulatedTableView {
    /// Reads the section index titles from the data source again, as UIKit's
    /// `reloadSectionIndexTitles()` does, without reloading any row.
    public func reloadSectionIndexTitles() {
        sectionIndexTitles = dataSource?.sectionIndexTitles(for: self)
    }
}
