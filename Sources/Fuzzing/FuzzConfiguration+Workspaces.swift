/// The fuzzer's options for several controllers and background contexts (issue 16): how many
/// controllers observe the context, whether they share a table or keep a delegate on a closed
/// one (the two bugs), and how many batches go through a background context or a batch request
/// and how the main context merges them.
package struct FuzzWorkspaceOptions: Equatable, Sendable {
    /// Controllers on the main context, 1 to 4 (`--controllers`); the first is the one drags use.
    package var controllers = 1
    /// Whether the other controllers drive the first one's table (`--share-table`: the bug).
    package var sharesTable = false
    /// Whether the second controller's table is closed with its delegate left attached
    /// (`--leave-delegate`: the bug).
    package var leavesDelegate = false
    /// The share of batches, in percent, made in a fresh background context and saved, or as a
    /// batch request (`--background`).
    package var backgroundPercent = 0
    /// How the main context merges those (`--merge auto|ios9|off`); only `auto` is correct.
    package var merge: FuzzMergeMode = .auto

    package init() {}

    /// The options, checked.
    package init(
        controllers: Int, sharesTable: Bool, leavesDelegate: Bool, backgroundPercent: Int,
        merge: FuzzMergeMode
    ) throws(FuzzConfigurationError) {
        guard (1...4).contains(controllers) else {
            throw FuzzConfigurationError("'--controllers' must be between 1 and 4, not '\(controllers)'")
        }
        guard controllers >= 2 || !(sharesTable || leavesDelegate) else {
            throw FuzzConfigurationError(
                "'--\(sharesTable ? "share-table" : "leave-delegate")' needs '--controllers 2' or more")
        }
        guard (0...100).contains(backgroundPercent) else {
            throw FuzzConfigurationError(
                "'--background' must be a percentage between 0 and 100, not '\(backgroundPercent)'")
        }
        self.controllers = controllers
        self.sharesTable = sharesTable
        self.leavesDelegate = leavesDelegate
        self.backgroundPercent = backgroundPercent
        self.merge = merge
    }

    /// `--controllers 2 --background 10 …`, options at their defaults left out.
    var commandLineWords: [String] {
        var words: [String] = []
        if controllers != 1 { words += ["--controllers", String(controllers)] }
        if sharesTable { words.append("--share-table") }
        if leavesDelegate { words.append("--leave-delegate") }
        if backgroundPercent != 0 { words += ["--background", String(backgroundPercent)] }
        if merge != .auto { words += ["--merge", merge.rawValue] }
        return words
    }
}

extension FuzzConfiguration {
    /// The setup lines after the first controller's: the other controllers (each its own fetch:
    /// no sections, all rows, another order), the first selected again, the closed table.
    var controllerLines: [FuzzLine] {
        let options = workspaceOptions
        guard options.controllers > 1 else { return [] }
        let share = options.sharesTable ? " share default" : ""
        let fetches = [
            "fetch \(FuzzField.entityName) where hidden == NO sort order desc, title as c2",
            "fetch \(FuzzField.entityName) sort title, order as c3",
            "fetch \(FuzzField.entityName) where group != \"A\" sort group desc, order section group as c4",
        ]
        var lines = fetches.prefix(options.controllers - 1).map { FuzzLine.command($0 + share, isEssential: true) }
        lines.append(.command("use default", isEssential: true))
        if options.leavesDelegate { lines.append(.command("close --leave-delegate c2", isEssential: true)) }
        return lines
    }
}

/// When the main context merges the fuzzer's background saves and batch requests (`--merge`):
/// `auto` merges everything (correct); `ios9` leaves out updated objects no controller holds;
/// `off` never merges a save and runs batch requests without `--merge`.
package enum FuzzMergeMode: String, CaseIterable, Sendable {
    case auto, ios9, off
}
