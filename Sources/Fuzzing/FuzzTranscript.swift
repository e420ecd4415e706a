import Foundation
import Interpreter
import Transcripts

/// A fuzz session written as a transcript: `# start: empty`, `# expect: inconsistent`, comments
/// naming the fuzz command that found it, then every input line with its plain 80-column output,
/// so that `fetchsim replay` reproduces it exactly.
package struct FuzzTranscript {
    /// The transcript's text.
    package let text: String
    /// How many input (`> `) lines it holds.
    package let inputLines: Int
    /// The failure of its last line, as recorded (nil if the session did not fail).
    package let failure: FuzzFailure?

    /// Runs `session` afresh with text rendering on and records it; `comments` go in the header.
    /// A user schema's session starts on its model, which the header names as `# model: PATH`
    /// (`model`: relative to the transcript's directory, as replay reads it); its rows are the
    /// session's own insert lines, so the transcript replays without the CSV file or store.
    package init(
        session: FuzzSession, comments: [String], breaksRenumbering: Bool = false,
        schema: FuzzSchema? = nil, model: String? = nil
    ) throws {
        let executor = try FuzzExecutor(rendersText: true, breaksRenumbering: breaksRenumbering, schema: schema)
        var lines: [String] = []
        var failure: FuzzFailure?
        var inputs = 0
        for line in session.lines {
            let step = executor.run(line)
            guard let input = step.text else { continue }
            inputs += 1
            lines.append("> " + input)
            lines += Transcript.trimmedTrailingBlanks(step.outcome.renderText(width: 80)).map(Transcript.escaped)
            if let found = step.failure {
                failure = found
                break
            }
        }
        // A lost user order leaves the table consistent: the replay shows the final order
        // instead; a refused undo shows its error line.
        let note: [String] =
            switch failure?.kind {
            case .userOrder?: ["Lost order: " + (failure?.message ?? "")]
            case .refusedReplay?: ["Refused: " + (failure?.message ?? "")]
            default: []
            }
        var header = TranscriptHeader(
            start: .empty, expectsInconsistency: failure?.leavesTableInconsistent ?? false, comments: comments + note)
        header.model = schema == nil ? nil : model ?? schema?.options.model
        text = (header.lines + lines).joined(separator: "\n") + "\n"
        inputLines = inputs
        self.failure = failure
    }

    /// The header comments of a shrunk finding: the command that found it, the failure, and
    /// how far it shrank.
    package static func comments(
        for finding: FuzzFinding, configuration: FuzzConfiguration, shrunkLines: Int, tries: Int
    ) -> [String] {
        [
            "Found by: \(configuration.commandLine)",
            "(batch \(finding.batch) of the run, session \(finding.sessionNumber); shrunk from \(finding.session.lines.count) lines"
                + " to \(shrunkLines) in \(tries) tries)",
            "Failure: \(finding.failure.kind)",
        ]
    }
}

extension FuzzTranscript {
    /// `target` as a path relative to `directory` (both made absolute from the current
    /// directory): what `# model:` holds for a transcript written in `directory`; absolute when
    /// the two share nothing but the root.
    ///
    ///     relativePath(to: "/w/Models/Notes.xcdatamodeld", from: "/w/out")  // "../Models/Notes.xcdatamodeld"
    package static func relativePath(to target: String, from directory: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : current + "/" + path
            return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let to = components(target)
        let from = components(directory)
        var shared = 0
        while shared < min(to.count, from.count), to[shared] == from[shared] { shared += 1 }
        // Nothing in common but the root: the absolute path reads better than a climb to it.
        if shared == 0 { return "/" + to.joined(separator: "/") }
        let path = Array(repeating: "..", count: from.count - shared) + to[shared...]
        return path.isEmpty ? "." : path.joined(separator: "/")
    }
}
