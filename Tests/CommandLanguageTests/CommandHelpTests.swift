import FetchSimCore
import Testing

@testable import CommandLanguage

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

    /// A last word alone takes the previous line's last word along: "aaa bbb ccc" / "ddd" at 11
    /// columns becomes "aaa bbb" / "ccc ddd".
    @Test func wrapLeavesNoWordAlone() {
        #expect(CommandHelp.wrap("aaa bbb ccc ddd", width: 11, firstPrefix: "", prefix: "") == ["aaa bbb", "ccc ddd"])
        // Two words on the line before: moving one would leave it alone instead.
        #expect(CommandHelp.wrap("aaaaa bbbbb ccc", width: 11, firstPrefix: "", prefix: "") == ["aaaaa bbbbb", "ccc"])
    }

    /// At any terminal width from 40 to 120 the help fits and no word is broken or stranded.
    @Test(arguments: [40, 57, 80, 100, 120])
    func helpFitsEveryWidthWithoutStrayWords(_ width: Int) {
        for name in Command.Name.allCases {
            let entry = CommandHelp.entry(for: name)
            for paragraph in [entry.summary] + entry.details where paragraph.split(separator: " ").count >= 4 {
                let lines = CommandHelp.wrap(paragraph, width: width, firstPrefix: "  ", prefix: "  ")
                #expect(
                    lines.allSatisfy { TextWidth.displayWidth(of: $0) <= width || !$0.dropFirst(2).contains(" ") },
                    "\(name): \(lines)")
                #expect(
                    lines.joined(separator: " ").split(separator: " ") == ("  " + paragraph).split(separator: " "),
                    "no word broken")
                if lines.count > 1, let last = lines.last {
                    let previous = lines[lines.count - 2].split(separator: " ")
                    #expect(
                        last.split(separator: " ").count > 1 || previous.count < 3
                            || TextWidth.displayWidth(of: "  " + (previous.last ?? "") + " " + last.dropFirst(2))
                                > width,
                        "\(name) at \(width): '\(last)' stands alone")
                }
            }
        }
        #expect(
            CommandHelp.renderOverview(width: width).allSatisfy {
                TextWidth.displayWidth(of: $0) <= width || width < 60
            })
    }

    @Test func wrapBreaksAtSpacesAndIndents() {
        let lines = CommandHelp.wrap("aaa bbb ccc ddd", width: 9, firstPrefix: "> ", prefix: "  ")
        #expect(lines == ["> aaa bbb", "  ccc ddd"])
    }
}

/// `help adapter` says what each option models and which value is correct; `help profile` how
/// the profiles differ (issue 34, item 14).
@Suite struct AdapterHelpMeaningTests {
    @Test func everyAdapterOptionSaysWhatItModels() {
        let text = CommandHelp.entry(for: .adapter).render(width: 200).joined(separator: "\n")
        for key in Command.AdapterOption.Key.allCases {
            let line = text.split(separator: "\n").first { $0.hasPrefix("    \(key.rawValue)=") }
            #expect(line.map { $0.contains(": ") && $0.count > key.rawValue.count + 30 } == true, "\(key.rawValue)")
        }
        #expect(text.contains("skip-moves (skip the drag's moves, apply the rest; correct)"))
        #expect(text.contains("example: adapter coordinator userdriven=skip-moves updates=reconfigure-in-batch"))
    }

    @Test func everyProfileIsExplained() {
        let text = CommandHelp.entry(for: .profile).render(width: 200).joined(separator: "\n")
        for profile in ["modern", "ios9", "ios10", "strict"] {
            #expect(text.contains("    \(profile): "), "\(profile)")
        }
    }
}
