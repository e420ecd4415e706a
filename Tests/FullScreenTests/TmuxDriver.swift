import FetchSimTestSupport
import Foundation
import Testing

/// Where tmux is, if it is installed.
let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// A tmux server of the test's own (its own socket, no configuration file) running one command
/// in a pane of a fixed size; `stop()` kills the server.
struct TmuxDriver {
    let socket: String
    let session = "main"

    init(name: String) {
        socket = "fetchsim-\(name)-\(ProcessInfo.processInfo.processIdentifier)"
    }

    /// Runs tmux and returns what it printed (a new session's server output is discarded).
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let startsServer = arguments.first == "new-session"
        let all = ["-L", socket, "-f", "/dev/null"] + arguments
        return try await ChildProcess.run(try #require(tmuxPath), all, collectsOutput: !startsServer).output
    }

    /// Starts `command` (a shell line) in a `columns` × `rows` pane.
    func start(_ command: String, columns: Int = 100, rows: Int = 40) async throws {
        try await tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", command])
    }

    /// Sends keys in tmux's names (`Space`, `Down`, `Enter`, `C-u`, or literal text).
    func send(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", session] + keys)
    }

    /// The pane's text now.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", session])
    }

    /// Polls the pane until `predicate` holds or ~10 s pass (an issue, naming `what`); returns
    /// the last screen either way.
    func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool)
        async throws -> String
    {
        var text = ""
        for _ in 0..<200 {
            text = try await screen()
            if predicate(text) { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting for \(what); the screen:\n\(text)", sourceLocation: sourceLocation)
        return text
    }

    func stop() async {
        _ = try? await tmux(["kill-server"])
    }
}

/// The full-screen spreadsheet's rows as drawn: object IDs section by section, read from lines
/// like `▸> 1.1←0.0  #1   Milk …` (cursor, mark, path, id).
func tableIDs(onScreen screen: String) -> [[Int]] {
    var sections: [Int: [Int]] = [:]
    for line in screen.split(separator: "\n") {
        guard let match = line.firstMatch(of: /^..\s(\d+)\.(\d+)\S*\s+#(\d+)\s/),
            let section = Int(match.1), let id = Int(match.3)
        else { continue }
        sections[section, default: []].append(id)
    }
    return sections.keys.sorted().map { sections[$0] ?? [] }
}

/// The table's rows from the REPL's `dump` text (`table 0: #2 #3 #4`).
func tableIDs(inDump text: String) -> [[Int]] {
    text.split(separator: "\n").compactMap { line -> [Int]? in
        guard line.hasPrefix("table ") else { return nil }
        return line.split(separator: " ").dropFirst(2).compactMap { Int($0.dropFirst()) }
    }
}
