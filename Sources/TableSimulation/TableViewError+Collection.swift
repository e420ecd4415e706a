import FetchSimCore

extension TableViewError {
    /// The message `UICollectionView` raises for the same mistake.
    ///
    /// *Verbatim* (crash reports 2015–2020, docs/semantics.md rule C2): the item-count message —
    /// with two spaces after "section N." as every collection-view report shows, iOS 9 to 13 —,
    /// the section-count message ("collection view", two spaces) and "attempt to delete item N
    /// from section S which only contains C items before the update". The others are the table's
    /// wording with "row" → "item" and "table view" → "collection view" (*patterned*).
    package var collectionViewDescription: String {
        switch self {
        case .invalidRowCount(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            "Invalid update: invalid number of items in section \(section).  The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .invalidSectionCount(let after, let before, let inserted, let deleted):
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(after)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .deleteRowOutOfRange(let path, let count):
            "attempt to delete item \(path.row) from section \(path.section) which only contains \(count) items before the update"
        case .insertRowOutOfRange(let path, let count):
            "attempt to insert item \(path.row) into section \(path.section), but there are only \(count) items in section \(path.section) after the update"
        case .inCollectionView(let error), .invalidBatchUpdates(let error, _, _, _):
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

extension TableViewError {
    /// A collection view's count failure as iOS 16.4 and later word it (Apple forum thread 728797:
    /// "This particular exception is new as of iOS 16.4"): the whole batch, the view's counts before
    /// it and the data source's after. "before and after" as iOS 17 prints it (XLPagerTabStrip
    /// #859, iOS 17.1.2; iOS 16.4–16.5 printed "before and/or after": thread 728797, DifferenceKit
    /// #155); the counts as `{ 1 section with item counts: [4] }`, the updates as
    /// `[ Delete item (0 - 27384), Insert item (0 - 27384) ]` (verbatim in thread 728797; the
    /// other operations' names are patterned on those), then the view's description with a fixed
    /// made-up address.
    static func invalidBatchUpdatesMessage(before: [Int], after: [Int], updates: [String]) -> String {
        "Invalid batch updates detected: the number of sections and/or items returned by the data source before and after "
            + "performing the batch updates are inconsistent with the updates. Data source before updates = \(counts(before)) "
            + "Data source after updates = \(counts(after)) Updates = [ \(updates.joined(separator: ", "))\(updates.isEmpty ? "" : " ")] "
            + "Collection view: \(UIKitEra.collectionViewDescription)"
    }

    /// `{ 2 sections with item counts: [4, 1] }`.
    private static func counts(_ counts: [Int]) -> String {
        "{ \(counts.count) section\(counts.count == 1 ? "" : "s") with item counts: [\(counts.map(String.init).joined(separator: ", "))] }"
    }

    /// The batch's operations as iOS 16.4+ lists them: `Delete item (0 - 2)` per index path, in
    /// call order.
    static func batchUpdates(_ operations: [TableOperation]) -> [String] {
        let item = { (verb: String, path: IndexPath) in "\(verb) item (\(path.section) - \(path.row))" }
        return operations.flatMap { operation -> [String] in
            switch operation {
            case .deleteRows(let paths): paths.map { item("Delete", $0) }
            case .insertRows(let paths): paths.map { item("Insert", $0) }
            case .reloadRows(let paths): paths.map { item("Reload", $0) }
            case .reconfigureRows(let paths): paths.map { item("Reconfigure", $0) }
            case .moveRow(let from, let to):
                ["Move item (\(from.section) - \(from.row)) to (\(to.section) - \(to.row))"]
            case .deleteSections(let sections): sections.map { "Delete section \($0)" }
            case .insertSections(let sections): sections.map { "Insert section \($0)" }
            case .moveSection(let from, let to): ["Move section \(from) to \(to)"]
            case .reloadData, .userMoveRow, .configureCell: []
            }
        }
    }
}
