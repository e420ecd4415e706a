@testable import CommandLanguage
import FetchSimCore
import Testing

@Suite struct CommandHelpTests {
    @Test func everyCommandHasOneEntryInOrder() {
        #expect(CommandHelp.all.map(\.name) == Command.Name.allCases)
    }

    @Test(arguments: CommandHelp.all.map(\.name))
    func exampleParsesAsItsCommand(_ name: Command.Name) throws {
        let entry = CommandHelp.entry(for: name)
        let commands = try CommandParser.parseLine(entry.example)
        #expect(commands.map(\.name) == [name])
        #expect(entry.syntax.hasPrefix(name.rawValue))
    }

    @Test func overviewListsEveryCommandWithinWidth() {
        let lines = CommandHelp.renderOverview(width: 80)
        #expect(lines.first == "Commands:")
        for name in Command.Name.allCases {
            #expect(lines.contains { $0.hasPrefix("  \(name.rawValue) ") }, "\(name)")
        }
        #expect(lines.allSatisfy { TextWidth.displayWidth(of: $0) <= 80 })
    }

    @Test func commandHelpShowsUsageSummaryAndExample() {
        let lines = CommandHelp.entry(for: .insert).render()
        #expect(lines.first == "usage: insert ENTITY KEY=VALUE … [at S.R]")
        #expect(lines.contains("  insert an object and print its new id"))
        #expect(lines.last == #"example: insert Note title="Milk" group="Groceries" order=3"#)
    }

    @Test(arguments: CommandHelp.all.map(\.name))
    func commandHelpFitsWidth(_ name: Command.Name) {
        let lines = CommandHelp.entry(for: name).render(width: 80)
        #expect(lines.allSatisfy { TextWidth.displayWidth(of: $0) <= 80 }, "\(lines)")
    }

    @Test func wrapBreaksAtSpacesAndIndents() {
        let lines = CommandHelp.wrap("aaa bbb ccc ddd", width: 9, firstPrefix: "> ", prefix: "  ")
        #expect(lines == ["> aaa bbb", "  ccc ddd"])
    }
}
