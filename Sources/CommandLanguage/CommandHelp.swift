/// What `help` says about one command: its syntax, a one-line summary and an example, read
/// from its `CommandSpec` (the synopsis written from the spec's forms).
package struct CommandHelp: Hashable, Sendable {
    package var name: Command.Name
    package var syntax: String
    package var summary: String
    package var example: String
    /// Further paragraphs shown by `help CMD` only, each wrapped at the width (one that starts
    /// with spaces is a list item and keeps them).
    package var details: [String]

    package init(_ name: Command.Name, syntax: String, summary: String, example: String, details: [String] = []) {
        self.name = name
        self.syntax = syntax
        self.summary = summary
        self.example = example
        self.details = details
    }

    /// The entry for `name`.
    package static func entry(for name: Command.Name) -> CommandHelp {
        guard var entry = all.first(where: { $0.name == name }) else {
            preconditionFailure("CommandSpec.all has no entry for '\(name)'; add one")
        }
        let registered = RegisteredAdapters.names
        if name == .adapter, !registered.isEmpty {
            entry.details.append(
                "The app's own view controllers, registered by \(RegisteredAdapters.executable ?? "this executable"): "
                    + registered.joined(separator: ", ") + " (no options; see docs/apple-api.md)")
        }
        return entry
    }

    /// The help of `spec`.
    package init(_ spec: CommandSpec) {
        self.init(spec.name, syntax: spec.synopsis, summary: spec.summary, example: spec.example, details: spec.details)
    }

    /// One entry per command, in `Command.Name.allCases` order.
    package static let all: [CommandHelp] = CommandSpec.all.map(CommandHelp.init)
}

extension CommandHelp {
    /// What an adapter option models, and which value a correct app uses.
    static func adapterOptionMeaning(_ key: Command.AdapterOption.Key) -> String {
        switch key {
        case .moves:
            "how a move reaches the table: delete-insert (deleteRows + insertRows, as Apple's template and "
                + "FetchedResultsCoordinator do; correct) or move-row (moveRow(at:to:) keeps the cell; UIKit rejects it in corner cases)."
        case .updates:
            "how an update reaches its cell: reconfigure-in-batch (the changed object into the visible cell at the old path, "
                + "inside the batch; correct) or reconfigure-after (after the batch, at the current path; correct); reload (reloadRows); "
                + "reconfigure (object(at:) of the old path: the template's documented bug); ignore (cells go stale)."
        case .userdriven:
            "what the adapter does with the user's own drag: skip-moves (skip the drag's moves, apply the rest; correct); "
                + "skip-all (Apple's sample: bypass the whole event, losing other changes in it); off (no flag: the drag is applied twice, the bug)."
        case .threshold:
            "above N changes in one event the coordinator reloads the whole table (off: never)."
        case .paused:
            "while paused the coordinator ignores changes; resuming refetches and reloads."
        case .items:
            "what identifies an item: the object (correct) or an attribute's value (duplicate identifiers when values repeat)."
        case .delegate:
            "the whole-event callback the app implements: the snapshot, or the difference."
        case .canreorder:
            "what reorderingHandlers.canReorderItem answers; false refuses every drag."
        case .snapshot:
            "apply the controller's snapshot as it is (correct: since iOS 15 its reloads refresh cells) or rebuild one "
                + "without its reload marks (stale cells)."
        case .sectionfilter:
            "filter row changes against the whole event's section changes (correct under every delivery order) or only "
                + "those reported before them, as FetchedResultsCoordinator does."
        }
    }
}
