import FetchSimCore

/// Why the simulated table rejected a batch, worded as UIKit words its
/// `NSInternalInconsistencyException` reasons.
///
/// `description` is the message alone, without an "error:" prefix. Messages marked *verbatim*
/// are UIKit's as seen in crash reports and issue threads (see docs/semantics.md, "UIKit's messages");
/// UIKit prints an index path as `<NSIndexPath: 0x…> {length = 2, path = 0 - 1}`, which we render
/// without the pointer so that transcripts stay deterministic. Messages marked *invented* are ours,
/// written in the same style where UIKit's exact wording is unknown.
///
/// ```swift
/// // the TableViewDataSource example: two rows, and an insert the data source does not make
/// table.beginUpdates()
/// try table.insertRows(at: [IndexPath(row: 0, section: 0)])
/// try table.endUpdates()
/// // throws .invalidRowCount: "Invalid update: invalid number of rows in section 0. The number of rows
/// // contained in an existing section after the update (2) must be equal to the number of rows contained
/// // in that section before the update (2), plus or minus the number of rows inserted or deleted from
/// // that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of
/// // that section (0 moved in, 0 moved out)."
/// table.isOutOfStep                   // true
/// table.rowIdentifiers(inSection: 0)  // [1, 2]: the state before the batch
/// ```
public enum TableViewError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    // MARK: Counts (verbatim)
    case invalidRowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)

    // MARK: Sections out of range
    /// Verbatim.
    case deleteSectionOutOfRange(section: Int, sectionCount: Int)
    /// Verbatim.
    case insertSectionOutOfRange(section: Int, sectionCount: Int)
    /// Invented.
    case moveSectionFromOutOfRange(section: Int, sectionCount: Int)
    /// Invented.
    case moveSectionToOutOfRange(from: Int, to: Int, sectionCount: Int)

    // MARK: Section conflicts (invented)
    case deleteAndMoveSameSection(Int)
    case insertAndMoveSameSection(Int)
    case multipleMovesFromSection(Int)
    case multipleMovesToSection(Int)

    // MARK: Rows out of range
    /// Verbatim; UIKit uses it for out-of-range reloads too.
    case deleteRowOutOfRange(IndexPath, rowCount: Int)
    /// Verbatim; UIKit uses it for reloads too.
    case deleteRowSectionOutOfRange(IndexPath, sectionCount: Int)
    /// Verbatim.
    case insertRowOutOfRange(IndexPath, rowCount: Int)
    /// Verbatim.
    case insertRowSectionOutOfRange(IndexPath, sectionCount: Int)
    /// Invented, patterned on the delete message.
    case reconfigureRowOutOfRange(IndexPath, rowCount: Int)
    /// Invented, patterned on the delete message.
    case reconfigureRowSectionOutOfRange(IndexPath, sectionCount: Int)
    /// Verbatim.
    case moveFromOutOfRange(IndexPath, rowCount: Int)
    /// Invented: the row variant's wording with a section count.
    case moveFromSectionOutOfRange(IndexPath, sectionCount: Int)
    /// Verbatim.
    case moveToOutOfRange(from: IndexPath, to: IndexPath, rowCount: Int)
    /// Invented: the row variant's wording with a section count.
    case moveToSectionOutOfRange(from: IndexPath, to: IndexPath, sectionCount: Int)

    // MARK: Row conflicts
    /// Verbatim.
    case deleteAndReloadSameIndexPath(IndexPath)
    /// Verbatim; UIKit also reports a reload and a move from one path this way (openradar 33662307).
    case deleteAndMoveSameIndexPath(IndexPath)
    /// Verbatim.
    case insertAndMoveSameIndexPath(IndexPath)
    /// Verbatim (UIKit names no section).
    case moveFromDeletedSection(IndexPath)
    /// Verbatim.
    case moveIntoInsertedSection(Int)
    /// Invented: UIKit rejects `moveRow(at: p, to: p)` inside a batch (CoreStore 5.3.0).
    case moveToSameIndexPath(IndexPath)
    /// Invented.
    case multipleMovesFromIndexPath(IndexPath)
    /// Invented.
    case multipleMovesToIndexPath(IndexPath)
    /// Verbatim (UIKit names no index path; the path is the move's destination, which the batch
    /// also reloads): tables of the iOS 9 era (docs/semantics.md, "Two animations for a cell").
    case twoAnimationsForCell(IndexPath)

    // MARK: Misuse (invented)
    case endUpdatesWithoutBeginUpdates
    /// The update block of `performBatchUpdates` threw; the batch was abandoned.
    case updateBlockFailed(String)
    case userMoveOutOfRange(from: IndexPath, to: IndexPath)
    case userMoveDuringUpdates

    // MARK: Diffable data sources and collection views
    /// Verbatim (iOS 15+): a snapshot applied by a diffable data source named one item twice;
    /// UIKit lists the duplicates as an `NSSet`, rendered here on one line.
    case nonUniqueItemIdentifiers([String])
    /// The same mistake made on a `UICollectionView`: UIKit's collection-view wording of the
    /// wrapped error (see `TableViewError+Collection.swift`).
    indirect case inCollectionView(TableViewError)
    /// A collection view's batch whose counts do not add up (the wrapped `invalidRowCount` or
    /// `invalidSectionCount`), with what iOS 16.4 and later print in its place: the counts the
    /// view had before the batch, the data source's after it, and the updates (`updates`, in
    /// UIKit's words). `description` is the wrapped error's collection-view wording, as before
    /// iOS 16.4; `message(in:)` gives the later one (`UIKitEra.swift`).
    indirect case invalidBatchUpdates(TableViewError, before: [Int], after: [Int], updates: [String])

    public var description: String {
        switch self {
        case .invalidRowCount(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .invalidSectionCount(let after, let before, let inserted, let deleted):
            "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(after)) must be equal to the number of sections contained in the table view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .deleteSectionOutOfRange(let section, let count):
            "attempt to delete section \(section), but there are only \(count) sections before the update"
        case .insertSectionOutOfRange(let section, let count):
            "attempt to insert section \(section) but there are only \(count) sections after the update"
        case .moveSectionFromOutOfRange(let section, let count):
            "attempt to move section \(section), but there are only \(count) sections before the update"
        case .moveSectionToOutOfRange(let from, let to, let count):
            "attempt to move section \(from) to section \(to), but there are only \(count) sections after the update"
        case .deleteAndMoveSameSection(let section):
            "attempt to delete and move the same section (\(section))"
        case .insertAndMoveSameSection(let section):
            "attempt to insert and move to the same section (\(section))"
        case .multipleMovesFromSection(let section):
            "attempt to perform multiple moves from the same section (\(section))"
        case .multipleMovesToSection(let section):
            "attempt to perform multiple moves to the same section (\(section))"
        case .deleteRowOutOfRange(let path, let count):
            "attempt to delete row \(path.row) from section \(path.section) which only contains \(count) rows before the update"
        case .deleteRowSectionOutOfRange(let path, let count):
            "attempt to delete row \(path.row) from section \(path.section), but there are only \(count) sections before the update"
        case .insertRowOutOfRange(let path, let count):
            "attempt to insert row \(path.row) into section \(path.section), but there are only \(count) rows in section \(path.section) after the update"
        case .insertRowSectionOutOfRange(let path, let count):
            "attempt to insert row \(path.row) into section \(path.section), but there are only \(count) sections after the update"
        case .reconfigureRowOutOfRange(let path, let count):
            "attempt to reconfigure row \(path.row) from section \(path.section) which only contains \(count) rows before the update"
        case .reconfigureRowSectionOutOfRange(let path, let count):
            "attempt to reconfigure row \(path.row) from section \(path.section), but there are only \(count) sections before the update"
        case .moveFromOutOfRange(let path, let count):
            "attempt to move index path (\(Self.ns(path))) that does not exist - there are only \(count) rows in section \(path.section) before the update"
        case .moveFromSectionOutOfRange(let path, let count):
            "attempt to move index path (\(Self.ns(path))) that does not exist - there are only \(count) sections before the update"
        case .moveToOutOfRange(let from, let to, let count):
            "attempt to move index path (\(Self.ns(from))) to index path (\(Self.ns(to))) that does not exist - there are only \(count) rows in section \(to.section) after the update"
        case .moveToSectionOutOfRange(let from, let to, let count):
            "attempt to move index path (\(Self.ns(from))) to index path (\(Self.ns(to))) that does not exist - there are only \(count) sections after the update"
        case .deleteAndReloadSameIndexPath(let path):
            "attempt to delete and reload the same index path (\(Self.ns(path)))"
        case .deleteAndMoveSameIndexPath(let path):
            "attempt to perform a delete and a move from the same index path (\(Self.ns(path)))"
        case .insertAndMoveSameIndexPath(let path):
            "attempt to perform an insert and a move to the same index path (\(Self.ns(path)))"
        case .moveFromDeletedSection:
            "cannot move a row from a deleted section"
        case .moveIntoInsertedSection(let section):
            "cannot move a row into a newly inserted section (\(section))"
        case .moveToSameIndexPath(let path):
            "attempt to move index path (\(Self.ns(path))) to the same index path inside an update block"
        case .multipleMovesFromIndexPath(let path):
            "attempt to perform multiple moves from the same index path (\(Self.ns(path)))"
        case .multipleMovesToIndexPath(let path):
            "attempt to perform multiple moves to the same index path (\(Self.ns(path)))"
        case .twoAnimationsForCell:
            "Attempt to create two animations for cell"
        case .endUpdatesWithoutBeginUpdates:
            "endUpdates called without a matching beginUpdates"
        case .updateBlockFailed(let reason):
            "the batch update block threw an error, the batch was abandoned: \(reason)"
        case .userMoveOutOfRange(let from, let to):
            "attempt to drag index path (\(Self.ns(from))) to index path (\(Self.ns(to))) that does not exist"
        case .userMoveDuringUpdates:
            "attempt to drag a row while the table view is inside an update block"
        case .nonUniqueItemIdentifiers(let identifiers):
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(identifiers.joined(separator: ", ")))}"
        case .inCollectionView(let error), .invalidBatchUpdates(let error, _, _, _):
            error.collectionViewDescription
        }
    }

    /// Apple's `NSIndexPath` description without the pointer: `<NSIndexPath> {length = 2, path = 0 - 1}`.
    private static func ns(_ path: IndexPath) -> String {
        "<NSIndexPath> {length = 2, path = \(path.section) - \(path.row)}"
    }
}
