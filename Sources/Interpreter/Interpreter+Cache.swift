import CommandLanguage
import FetchedResults

extension Interpreter {
    /// `cache …`: the `cacheName` of later fetches, or `deleteCache(withName:)` (issue 17 item 11b).
    func cache(_ action: Command.CacheAction) -> LineOutcome {
        let lead: String
        switch action {
        case .show:
            lead = "cache " + (workspace.cacheName ?? "off")
        case .use(let name):
            workspace.cacheName = name
            lead = "cache \(name) · later fetches use cacheName '\(name)'"
        case .off:
            workspace.cacheName = nil
            lead = "cache off · later fetches use no cache"
        case .delete(let name):
            workspace.sectionCache.deleteCache(withName: name)
            lead = name.map { "deleted cache '\($0)'" } ?? "deleted every cache"
        }
        let names = workspace.sectionCache.names
        let held = names.isEmpty ? "no caches" : "caches: " + names.joined(separator: ", ")
        return text(
            ["\(lead) · \(held)"],
            json: [
                ("cache", workspace.cacheName.map(JSONValue.string) ?? .null),
                ("caches", .array(names.map(JSONValue.string))),
            ])
    }
}

extension Interpreter {
    /// `stats` lines of a fetch with a `fetchBatchSize` (none without one, so other sessions'
    /// `stats` stay as they were): the batch size, the batches fetched, the faults left.
    func batchFields(_ controller: FetchedResultsController?) -> [(String, JSONValue)] {
        guard let controller, controller.fetchBatchSize > 0 else { return [] }
        return [
            ("batchSize", .int(controller.fetchBatchSize)), ("batchesFetched", .int(controller.numberOfBatchesFetched)),
            ("faults", .int(controller.numberOfFaults)),
        ]
    }
}
