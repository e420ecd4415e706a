import FetchSimCore

extension TableViewError {
    /// The message `UICollectionView` raises for the same mistake.
    ///
    /// *Verbatim* (crash reports 2015–2020, docs/semantics.md rule C2): the item-count message —
    /// with two spaces after "section N." as every collection-view report shows, iOS 9 to 13 —,
    /// the section-count message ("collection view", two spaces) and "attempt to delete item N
    /// from section S which only contains C items before the update". The others are the table's
    /// wording with "row" → "item" and "table view" → "collection view" (*patterned*).
    public var collectionViewDescription: String {
        switch self {
        case .invalidRowCount(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            "Invalid update: invalid number of items in section \(section).  The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .invalidSectionCount(let after, let before, let inserted, let deleted):
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(after)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .deleteRowOutOfRange(let path, let count):
            "attempt to delete item \(path.row) from section \(path.section) which only contains \(count) items before the update"
        case .insertRowOutOfRange(let path, let count):
            "attempt to insert item \(path.row) into section \(path.section), but there are only \(count) items in section \(path.section) after the update"
        case .inCollectionView(let error):
            error.collectionViewDescription
        default:
            description
                .replacing(" rows ", with: " items ")
                .replacing(" row ", with: " item ")
                .replacing("a row", with: "an item")
                .replacing("table view", with: "collection view")
        }
    }
}
