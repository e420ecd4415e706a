import CommandLanguage
import ObjectGraph

/// The settings a store keeps beside its objects, so that reopening it brings back the list as
/// it was shown: the profile, the reorder strategy, the adapter and the fetch. They are saved by
/// `save` (a store file is written only when the user asks) and applied, in that order, when a
/// session opens the store.
extension Interpreter {
    /// The settings, in the order they are applied: a fetch builds its controller under the
    /// profile and reorder strategy already set.
    static let sessionSettingNames = ["profile", "reorder", "adapter", "fetch"]

    /// The current settings as the arguments of their commands (`fetch` → `Note sort=index`).
    var sessionSettings: [String: String] {
        var settings = [
            "profile": workspace.profile.rawValue,
            "reorder": workspace.reorderStrategy.rawValue,
            "adapter": "\(workspace.adapterKind.rawValue) \(workspace.adapterOptions)",
        ]
        if let fetchSpec {
            settings["fetch"] = String(Command.fetch(fetchSpec).description.dropFirst("fetch ".count))
        }
        return settings
    }

    /// Saves the context and, beside its objects, the session settings: what `save` does, and
    /// what quitting does when the user answers yes to saving.
    package func saveWithSettings() throws -> SaveSummary {
        let summary = try context.save()
        try context.store.saveSessionSettings(sessionSettings)
        saveCount += 1
        return summary
    }

    /// What applying a store's saved settings did.
    package struct RestoredSettings: Equatable, Sendable {
        /// The command lines that ran, in order.
        package var lines: [String] = []
        /// The lines that failed (the schema changed since they were saved), with the reason.
        package var problems: [String] = []

        package init() {}
    }

    /// Applies the settings the store kept at its last `save`, without output or events; a
    /// setting that no longer applies is skipped and reported, the others still apply.
    package func restoreSessionSettings() throws -> RestoredSettings {
        let saved = try context.store.sessionSettings()
        var restored = RestoredSettings()
        let renders = rendersText
        rendersText = false
        defer { rendersText = renders }
        for name in Self.sessionSettingNames {
            guard let value = saved[name] else { continue }
            let line = name + " " + value
            let outcome = execute(line)
            if outcome.failed {
                let reason = outcome.renderText(width: 1_000).first ?? "failed"
                restored.problems.append("the store's saved '\(line)' no longer applies: \(reason)")
            } else {
                restored.lines.append(line)
            }
        }
        return restored
    }
}
