import FetchSimCore
import Foundation

/// Which release's wording UIKit uses for its batch-update messages (docs/semantics.md, rule 17).
///
/// The counting messages changed twice. Up to iOS 11 a second space follows the first sentence
/// ("…in section 0.  The number…", "…number of sections.  The number…"); from iOS 12 one space;
/// from iOS 14 the row-count message ends with the table view's description
/// (" Table view: <UITableView: 0x…; frame = …; dataSource: …>"). FetchSim prints that suffix with a
/// fixed, made-up address and no geometry, so that transcripts stay deterministic.
///
/// ```swift
/// // error: a batch that deleted section 0 of a table whose data source still has it
/// error.message(in: .oneSpace) == error.description  // true
/// error.message(in: .twoSpaces)  // "Invalid update: invalid number of sections.  The number of sections …"
/// UIKitEra.allCases.map(\.description)  // ["ios8-11", "ios12-13", "ios14+"]
/// ```
public enum UIKitEra: String, Sendable, CaseIterable, CustomStringConvertible {
    /// iOS 8–11: two spaces after the first sentence of both counting messages.
    case twoSpaces = "ios8-11"
    /// iOS 12–13: one space, no suffix.
    case oneSpace = "ios12-13"
    /// iOS 14 and later: one space, and the row-count message names the table view.
    case tableViewSuffix = "ios14+"

    /// The table view description FetchSim appends in the iOS 14+ era: UIKit's shape, a fixed fake
    /// address (never a real pointer), no frame or layer.
    package static let tableViewDescription = "<UITableView: 0x7fa5c0008000>"
    /// The collection view's, in the same shape (iOS 16.4+ batch message).
    package static let collectionViewDescription = "<UICollectionView: 0x7fa5c0008000>"

    public var description: String { rawValue }
}

extension TableViewError {
    /// The message as UIKit of `era` words it; `description` is the iOS 12–13 wording.
    ///
    /// Only the two counting messages changed between eras in the sources we have; every other
    /// message is `description` in every era.
    public func message(in era: UIKitEra) -> String {
        let text = description
        switch self {
        case .invalidBatchUpdates(_, let before, let after, let updates) where era == .tableViewSuffix:
            return Self.invalidBatchUpdatesMessage(before: before, after: after, updates: updates)
        case .invalidRowCount:
            switch era {
            case .twoSpaces: return text.replacingFirst(". The number", with: ".  The number")
            case .oneSpace: return text
            case .tableViewSuffix: return text + " Table view: " + UIKitEra.tableViewDescription
            }
        case .invalidSectionCount:
            return era == .twoSpaces ? text.replacingFirst(". The number", with: ".  The number") : text
        default:
            return text
        }
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
