import FetchSimCore
import FetchedResults
import TableSimulation

extension UIKitEra {
    /// The UIKit of each compatibility profile: `ios9` and `ios10` the two-space wording of
    /// iOS 8–11, `modern` and `strict` the current one with the table view's description
    /// (semantics.md, rule 17).
    package init(profile: CompatibilityProfile) {
        switch profile {
        case .ios9, .ios10: self = .twoSpaces
        case .modern, .strict: self = .tableViewSuffix
        }
    }
}

extension FetchedResultsController {
    /// The reason of the exception Apple's `object(at:)` raises for a path outside the results
    /// (`NSInternalInconsistencyException`): "no section at index S" when the section does not
    /// exist, else "no object at index R in section at index S" (semantics.md, rule 4).
    func objectAtIndexPathFailure(_ path: IndexPath) -> String {
        guard path.section >= 0, path.section < numberOfSections else { return "no section at index \(path.section)" }
        return "no object at index \(path.row) in section at index \(path.section)"
    }
}
