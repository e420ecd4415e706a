import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// `ConsistencyCheck`'s `.incremental` scope: the same differences as the full scope, read in
/// time proportional to the viewport and the last event rather than to the list, for the
/// full-screen mode and the bench's pipeline, which check after every event of a long list.
///
/// When a section's row count, title and fingerprint (an order-sensitive hash of its object IDs,
/// kept by both the table and the controller) agree, the table shows the controller's objects
/// in that section, and only the cells can be wrong — and only visible rows have cells. So it
/// reads every row only of a section where those disagree, or where the table does not show an
/// object of the last event at the controller's index path for it; elsewhere only the visible
/// rows. The controller's order is checked around the objects of the last event only, which is
/// the one place the incremental scope may find less than the full one (an object out of order
/// that no event touched). `IncrementalCheckTests` hold its problems equal to the full scope's
/// after every event of random sessions, with adapters that break the table.
struct IncrementalConsistencyCheck {
    let check: ConsistencyCheck

    private var table: SimulatedTableView { check.table }
    private var controller: FetchedResultsController { check.controller }

    /// Every difference the incremental scope finds, in the full scope's order, not yet limited.
    func problems() -> [ConsistencyProblem] {
        var problems = check.sectionCountProblems()
        let visible = visibleRowsBySection()
        let review = lastChangesReview()
        for section in 0..<min(table.numberOfSections, controller.numberOfSections) {
            problems += check.headerProblems(section: section)
            let rows = table.numberOfRows(inSection: section)
            let expected = controller.numberOfObjects(inSection: section)
            let showsSameObjects =
                rows == expected && !review.misplacedSections.contains(section)
                && table.fingerprint(ofSection: section) == controller.fingerprint(ofSection: section)
            // The rows show the right objects; only cells can be wrong, and only visible rows have one.
            let checkedRows = showsSameObjects ? visible[section] ?? [] : Array(0..<min(rows, expected))
            for row in checkedRows {
                if let problem = rowProblem(at: IndexPath(row: row, section: section)) { problems.append(problem) }
            }
            problems += check.extraRowProblems(section: section)
        }
        return problems + review.orderProblems
    }

    /// `ConsistencyCheck.rowProblem(at:)`, except that a cell formatted from exactly the values
    /// the check reads (its `CellValues` source) is not formatted again: formatting is a function
    /// of the values, so its text is what they format to. The visible rows are read after every
    /// event, and formatting each of their cells would cost more than the rest of the check.
    private func rowProblem(at path: IndexPath) -> ConsistencyProblem? {
        guard let object = controller.object(at: path), table.rowIdentifier(at: path) == object.objectID.rawValue,
            let cell = table.cellForRow(at: path)
        else { return check.rowProblem(at: path) }
        if cell.identifier == object.objectID.rawValue, let source = cell.source as? CellValues,
            source.formatsLike(check.values(of: object))
        {
            return nil
        }
        return check.cellProblem(cell, at: path, object: object)
    }

    /// The visible rows of each section, by section.
    private func visibleRowsBySection() -> [Int: [Int]] {
        var rows: [Int: [Int]] = [:]
        for path in table.indexPathsForVisibleRows { rows[path.section, default: []].append(path.row) }
        return rows
    }

    /// What the incremental scope checks around the objects of the last change event.
    struct LastChangesReview {
        /// Sections where the table does not show such an object at the controller's index path
        /// for it: read in full even if the fingerprints agree.
        var misplacedSections: Set<Int> = []
        /// The controller's order checked between each such object and its neighbours: the first
        /// violation in list order, as the full scope reports it.
        var orderProblems: [ConsistencyProblem] = []
    }

    /// Reviews each object the last change event named, once, for its cell and its order.
    /// - Complexity: O(k log n) for k changed objects.
    private func lastChangesReview() -> LastChangesReview {
        var review = LastChangesReview()
        let keys = check.sortKeys()
        var first: (path: IndexPath, problem: ConsistencyProblem)?
        for change in controller.lastChangeSet?.objects ?? [] {
            guard let path = controller.indexPath(forObject: change.object) else { continue }
            if table.rowIdentifier(at: path) != change.object.objectID.rawValue {
                review.misplacedSections.insert(path.section)
            }
            let pairs = [
                neighbour(of: path, step: -1).map { ($0, path) }, neighbour(of: path, step: 1).map { (path, $0) },
            ]
            for case let (left, right)? in pairs {
                guard let a = controller.object(at: left), let b = controller.object(at: right),
                    !check.isOrdered(a, b, keys: keys),
                    first.map({ left < $0.path }) ?? true
                else { continue }
                first = (left, check.orderProblem(a, b))
            }
        }
        review.orderProblems = first.map { [$0.problem] } ?? []
        return review
    }

    /// The index path `step` rows before or after `path` across sections, skipping empty ones.
    private func neighbour(of path: IndexPath, step: Int) -> IndexPath? {
        var section = path.section
        var row = path.row + step
        while section >= 0, section < controller.numberOfSections {
            let count = controller.numberOfObjects(inSection: section)
            if row >= 0, row < count { return IndexPath(row: row, section: section) }
            section += step
            guard section >= 0, section < controller.numberOfSections else { return nil }
            row = step > 0 ? 0 : controller.numberOfObjects(inSection: section) - 1
        }
        return nil
    }
}
