/// The header of a transcript: `# fetchsim session v1`, then `# start: demo|empty`, and optional
/// `# expect: inconsistent` for a session that demonstrates a failure.
public struct TranscriptHeader: Equatable, Sendable {
    public static let versionLine = "# fetchsim session v1"
    public var start: SessionStart
    public var expectsInconsistency = false
    /// Comment lines after the fixed ones: what the session shows, for a reader.
    public var comments: [String] = []

    public init(start: SessionStart, expectsInconsistency: Bool = false, comments: [String] = []) {
        self.start = start
        self.expectsInconsistency = expectsInconsistency
        self.comments = comments
    }

    /// The header as transcript lines.
    public var lines: [String] {
        [Self.versionLine, "# start: \(start.rawValue)"]
            + (expectsInconsistency ? ["# expect: inconsistent"] : [])
            + comments.map { $0.isEmpty ? "#" : "# " + $0 }
    }
}
