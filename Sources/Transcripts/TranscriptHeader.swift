import CommandLanguage
import Foundation
import Interpreter

/// The header of a transcript: `# fetchsim session v1`, then how the session started —
/// `# start: demo|empty`, and optionally `# adapter: KIND OPTIONS`, `# profile: NAME` and
/// `# table: collection|table` (written only for a collection view, so older transcripts, which
/// have none, start with a table as they always did) — and
/// `# expect: inconsistent` for a session that demonstrates a failure.
///
/// Recording writes the adapter and profile the session started with; replay applies them after
/// the start, so a hand-written transcript may begin under another adapter or profile.
package struct TranscriptHeader: Equatable, Sendable {
    package static let versionLine = "# fetchsim session v1"
    package var start: SessionStart
    /// The `adapter` command's arguments at the start (`coordinator moves=delete-insert …`).
    package var adapter: String?
    /// The compatibility profile at the start.
    package var profile: String?
    /// The simulated view at the start (`collection`); nil for a table.
    package var table: String?
    /// `# model: PATH`: an Xcode model whose entities the session starts with (`fetchsim
    /// --model`), the path relative to the transcript's directory; nil without one.
    package var model: String?
    /// `# store: NAME`: the session started on a store file, whose objects the transcript embeds
    /// as the file NAME (a `StoreSnapshot`) right after the header; nil for the demo or an empty start.
    package var store: String?
    /// The snapshot a recording writes after the header (`# file: NAME` lines); reading a
    /// transcript finds it among the first line's embedded files instead.
    package var storeSnapshot: EmbeddedFile?
    /// `# executable: NAME`: the session used an app's own view controller (`adapter notes`),
    /// which only the executable of that name registers (`FetchSimCLI.main(adapters:)`); nil
    /// for a session of FetchSim's adapters only, which any `fetchsim` replays.
    package var executable: String?
    package var expectsInconsistency = false
    /// Comment lines after the fixed ones: what the session shows, for a reader.
    package var comments: [String] = []

    package init(
        start: SessionStart, adapter: String? = nil, profile: String? = nil,
        expectsInconsistency: Bool = false, comments: [String] = []
    ) {
        self.start = start
        self.adapter = adapter
        self.profile = profile
        self.expectsInconsistency = expectsInconsistency
        self.comments = comments
    }

    /// The header as transcript lines.
    package var lines: [String] {
        [Self.versionLine, "# start: \(start.rawValue)"]
            + (model.map { ["# model: \($0)"] } ?? [])
            + (store.map { ["# store: \($0)"] } ?? [])
            + (executable.map { ["# executable: \($0)"] } ?? [])
            + (adapter.map { ["# adapter: \($0)"] } ?? [])
            + (profile.map { ["# profile: \($0)"] } ?? [])
            + (table.map { ["# table: \($0)"] } ?? [])
            + (expectsInconsistency ? ["# expect: inconsistent"] : [])
            + comments.map { $0.isEmpty ? "#" : "# " + $0 }
            + (storeSnapshot?.commentLines ?? [])
    }

    /// Why a transcript that names the app's adapter `name` cannot replay in this executable,
    /// which does not register it; nil when it does (or when `name` is one of FetchSim's).
    package func missingAdapter(_ name: String) -> String? {
        guard let executable, !RegisteredAdapters.contains(name),
            !Command.AdapterKind.allCases.map(\.rawValue).contains(name)
        else { return nil }
        let this =
            RegisteredAdapters.executable ?? CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }
            ?? "this executable"
        let registered = RegisteredAdapters.names
        let here = "\(this) registers " + (registered.isEmpty ? "none" : registered.joined(separator: ", "))
        return
            "adapter '\(name)' is an app's view controller that \(executable) registers (FetchSimCLI.main(adapters:)); "
            + "\(here): replay this transcript with \(executable)"
    }

    /// Builds the start state in `interpreter`: the demo or nothing, then the adapter and the
    /// profile, none of which is shown or counted as an event.
    func prepare(_ interpreter: Interpreter) throws {
        try start.prepare(interpreter)
        // A session on a store file started on the settings the file kept (as the launcher applies them).
        if store != nil { _ = try interpreter.restoreSessionSettings() }
        let settings = [("adapter", adapter), ("profile", profile), ("table", table)].compactMap { name, value in
            value.map { (name, $0) }
        }
        guard !settings.isEmpty else { return }
        let renders = interpreter.rendersText
        interpreter.rendersText = false
        defer { interpreter.rendersText = renders }
        for (name, value) in settings {
            let outcome = interpreter.execute(name + " " + value)
            guard outcome.failed else { continue }
            let reason = outcome.renderText(width: 1_000).first ?? "failed"
            throw InterpreterError("'# \(name): \(value)' in the header: \(reason)")
        }
    }
}
