import ObjectGraph

extension Command {
    /// What `use` selects.
    package enum UseTarget: Hashable, Sendable {
        /// `use NAME`: the controller (with its table and adapter) the sheet shows.
        case controller(String)
        /// `use context NAME`: the context edits, `save`, `undo` … go to (`main` is the main one).
        case context(String)
    }

    /// When the main context merges what a background context saved (`context NAME merge=…`).
    package enum MergeMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// At every save, every updated object refreshed (`automaticallyMergesChangesFromParent`, iOS 10+).
        case auto
        /// At every save, but updated objects the main context had not loaded are not reported (before iOS 10).
        case ios9
        /// Never: the app does not observe the background context's saves.
        case off

        package var description: String { rawValue }
    }

    /// A `batch` line: an update (with assignments) or a delete of the stored objects matching.
    package struct BatchSpec: Hashable, Sendable {
        package var entity: String
        /// `nil` for `batch delete`.
        package var assignments: [Assignment]?
        package var predicate: PredicateText?
        /// `--merge`: the returned IDs are merged into the main context
        /// (`mergeChanges(fromRemoteContextSave:into:)`), so the controllers hear of the change.
        package var merges: Bool

        package init(entity: String, assignments: [Assignment]?, predicate: PredicateText?, merges: Bool) {
            self.entity = entity
            self.assignments = assignments
            self.predicate = predicate
            self.merges = merges
        }
    }

    /// `use …`, `close …`, `context …` and `batch …` as lines the parser reads back.
    var workspaceLine: String {
        switch self {
        case .use(.controller(let name)): return "use \(name)"
        case .use(.context(let name)): return "use context \(name)"
        case .close(let name, let leavesDelegate):
            return leavesDelegate ? "close --leave-delegate \(name)" : "close \(name)"
        case .context(nil, _): return "context"
        case .context(let name?, let merge): return "context \(name)" + (merge.map { " merge=\($0)" } ?? "")
        case .batch(let spec):
            var parts = ["batch"] + (spec.merges ? ["--merge"] : [])
            parts += [spec.assignments == nil ? "delete" : "set", spec.entity]
            parts += (spec.assignments ?? []).map(\.description)
            if let predicate = spec.predicate { parts += ["where", predicate.text] }
            return parts.joined(separator: " ")
        default: return name.rawValue
        }
    }
}
