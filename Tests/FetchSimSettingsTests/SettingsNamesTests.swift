import FetchSimSettings
import Testing

/// The settings' names are words of the command language and of saved sessions (`adapter
/// coordinator userdriven=skip-moves`, `# adapter:` headers, `fetch … reorder sparse`): each list
/// below is copied by hand from docs/commands.md, docs/reorder.md and docs/semantics.md, in the order
/// `help` lists them, so renaming or reordering a case fails here before it breaks a transcript.
@Suite struct SettingsNamesTests {
    @Test func adapterWordsAreTheDocumentedOnes() {
        #expect(
            AdapterKind.allCases.map(\.rawValue) == [
                "apple-template", "coordinator", "reload-all", "diffable", "xcode-template",
            ])
        #expect(MovePolicy.allCases.map(\.rawValue) == ["delete-insert", "move-row"])
        #expect(
            UpdatePolicy.allCases.map(\.rawValue) == [
                "reload", "reconfigure", "reconfigure-after", "ignore", "reconfigure-in-batch",
            ])
        #expect(UserDrivenPolicy.allCases.map(\.rawValue) == ["skip-all", "skip-moves", "off"])
        #expect(SectionFilter.allCases.map(\.rawValue) == ["event", "arrival"])
        #expect(DiffableDelivery.allCases.map(\.rawValue) == ["snapshot", "difference"])
        #expect(DiffableSnapshotUse.allCases.map(\.rawValue) == ["as-is", "rebuilt"])
    }

    @Test func tableAndControllerWordsAreTheDocumentedOnes() {
        #expect(CompatibilityProfile.allCases.map(\.rawValue) == ["modern", "ios9", "ios10", "strict"])
        #expect(ReorderStrategy.allCases.map(\.rawValue) == ["dense", "sparse", "fractional"])
        #expect(TableViewStyle.allCases.map(\.rawValue) == ["table", "collection"])
        #expect(SectionIndexTitleStyle.allCases.map(\.rawValue) == ["first-letter", "full", "none"])
        #expect(
            SortSelector.allCases.map(\.rawValue) == [
                "compare", "caseInsensitiveCompare", "localizedStandardCompare",
            ])
    }

    /// The examples of the doc comments, as written there.
    @Test func docCommentExamplesHold() {
        #expect(AdapterKind(rawValue: "apple-template") == .appleTemplate)
        #expect(MovePolicy(rawValue: "move-row") == .moveRow)
        #expect(UpdatePolicy(rawValue: "reconfigure-after") == .reconfigureAfter)
        #expect(UserDrivenPolicy(rawValue: "skip-all") == .skipAll)
        #expect(SectionFilter(rawValue: "arrival") == .arrival)
        #expect(DiffableDelivery(rawValue: "difference") == .difference)
        #expect(DiffableSnapshotUse.rebuilt.rawValue == "rebuilt")
        #expect(CompatibilityProfile(rawValue: "ios9") == .ios9)
        #expect(ReorderStrategy(rawValue: "sparse") == .sparse)
        #expect(TableViewStyle(rawValue: "collection") == .collection)
        #expect(SectionIndexTitleStyle(rawValue: "full") == .full)
        #expect(SortSelector(rawValue: "caseInsensitiveCompare") == .caseInsensitiveCompare)
        // CustomStringConvertible prints the name a command takes back.
        #expect("\(CompatibilityProfile.ios10)" == "ios10")
        #expect("\(ReorderStrategy.fractional)" == "fractional")
        #expect("\(TableViewStyle.table)" == "table")
        #expect("\(SectionIndexTitleStyle.firstLetter)" == "first-letter")
    }

    /// Each help line is one sentence ending in a full stop, the form `help profile` and `help
    /// reorder` print them in.
    @Test func helpLinesAreSentences() {
        for line in CompatibilityProfile.allCases.map(\.help) + ReorderStrategy.allCases.map(\.help) {
            #expect(line.hasSuffix("."), "\(line)")
            #expect(!line.contains("\n"), "\(line)")
        }
    }
}
