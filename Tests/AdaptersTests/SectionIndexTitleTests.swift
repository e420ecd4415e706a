import Adapters
import FetchedResults
import TableSimulation
import Testing

/// The app's `sectionIndexTitleForSectionName` (`index-titles first-letter|full|none`). Apple's
/// default is "the capitalized first letter of the section name" and `sectionIndexTitles` lists
/// the titles of all sections (NSFetchedResultsController docs); a delegate that answers the
/// whole name gets one title per section. Sections Garden, Groceries, Home (hand-sorted).
@Suite struct SectionIndexTitleTests {
    private func harness() throws -> Harness {
        try Harness(.coordinator, sections: ["Garden": ["Rake"], "Groceries": ["Milk", "Eggs"], "Home": ["Sink"]])
    }

    /// Applies `style` as the REPL does: the data source's style, the controller's cache dropped
    /// by setting its delegate again, the table's index read again.
    private func apply(_ style: SectionIndexTitleStyle, to harness: Harness) {
        harness.dataSource.indexTitleStyle = style
        harness.controller.delegate = harness.adapter
        harness.table.reloadSectionIndexTitles()
    }

    @Test func firstLetterIsApplesDefaultAndMergesSectionsThatShareALetter() throws {
        let harness = try harness()
        apply(.firstLetter, to: harness)
        #expect(harness.controller.sections?.map(\.indexTitle) == ["G", "G", "H"])
        #expect(harness.table.sectionIndexTitles == ["G", "H"])
        #expect(harness.controller.section(forSectionIndexTitle: "G", at: 0) == 0)
    }

    @Test func fullGivesEverySectionItsOwnTitle() throws {
        let harness = try harness()
        apply(.full, to: harness)
        #expect(harness.controller.sections?.map(\.indexTitle) == ["Garden", "Groceries", "Home"])
        #expect(harness.table.sectionIndexTitles == ["Garden", "Groceries", "Home"])
        #expect(harness.controller.section(forSectionIndexTitle: "Groceries", at: 1) == 1)
    }

    @Test func noneGivesTheTableNoIndex() throws {
        let harness = try harness()
        apply(.none, to: harness)
        #expect(harness.table.sectionIndexTitles == nil)
        // The controller still titles each section by its default.
        #expect(harness.controller.sections?.map(\.indexTitle) == ["G", "G", "H"])
    }

    @Test func aNewSectionGetsItsTitleAfterTheBatch() throws {
        let harness = try harness()
        apply(.full, to: harness)
        try harness.event {
            try harness.context.insert(
                "Note", values: [("title", .string("Report")), ("group", .string("Work")), ("order", .int(0))])
        }
        #expect(harness.table.sectionIndexTitles == ["Garden", "Groceries", "Home", "Work"])
    }
}
