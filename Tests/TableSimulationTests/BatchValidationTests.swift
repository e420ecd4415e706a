import FetchSimCore
import TableSimulation
import Testing

/// One validation rule: a minimal batch that breaks it and one that passes, on the same data.
struct RuleCase: Sendable, CustomTestStringConvertible {
    typealias Batch = @Sendable (SimulatedTableView) throws -> Void

    var name: String
    var before: [[Int]]
    var after: [[Int]]
    var failing: Batch
    var passing: Batch
    var error: TableViewError
    var message: String

    var testDescription: String { name }
}

private let ruleCases: [RuleCase] = [
    RuleCase(
        name: "row count (rule 14, verbatim example)", before: [[1, 2, 3, 4]], after: [[1, 2, 3, 4]],
        failing: { try $0.deleteRows(at: [p(0, 2), p(0, 3)]) }, passing: { _ in },
        error: .invalidRowCount(section: 0, after: 4, before: 4, inserted: 0, deleted: 2, movedIn: 0, movedOut: 0),
        message:
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (4), plus or minus the number of rows inserted or deleted from that section (0 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
    ),
    RuleCase(
        name: "row count counts cross-section moves", before: [[1, 2], [3]], after: [[2], [1, 3]],
        failing: {
            try $0.moveRow(at: p(0, 0), to: p(1, 0))
            try $0.insertRows(at: [p(1, 1)])
        },
        passing: { try $0.moveRow(at: p(0, 0), to: p(1, 0)) },
        error: .invalidRowCount(section: 1, after: 2, before: 1, inserted: 1, deleted: 0, movedIn: 1, movedOut: 0),
        message:
            "Invalid update: invalid number of rows in section 1. The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (1 moved in, 0 moved out)."
    ),
    RuleCase(
        name: "row count counts a reload as delete and insert", before: [[1, 2]], after: [[1]],
        failing: { try $0.reloadRows(at: [p(0, 0)]) },
        passing: {
            try $0.reloadRows(at: [p(0, 0)])
            try $0.deleteRows(at: [p(0, 1)])
        },
        error: .invalidRowCount(section: 0, after: 1, before: 2, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0),
        message:
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (1 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
    ),
    RuleCase(
        name: "section count (rule 15, verbatim example)", before: [], after: [[1]],
        failing: { try $0.insertRows(at: [p(0, 0)]) }, passing: { try $0.insertSections([0]) },
        error: .invalidSectionCount(after: 1, before: 0, inserted: 0, deleted: 0),
        message:
            "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
    ),
    RuleCase(
        name: "delete section out of range", before: [], after: [],
        failing: { try $0.deleteSections([0]) }, passing: { _ in },
        error: .deleteSectionOutOfRange(section: 0, sectionCount: 0),
        message: "attempt to delete section 0, but there are only 0 sections before the update"
    ),
    RuleCase(
        name: "insert section out of range", before: [[1]], after: [[1], [2]],
        failing: { try $0.insertSections([2]) }, passing: { try $0.insertSections([1]) },
        error: .insertSectionOutOfRange(section: 2, sectionCount: 2),
        message: "attempt to insert section 2 but there are only 2 sections after the update"
    ),
    RuleCase(
        name: "move section from out of range", before: [[1], [2]], after: [[2], [1]],
        failing: { try $0.moveSection(2, toSection: 0) }, passing: { try $0.moveSection(1, toSection: 0) },
        error: .moveSectionFromOutOfRange(section: 2, sectionCount: 2),
        message: "attempt to move section 2, but there are only 2 sections before the update"
    ),
    RuleCase(
        name: "move section to out of range", before: [[1], [2]], after: [[2], [1]],
        failing: { try $0.moveSection(1, toSection: 2) }, passing: { try $0.moveSection(0, toSection: 1) },
        error: .moveSectionToOutOfRange(from: 1, to: 2, sectionCount: 2),
        message: "attempt to move section 1 to section 2, but there are only 2 sections after the update"
    ),
    RuleCase(
        name: "delete and move one section", before: [[1], [2], [3]], after: [[3], [2]],
        failing: {
            try $0.deleteSections([0])
            try $0.moveSection(0, toSection: 1)
        },
        passing: {
            try $0.deleteSections([0])
            try $0.moveSection(2, toSection: 0)
        },
        error: .deleteAndMoveSameSection(0),
        message: "attempt to delete and move the same section (0)"
    ),
    RuleCase(
        name: "insert and move to one section", before: [[1], [2]], after: [[2], [9], [1]],
        failing: {
            try $0.insertSections([1])
            try $0.moveSection(0, toSection: 1)
        },
        passing: {
            try $0.insertSections([1])
            try $0.moveSection(0, toSection: 2)
        },
        error: .insertAndMoveSameSection(1),
        message: "attempt to insert and move to the same section (1)"
    ),
    RuleCase(
        name: "two moves from one section", before: [[1], [2], [3]], after: [[2], [3], [1]],
        failing: {
            try $0.moveSection(0, toSection: 2)
            try $0.moveSection(0, toSection: 1)
        },
        passing: { try $0.moveSection(0, toSection: 2) },
        error: .multipleMovesFromSection(0),
        message: "attempt to perform multiple moves from the same section (0)"
    ),
    RuleCase(
        name: "two moves to one section", before: [[1], [2], [3]], after: [[2], [3], [1]],
        failing: {
            try $0.moveSection(0, toSection: 2)
            try $0.moveSection(1, toSection: 2)
        },
        passing: { try $0.moveSection(0, toSection: 2) },
        error: .multipleMovesToSection(2),
        message: "attempt to perform multiple moves to the same section (2)"
    ),
    RuleCase(
        name: "delete row out of range (verbatim example)", before: [[]], after: [[]],
        failing: { try $0.deleteRows(at: [p(0, 9)]) }, passing: { _ in },
        error: .deleteRowOutOfRange(p(0, 9), rowCount: 0),
        message: "attempt to delete row 9 from section 0 which only contains 0 rows before the update"
    ),
    RuleCase(
        name: "reload row out of range uses the delete wording", before: [[1, 2]], after: [[1, 2]],
        failing: { try $0.reloadRows(at: [p(0, 2)]) }, passing: { try $0.reloadRows(at: [p(0, 1)]) },
        error: .deleteRowOutOfRange(p(0, 2), rowCount: 2),
        message: "attempt to delete row 2 from section 0 which only contains 2 rows before the update"
    ),
    RuleCase(
        name: "delete row from a missing section", before: [[1]], after: [[]],
        failing: { try $0.deleteRows(at: [p(1, 0)]) }, passing: { try $0.deleteRows(at: [p(0, 0)]) },
        error: .deleteRowSectionOutOfRange(p(1, 0), sectionCount: 1),
        message: "attempt to delete row 0 from section 1, but there are only 1 sections before the update"
    ),
    RuleCase(
        name: "insert row out of range (verbatim example)", before: [[]], after: [[5]],
        failing: { try $0.insertRows(at: [p(0, 1)]) }, passing: { try $0.insertRows(at: [p(0, 0)]) },
        error: .insertRowOutOfRange(p(0, 1), rowCount: 1),
        message: "attempt to insert row 1 into section 0, but there are only 1 rows in section 0 after the update"
    ),
    RuleCase(
        name: "insert row into a missing section", before: [[1]], after: [[1, 5]],
        failing: { try $0.insertRows(at: [p(1, 0)]) }, passing: { try $0.insertRows(at: [p(0, 1)]) },
        error: .insertRowSectionOutOfRange(p(1, 0), sectionCount: 1),
        message: "attempt to insert row 0 into section 1, but there are only 1 sections after the update"
    ),
    RuleCase(
        name: "reconfigure row out of range", before: [[1]], after: [[1]],
        failing: { try $0.reconfigureRows(at: [p(0, 1)]) }, passing: { try $0.reconfigureRows(at: [p(0, 0)]) },
        error: .reconfigureRowOutOfRange(p(0, 1), rowCount: 1),
        message: "attempt to reconfigure row 1 from section 0 which only contains 1 rows before the update"
    ),
    RuleCase(
        name: "reconfigure row in a missing section", before: [[1]], after: [[1]],
        failing: { try $0.reconfigureRows(at: [p(1, 0)]) }, passing: { try $0.reconfigureRows(at: [p(0, 0)]) },
        error: .reconfigureRowSectionOutOfRange(p(1, 0), sectionCount: 1),
        message: "attempt to reconfigure row 0 from section 1, but there are only 1 sections before the update"
    ),
]

private let moveCases: [RuleCase] = [
    RuleCase(
        name: "move from a missing row", before: [[1, 2]], after: [[2, 1]],
        failing: { try $0.moveRow(at: p(0, 2), to: p(0, 0)) }, passing: { try $0.moveRow(at: p(0, 1), to: p(0, 0)) },
        error: .moveFromOutOfRange(p(0, 2), rowCount: 2),
        message:
            "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 2}) that does not exist - there are only 2 rows in section 0 before the update"
    ),
    RuleCase(
        name: "move from a missing section", before: [[1, 2]], after: [[2, 1]],
        failing: { try $0.moveRow(at: p(1, 0), to: p(0, 0)) }, passing: { try $0.moveRow(at: p(0, 1), to: p(0, 0)) },
        error: .moveFromSectionOutOfRange(p(1, 0), sectionCount: 1),
        message:
            "attempt to move index path (<NSIndexPath> {length = 2, path = 1 - 0}) that does not exist - there are only 1 sections before the update"
    ),
    RuleCase(
        name: "move to a missing row", before: [[1, 2]], after: [[2, 1]],
        failing: { try $0.moveRow(at: p(0, 0), to: p(0, 2)) }, passing: { try $0.moveRow(at: p(0, 0), to: p(0, 1)) },
        error: .moveToOutOfRange(from: p(0, 0), to: p(0, 2), rowCount: 2),
        message:
            "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 0}) to index path (<NSIndexPath> {length = 2, path = 0 - 2}) that does not exist - there are only 2 rows in section 0 after the update"
    ),
    RuleCase(
        name: "move to a missing section", before: [[1, 2]], after: [[2, 1]],
        failing: { try $0.moveRow(at: p(0, 0), to: p(1, 0)) }, passing: { try $0.moveRow(at: p(0, 0), to: p(0, 1)) },
        error: .moveToSectionOutOfRange(from: p(0, 0), to: p(1, 0), sectionCount: 1),
        message:
            "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 0}) to index path (<NSIndexPath> {length = 2, path = 1 - 0}) that does not exist - there are only 1 sections after the update"
    ),
    RuleCase(
        name: "delete and reload one path", before: [[1, 2]], after: [[2]],
        failing: {
            try $0.deleteRows(at: [p(0, 0)])
            try $0.reloadRows(at: [p(0, 0)])
        },
        passing: {
            try $0.deleteRows(at: [p(0, 0)])
            try $0.reloadRows(at: [p(0, 1)])
        },
        error: .deleteAndReloadSameIndexPath(p(0, 0)),
        message: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
    ),
    RuleCase(
        name: "delete and move from one path", before: [[1, 2, 3]], after: [[3, 2]],
        failing: {
            try $0.deleteRows(at: [p(0, 0)])
            try $0.moveRow(at: p(0, 0), to: p(0, 1))
        },
        passing: {
            try $0.deleteRows(at: [p(0, 0)])
            try $0.moveRow(at: p(0, 2), to: p(0, 0))
        },
        error: .deleteAndMoveSameIndexPath(p(0, 0)),
        message:
            "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
    ),
    RuleCase(
        name: "reload and move from one path reads as delete and move", before: [[1, 2]], after: [[2, 1]],
        failing: {
            try $0.reloadRows(at: [p(0, 0)])
            try $0.moveRow(at: p(0, 0), to: p(0, 1))
        },
        passing: { try $0.moveRow(at: p(0, 0), to: p(0, 1)) },
        error: .deleteAndMoveSameIndexPath(p(0, 0)),
        message:
            "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
    ),
    RuleCase(
        name: "insert and move to one path", before: [[1, 2]], after: [[2, 9, 1]],
        failing: {
            try $0.insertRows(at: [p(0, 2)])
            try $0.moveRow(at: p(0, 0), to: p(0, 2))
        },
        passing: {
            try $0.insertRows(at: [p(0, 1)])
            try $0.moveRow(at: p(0, 0), to: p(0, 2))
        },
        error: .insertAndMoveSameIndexPath(p(0, 2)),
        message:
            "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 2})"
    ),
    RuleCase(
        name: "reload and move to one path reads as insert and move (rule 22)", before: [[1, 2]], after: [[2, 1]],
        failing: {
            try $0.moveRow(at: p(0, 0), to: p(0, 1))
            try $0.reloadRows(at: [p(0, 1)])
        },
        passing: { try $0.moveRow(at: p(0, 0), to: p(0, 1)) },
        error: .insertAndMoveSameIndexPath(p(0, 1)),
        message:
            "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 1})"
    ),
    RuleCase(
        name: "move out of a deleted section", before: [[1], [2]], after: [[2, 1]],
        failing: {
            try $0.deleteSections([0])
            try $0.moveRow(at: p(0, 0), to: p(0, 1))
        },
        passing: {
            try $0.deleteSections([0])
            try $0.insertRows(at: [p(0, 1)])
        },
        error: .moveFromDeletedSection(p(0, 0)),
        message: "cannot move a row from a deleted section"
    ),
    RuleCase(
        name: "move into an inserted section", before: [[1, 2]], after: [[2], [1]],
        failing: {
            try $0.insertSections([1])
            try $0.moveRow(at: p(0, 0), to: p(1, 0))
        },
        passing: {
            try $0.insertSections([1])
            try $0.deleteRows(at: [p(0, 0)])
        },
        error: .moveIntoInsertedSection(1),
        message: "cannot move a row into a newly inserted section (1)"
    ),
    RuleCase(
        name: "move to the same path inside a batch", before: [[1, 2]], after: [[1, 2]],
        failing: { try $0.moveRow(at: p(0, 1), to: p(0, 1)) }, passing: { try $0.reconfigureRows(at: [p(0, 1)]) },
        error: .moveToSameIndexPath(p(0, 1)),
        message:
            "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) to the same index path inside an update block"
    ),
    RuleCase(
        name: "two moves from one path", before: [[1, 2, 3]], after: [[2, 3, 1]],
        failing: {
            try $0.moveRow(at: p(0, 0), to: p(0, 2))
            try $0.moveRow(at: p(0, 0), to: p(0, 1))
        },
        passing: { try $0.moveRow(at: p(0, 0), to: p(0, 2)) },
        error: .multipleMovesFromIndexPath(p(0, 0)),
        message: "attempt to perform multiple moves from the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
    ),
    RuleCase(
        name: "two moves to one path", before: [[1, 2, 3]], after: [[2, 3, 1]],
        failing: {
            try $0.moveRow(at: p(0, 0), to: p(0, 2))
            try $0.moveRow(at: p(0, 1), to: p(0, 2))
        },
        passing: { try $0.moveRow(at: p(0, 0), to: p(0, 2)) },
        error: .multipleMovesToIndexPath(p(0, 2)),
        message: "attempt to perform multiple moves to the same index path (<NSIndexPath> {length = 2, path = 0 - 2})"
    ),
]

@Suite struct BatchValidationTests {
    @Test(arguments: ruleCases + moveCases)
    func failingBatchThrowsUIKitMessageAndKeepsOldState(rule: RuleCase) throws {
        let harness = Harness(rule.before)
        harness.source.set(rule.after)
        let thrown = #expect(throws: TableViewError.self) {
            try harness.table.performBatchUpdates { try rule.failing(harness.table) }
        }
        #expect(thrown == rule.error)
        #expect(thrown?.description == rule.message)
        #expect(harness.table.rowIdentifiersBySection == rule.before)
        #expect(harness.table.isOutOfStep)
        harness.table.reloadData()
        #expect(harness.table.rowIdentifiersBySection == rule.after)
        #expect(!harness.table.isOutOfStep)
    }

    @Test(arguments: ruleCases + moveCases)
    func passingBatchGivesTheNewLayout(rule: RuleCase) throws {
        let harness = Harness(rule.before)
        harness.source.set(rule.after)
        try harness.table.performBatchUpdates { try rule.passing(harness.table) }
        #expect(harness.table.rowIdentifiersBySection == rule.after)
        #expect(!harness.table.isOutOfStep)
    }
}
