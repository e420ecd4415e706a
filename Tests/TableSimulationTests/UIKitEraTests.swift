import FetchSimCore
import TableSimulation
import Testing

/// UIKit's counting messages by era (docs/semantics.md, rule 17): two spaces after the first
/// sentence up to iOS 11 (ioctocat #250/#260 and element-ios #1024 on iOS 10.3, ExpyTableView #20
/// on UIKit-3698, iOS 11), one space from iOS 12 (DeepDiff #40, Differ #76), and from iOS 14 the
/// row message ends with " Table view: <UITableView: 0x…; …>" (crash texts quoted in public code).
@Suite struct UIKitEraTests {
    static let rows = TableViewError.invalidRowCount(
        section: 0, after: 4, before: 4, inserted: 0, deleted: 2, movedIn: 0, movedOut: 0)
    static let sections = TableViewError.invalidSectionCount(after: 1, before: 0, inserted: 0, deleted: 0)

    @Test func rowCountInEachEra() {
        let tail =
            "must be equal to the number of rows contained in that section before the update (4), plus or minus the number "
            + "of rows inserted or deleted from that section (0 inserted, 2 deleted) and plus or minus the number of rows moved "
            + "into or out of that section (0 moved in, 0 moved out)."
        #expect(
            Self.rows.message(in: .twoSpaces)
                == "Invalid update: invalid number of rows in section 0.  The number of rows "
                + "contained in an existing section after the update (4) " + tail)
        #expect(
            Self.rows.message(in: .oneSpace)
                == "Invalid update: invalid number of rows in section 0. The number of rows "
                + "contained in an existing section after the update (4) " + tail)
        #expect(
            Self.rows.message(in: .tableViewSuffix)
                == "Invalid update: invalid number of rows in section 0. The number of rows "
                + "contained in an existing section after the update (4) " + tail
                + " Table view: <UITableView: 0x7fa5c0008000>")
    }

    @Test func sectionCountInEachEra() {
        let tail =
            "The number of sections contained in the table view after the update (1) must be equal to the number of sections "
            + "contained in the table view before the update (0), plus or minus the number of sections inserted or deleted "
            + "(0 inserted, 0 deleted)."
        #expect(Self.sections.message(in: .twoSpaces) == "Invalid update: invalid number of sections.  " + tail)
        #expect(Self.sections.message(in: .oneSpace) == "Invalid update: invalid number of sections. " + tail)
        #expect(Self.sections.message(in: .tableViewSuffix) == "Invalid update: invalid number of sections. " + tail)
    }

    @Test func otherMessagesAreTheSameInEveryEra() {
        let error = TableViewError.moveFromDeletedSection(IndexPath(row: 0, section: 0))
        for era in UIKitEra.allCases { #expect(error.message(in: era) == "cannot move a row from a deleted section") }
    }
}
