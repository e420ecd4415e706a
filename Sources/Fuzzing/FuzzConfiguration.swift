import Adapters
import FetchedResults

/// What `fetchsim fuzz` runs: the seed, how many batches, the shape of the list, and the adapter
/// configuration under test. Equal configurations give identical runs.
package struct FuzzConfiguration: Equatable, Sendable {
    package var seed: UInt64 = 1
    /// Batches in all, across sessions.
    package var batches = 10_000
    /// The size the list hovers around (inserts and deletes keep it between half and 1.5 times).
    package var rows = 20
    /// How many section names (`A`, `B`, …) the edits use.
    package var sections = 4
    package var adapter: AdapterKind = .coordinator
    /// Options set on top of the adapter's defaults; nil keeps the default.
    package var moves: MovePolicy?
    package var updates: UpdatePolicy?
    package var userDriven: UserDrivenPolicy?
    package var profile: CompatibilityProfile = .modern
    /// The share of drags, in percent, written as `move --unflagged`. Off by default: a drag
    /// without the flag is the app's bug (the table moved, then the adapter moves it again), so
    /// every incremental adapter fails on it; `reload-all` survives it.
    package var unflaggedPercent = 0
    /// Batches per session: each session starts afresh from an empty workspace, so a failure is
    /// never more than this many batches from its start.
    package var sessionLength = 200
    /// How drags renumber the index attribute `order` (an int, or a double for `fractional`).
    package var reorder: ReorderStrategy = .dense
    /// Whether the list sorts `order` ascending (`--sort asc`) or descending.
    package var sortsAscending = true
    /// The share of rows, in percent, inserted hidden by the predicate `hidden == NO`; 0 leaves
    /// the predicate out and nothing is ever hidden.
    package var filterPercent = 10
    /// The fuzzer's self-test: the data source renumbers only the visible rows densely, the
    /// seeds' bug that loses the order of hidden rows (`ListDataSource.renumbersVisibleRowsOnly`).
    package var breaksRenumbering = false
    /// More controllers on the same context and the second's options (`--controllers`, …):
    /// see `FuzzConfiguration+Workspaces.swift`.
    package var workspaceOptions = FuzzWorkspaceOptions()
    /// The simulated view: a table, or a collection view (`--table collection`).
    package var tableStyle = TableViewStyle.table
    /// `adapter diffable` only: the field whose value identifies an item (`--items title`), the
    /// app that builds its snapshot from values; nil for object IDs.
    package var itemKey: FuzzField?
    /// `adapter diffable` only: how the app applies the controller's snapshot (`--snapshot`); nil
    /// keeps the default (as it is).
    package var snapshot: DiffableSnapshotUse?
    /// The share of drags, in percent, that come with other edits in the same line — one change
    /// event, as when a background merge or a timer's edit lands in the run-loop turn of the
    /// drop (`--mixed`). Off by default, so that runs without it draw exactly what they drew
    /// before the option existed.
    package var mixedPercent = 0
    /// A user's entity to fuzz instead of the built-in `Item` (`--model`, `--entity`, …); its
    /// filter replaces `hidden == NO`, so `filterPercent` is 0 with one.
    package var schema: FuzzSchema?
    /// Whether batches may be `undo` and `redo` (on by default). Off, those draws become edit
    /// batches: the relationship campaign's tests run so while an undo of some relationship
    /// events is refused (docs/fuzzing.md, "Relationships"). No command-line option sets it.
    package var undoes = true

    package init() {}

    /// The configuration from the command line's values, or a message naming the one out of range.
    package init(
        seed: UInt64, batches: Int, rows: Int, sections: Int, adapter: AdapterKind = .coordinator,
        userDriven: UserDrivenPolicy? = nil,
        moves: MovePolicy? = nil, updates: UpdatePolicy? = nil, profile: CompatibilityProfile = .modern,
        unflaggedPercent: Int = 0,
        reorder: ReorderStrategy = .dense, sort: FuzzSortDirection = .asc, filterPercent: Int = 10,
        tableStyle: TableViewStyle = .table
    ) throws(FuzzConfigurationError) {
        self.tableStyle = tableStyle
        guard (0...100).contains(filterPercent) else {
            throw FuzzConfigurationError("'--filter' must be a percentage between 0 and 100, not '\(filterPercent)'")
        }
        self.reorder = reorder
        self.sortsAscending = sort == .asc
        self.filterPercent = filterPercent
        guard (0...100).contains(unflaggedPercent) else {
            throw FuzzConfigurationError(
                "'--unflagged' must be a percentage between 0 and 100, not '\(unflaggedPercent)'")
        }
        guard batches >= 0 else { throw FuzzConfigurationError("'--batches' must be 0 or more, not '\(batches)'") }
        guard (1...1_000).contains(rows) else {
            throw FuzzConfigurationError("'--rows' must be between 1 and 1000, not '\(rows)'")
        }
        guard (1...26).contains(sections) else {
            throw FuzzConfigurationError("'--sections' must be between 1 and 26, not '\(sections)'")
        }
        self.seed = seed
        self.batches = batches
        self.rows = rows
        self.sections = sections
        self.adapter = adapter
        self.userDriven = userDriven
        self.moves = moves
        self.updates = updates
        self.profile = profile
        self.unflaggedPercent = unflaggedPercent
    }

    /// `adapter apple-template moves=move-row`: the adapter line of every session.
    var adapterLine: String {
        var line = "adapter \(adapter.rawValue)"
        if let moves { line += " moves=\(moves.rawValue)" }
        if let updates { line += " updates=\(updates.rawValue)" }
        if let userDriven { line += " userdriven=\(userDriven.rawValue)" }
        if let itemKey { line += " items=\(itemKey.rawValue)" }
        if let snapshot { line += " snapshot=\(snapshot.rawValue)" }
        return line
    }

    /// `table collection`, or nil for the default table.
    var tableLine: String? { tableStyle == .table ? nil : "table \(tableStyle.rawValue)" }

    /// `profile modern`.
    var profileLine: String { "profile \(profile.rawValue)" }

    /// `entity Item title:string group:string order:int hidden:bool` (`order:double` for `fractional`).
    var entityLine: String {
        "entity \(FuzzField.entityName) "
            + FuzzField.allCases.map { field in
                "\(field.rawValue):\(field == .order && reorder == .fractional ? "double" : field.typeName)"
            }.joined(separator: " ")
    }

    /// The entity and key names the lines use.
    var names: FuzzNames { schema?.names ?? .builtIn }

    /// `fetch Item where hidden == NO sort group, order section group index order [reorder S]`:
    /// no predicate with `--filter 0`, `order desc` with `--sort desc`; a user schema's entity,
    /// keys and filter with `--model`.
    var fetchLine: String {
        if let schema {
            let names = schema.names
            return "fetch \(names.entity)" + (schema.options.filter.map { " where \($0)" } ?? "")
                + " sort \(names.section), \(names.index)\(sortsAscending ? "" : " desc") section \(names.section) index \(names.index)"
                + (reorder == .dense ? "" : " reorder \(reorder)")
        }
        return "fetch \(FuzzField.entityName)" + (filterPercent > 0 ? " where hidden == NO" : "")
            + " sort group, order\(sortsAscending ? "" : " desc") section group index order"
            + (reorder == .dense ? "" : " reorder \(reorder)")
    }

    /// The group names edits use: `A`, `B`, ….
    var groups: [String] {
        (0..<sections).map { String(UnicodeScalar(UInt8(65 + $0))) }
    }

    /// The command that reproduces this run: `fetchsim fuzz --seed 7 --adapter apple-template`
    /// (options at their defaults left out).
    package var commandLine: String {
        let defaults = FuzzConfiguration()
        var words = ["fetchsim", "fuzz", "--seed", String(seed)]
        if batches != defaults.batches { words += ["--batches", String(batches)] }
        if rows != defaults.rows { words += ["--rows", String(rows)] }
        if sections != defaults.sections { words += ["--sections", String(sections)] }
        if adapter != defaults.adapter { words += ["--adapter", adapter.rawValue] }
        if let userDriven { words += ["--userdriven", userDriven.rawValue] }
        if let moves { words += ["--moves", moves.rawValue] }
        if let updates { words += ["--updates", updates.rawValue] }
        if profile != defaults.profile { words += ["--profile", profile.rawValue] }
        if unflaggedPercent != defaults.unflaggedPercent { words += ["--unflagged", String(unflaggedPercent)] }
        if reorder != defaults.reorder { words += ["--reorder", reorder.rawValue] }
        if !sortsAscending { words += ["--sort", "desc"] }
        if let schema {
            words += schema.commandLineWords
        } else if filterPercent != defaults.filterPercent {
            words += ["--filter", String(filterPercent)]
        }
        words += workspaceOptions.commandLineWords
        if tableStyle != defaults.tableStyle { words += ["--table", tableStyle.rawValue] }
        if let itemKey { words += ["--items", itemKey.rawValue] }
        if let snapshot { words += ["--snapshot", snapshot.rawValue] }
        if mixedPercent != defaults.mixedPercent { words += ["--mixed", String(mixedPercent)] }
        return words.joined(separator: " ")
    }
}

/// The direction of the index attribute in the fuzzer's sort (`--sort asc|desc`).
package enum FuzzSortDirection: String, CaseIterable, Sendable {
    case asc, desc
}

/// A fuzz option with a value out of range or unknown.
package struct FuzzConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
