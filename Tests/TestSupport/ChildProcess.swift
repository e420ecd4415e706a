import Foundation
import Subprocess
import SystemPackage

/// How a child process ended.
public enum ChildTermination: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(_ status: TerminationStatus) {
        switch status {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signaled(signal)
        }
    }

    /// The status a shell reports: the exit code, or 128 + the signal number.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): "exited with \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}

/// Programs run as children by the end-to-end tests, through swift-subprocess.
///
/// Not Foundation's `Process`: on Linux it learns of a child's exit from `SIGCHLD`, and with
/// several tests starting children at once an exit can go unnoticed — the child stays a zombie
/// and `waitUntilExit()` never returns (seen in CI: `swift test` hung on a finished `tmux`
/// client). swift-subprocess waits on a pidfd per child, which cannot miss an exit.
public enum ChildProcess {
    /// Writing input to a child that has already exited must not kill the test process: with
    /// `SIGPIPE` ignored the write fails with `EPIPE` instead (a CI run died of signal 13 when a
    /// child quit before reading all its input). Evaluated once, before the first child starts.
    private static let ignoresBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// `input` in an unlinked temporary file, open for reading: the child's standard input.
    /// A file, not a pipe, so a child that exits without reading it (`fetchsim script.txt` does
    /// not read standard input) can never make the write fail.
    private static func inputFile(_ input: String) throws -> FileDescriptor {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-input-\(UUID().uuidString)")
            .path
        try Data(input.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        return try FileDescriptor.open(FilePath(path), .readOnly)
    }

    /// Runs `executable` with `arguments`, gives it `input` as its standard input and collects its
    /// standard output; standard error is discarded. `environment` adds to (or, with `nil`,
    /// removes from) this process's environment. With `collectsOutput` false the output is
    /// discarded instead — for a child that starts a daemon which would inherit the pipe.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        input: String = "",
        environment: [String: String?] = [:],
        workingDirectory: String? = nil,
        collectsOutput: Bool = true
    ) async throws -> (output: String, termination: ChildTermination) {
        _ = ignoresBrokenPipes
        guard collectsOutput else {
            let result = try await Subprocess.run(
                .path(FilePath(executable)),
                arguments: Arguments(arguments),
                environment: Self.environment(environment),
                workingDirectory: workingDirectory.map { FilePath($0) },
                input: .fileDescriptor(try inputFile(input), closeAfterSpawningProcess: true),
                output: .discarded,
                error: .discarded
            )
            return ("", ChildTermination(result.terminationStatus))
        }
        let result = try await Subprocess.run(
            .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: Self.environment(environment),
            workingDirectory: workingDirectory.map { FilePath($0) },
            input: .fileDescriptor(try inputFile(input), closeAfterSpawningProcess: true),
            output: .string(limit: 64 << 20),
            error: .discarded
        )
        return (result.standardOutput, ChildTermination(result.terminationStatus))
    }

    /// Like `run`, but collects standard error too.
    public static func runCollectingErrors(
        _ executable: String,
        _ arguments: [String],
        input: String = "",
        environment: [String: String?] = [:]
    ) async throws -> (output: String, error: String, termination: ChildTermination) {
        _ = ignoresBrokenPipes
        let result = try await Subprocess.run(
            .path(FilePath(executable)),
            arguments: Arguments(arguments),
            environment: Self.environment(environment),
            input: .fileDescriptor(try inputFile(input), closeAfterSpawningProcess: true),
            output: .string(limit: 64 << 20),
            error: .string(limit: 64 << 20)
        )
        return (result.standardOutput, result.standardError, ChildTermination(result.terminationStatus))
    }

    /// Starts `executable` with standard output and standard error written to files (created or
    /// truncated) and standard input empty, runs `whileRunning`, then kills the child with SIGKILL
    /// unless it has already ended; returns how it ended.
    public static func runAndKill(
        _ executable: String,
        _ arguments: [String],
        outputFile: String,
        errorFile: String,
        whileRunning: () async throws -> Void
    ) async throws -> ChildTermination {
        _ = ignoresBrokenPipes
        let output = try FileDescriptor.open(
            FilePath(outputFile), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        let error: FileDescriptor
        do {
            error = try FileDescriptor.open(
                FilePath(errorFile), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        } catch {
            try? output.close()
            throw error
        }
        let result = try await Subprocess.run(
            .path(FilePath(executable)),
            arguments: Arguments(arguments),
            input: .none,
            output: .fileDescriptor(output, closeAfterSpawningProcess: true),
            error: .fileDescriptor(error, closeAfterSpawningProcess: true)
        ) { execution in
            try await whileRunning()
            // A child that already exited is not signalled (and cannot be: the send fails).
            try? execution.send(signal: .kill)
        }
        return ChildTermination(result.terminationStatus)
    }

    /// Starts `executable` with its output collected, waits `after`, sends SIGINT (as Ctrl-C
    /// does), and returns what it printed and how it ended (SIGKILL after 30 s more).
    public static func runAndInterrupt(
        _ executable: String,
        _ arguments: [String],
        after delay: Duration
    ) async throws -> (output: String, error: String, termination: ChildTermination) {
        _ = ignoresBrokenPipes
        let result = try await Subprocess.run(
            .path(FilePath(executable)),
            arguments: Arguments(arguments),
            input: .none,
            output: .string(limit: 16 << 20),
            error: .string(limit: 16 << 20)
        ) { execution in
            try await Task.sleep(for: delay)
            try? execution.send(signal: .interrupt)
            let watchdog = Task {
                try await Task.sleep(for: .seconds(30))
                try? execution.send(signal: .kill)
            }
            _ = watchdog
        }
        return (result.standardOutput ?? "", result.standardError ?? "", ChildTermination(result.terminationStatus))
    }

    static func environment(_ changes: [String: String?]) -> Subprocess.Environment {
        var updates: [Subprocess.Environment.Key: String?] = [:]
        for (name, value) in changes { updates[Subprocess.Environment.Key(stringLiteral: name)] = value }
        return .inherit.updating(updates)
    }
}
