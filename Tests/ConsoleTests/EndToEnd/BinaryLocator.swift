import Foundation

/// Finds the built `fetchsim` executable next to the test products, for end-to-end tests.
enum BinaryLocator {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/debug/fetchsim` (or the release one), if it has been built.
    static var fetchsim: URL? {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("fetchsim"),
            packageRoot.appendingPathComponent(".build/debug/fetchsim"),
            packageRoot.appendingPathComponent(".build/release/fetchsim"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `fetchsim` with `arguments`, feeding `input` on stdin; returns stdout and the exit status.
    static func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> (output: String, status: Int32) {
        guard let binary = fetchsim else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["FETCHSIM_HISTORY"] = ""
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
