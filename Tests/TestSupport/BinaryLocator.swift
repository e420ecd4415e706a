import Foundation

/// Finds the built `fetchsim` executable next to the test products, for end-to-end tests.
public enum BinaryLocator {
    /// The package root: two folders above this file's folder (`Tests/TestSupport/`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/debug/fetchsim` (or the release one), if it has been built.
    public static var fetchsim: URL? {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("fetchsim"),
            packageRoot.appendingPathComponent(".build/debug/fetchsim"),
            packageRoot.appendingPathComponent(".build/release/fetchsim"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `fetchsim` with `arguments`, feeding `input` on stdin; returns stdout and the exit
    /// status (128 + the signal number if a signal ended it). History is off. `workingDirectory`
    /// is the child's current folder (this process's by default).
    public static func run(
        _ arguments: [String], input: String, environment: [String: String] = [:], workingDirectory: String? = nil
    ) async throws -> (output: String, status: Int32) {
        guard let binary = fetchsim else { throw CocoaError(.fileNoSuchFile) }
        var changes: [String: String?] = ["FETCHSIM_HISTORY": ""]
        for (key, value) in environment { changes[key] = value }
        let (output, termination) = try await ChildProcess.run(
            binary.path, arguments, input: input, environment: changes, workingDirectory: workingDirectory)
        return (output, termination.shellStatus)
    }

    /// Runs `fetchsim` like `run`, returning standard error as well.
    public static func runCollectingErrors(_ arguments: [String], input: String = "") async throws -> (
        output: String, error: String, status: Int32
    ) {
        guard let binary = fetchsim else { throw CocoaError(.fileNoSuchFile) }
        let (output, error, termination) = try await ChildProcess.runCollectingErrors(
            binary.path, arguments, input: input, environment: ["FETCHSIM_HISTORY": ""])
        return (output, error, termination.shellStatus)
    }
}
