import ObjectGraph

extension FuzzGenerator {
    /// One line of a background batch still to come.
    enum BackgroundStep: Equatable {
        case line(FuzzLine)
        /// The edits, chosen when their turn comes (from the objects the fresh context has).
        case edits
    }

    /// The next line of a background batch under way, or — in `backgroundPercent` of batches —
    /// the first line of a new one; nil for an ordinary batch.
    ///
    /// A background batch is either a batch request (`batch [--merge] set|delete …`, one line)
    /// or, as `performBackgroundTask` does, a fresh background context: `save` (so that it sees
    /// the main context's objects), `context bN merge=…`, `use context bN`, edits, `save` (merged
    /// into the main context as `--merge` says), `use context main`.
    mutating func backgroundBatch(_ executor: FuzzExecutor) -> FuzzLine? {
        if !queuedBackground.isEmpty {
            switch queuedBackground.removeFirst() {
            case .line(let line): return line
            case .edits: return edits(executor)
            }
        }
        let options = configuration.workspaceOptions
        guard options.backgroundPercent > 0, chance(options.backgroundPercent) else { return nil }
        if chance(30) { return batchRequest(merges: options.merge != .off) }
        backgroundContexts += 1
        let name = "b\(backgroundContexts)"
        queuedBackground = [
            .line(.command("context \(name) merge=\(options.merge.rawValue)", isEssential: false)),
            .line(.command("use context \(name)", isEssential: false)),
            .edits,
            .line(.save),
            .line(.command("use context main", isEssential: false)),
        ]
        return .save
    }

    /// `batch [--merge] set Item title="bN" where group == "B"` or a batch delete of a few rows.
    private mutating func batchRequest(merges: Bool) -> FuzzLine {
        let flag = merges ? "--merge " : ""
        let where_ =
            "where group == \(group().literal) AND order == \(Int.random(in: 0..<max(4, configuration.rows), using: &rng))"
        if chance(30) { return .command("batch \(flag)delete \(FuzzField.entityName) \(where_)", isEssential: false) }
        return .command(
            "batch \(flag)set \(FuzzField.entityName) title=\(title().literal) \(where_)", isEssential: false)
    }
}
