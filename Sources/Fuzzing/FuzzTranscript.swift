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
    package init(session: FuzzSession, comments: [String], breaksRenumbering: Bool = false) throws {
        let executor = try FuzzExecutor(rendersText: true, breaksRenumbering: breaksRenumbering)
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
        // A lost user order leaves the table consistent: the replay shows the final order instead.
        let lostOrder = failure?.kind == .userOrder
        let header = TranscriptHeader(start: .empty, expectsInconsistency: failure != nil && !lostOrder,
                                      comments: comments + (lostOrder ? ["Lost order: " + (failure?.message ?? "")] : []))
        text = (header.lines + lines).joined(separator: "\n") + "\n"
        inputLines = inputs
        self.failure = failure
    }

    /// The header comments of a shrunk finding: the command that found it, the failure, and
    /// how far it shrank.
    package static func comments(for finding: FuzzFinding, configuration: FuzzConfiguration, shrunkLines: Int, tries: Int) -> [String] {
        [
            "Found by: \(configuration.commandLine)",
            "(batch \(finding.batch) of the run, session \(finding.sessionNumber); shrunk from \(finding.session.lines.count) lines"
                + " to \(shrunkLines) in \(tries) tries)",
            "Failure: \(finding.failure.kind)",
        ]
    }
}
