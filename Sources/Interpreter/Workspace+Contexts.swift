import CommandLanguage
import FetchedResults
import ObjectGraph

/// A background context of the workspace (`context NAME`): a sibling of the main context on the
/// same store, and when the main context merges its saves.
package final class BackgroundContext {
    package let name: String
    package let context: ObjectContext
    package internal(set) var merge: Command.MergeMode

    init(name: String, context: ObjectContext, merge: Command.MergeMode) {
        self.name = name
        self.context = context
        self.merge = merge
    }
}

extension Workspace {
    /// The context edits, `save`, `undo` and `rollback` go to (`use context NAME`).
    package var editContext: ObjectContext {
        // Without background contexts (the usual case) the main one, without searching for a name.
        backgroundContexts.isEmpty ? context : selectedBackground?.context ?? context
    }

    /// The selected background context; nil while the main one is selected.
    package var selectedBackground: BackgroundContext? {
        backgroundContexts.first { $0.name == selectedContextName }
    }

    /// Opens the background context `name`, merged into the main one as `merge` says.
    func openBackgroundContext(_ name: String, merge: Command.MergeMode) throws -> BackgroundContext {
        let background = BackgroundContext(name: name, context: try ObjectContext(sibling: context), merge: merge)
        backgroundContexts.append(background)
        checksAgainstStore = true
        return background
    }

    /// Every controller still attached to a live table: the selected one, then the parked ones.
    var liveControllers: [(name: String, controller: FetchedResultsController)] {
        var all: [(String, FetchedResultsController)] = []
        if let controller { all.append((selectedName, controller)) }
        for unit in parked where !unit.isClosed { all.append((unit.name, unit.controller)) }
        return all
    }
}
