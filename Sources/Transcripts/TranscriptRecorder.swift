import Interpreter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a session transcript as it happens: a header, then each input after `> ` and its plain
/// 80-column output. Every write is flushed, so a crash loses at most the line in progress.
///
/// The file is created with the first input line: a transcript needs one to replay, so a session
/// that records none writes nothing (and leaves a file already at `path` as it was).
package final class TranscriptRecorder {
    package let path: String
    package private(set) var header: TranscriptHeader
    private var file: UnsafeMutablePointer<FILE>?
    private var isClosed = false
    /// The lines after the header, kept so that the file can be rewritten with a changed header.
    private var body: [String] = []

    /// A recorder that will write `header` and the session's lines to `path`. Refuses at once a
    /// path that cannot be written (a directory, a missing or read-only folder), so the user
    /// learns it before the session, not after.
    package init(path: String, header: TranscriptHeader) throws {
        if let problem = FileErrorReason.problem(writing: path) {
            throw InterpreterError("cannot write transcript '\(path)': \(problem)")
        }
        self.path = path
        self.header = header
    }

    /// Whether an input line has been recorded, and so the file written.
    package var hasRecordedInput: Bool { !body.isEmpty }

    /// Marks the session as one that demonstrates a failure (`# expect: inconsistent`), so that
    /// the recording replays green: the file is written anew with the changed header.
    package func expectInconsistency() {
        guard !header.expectsInconsistency, !isClosed else { return }
        header.expectsInconsistency = true
        guard let file else { return }
        fclose(file)
        self.file = fopen(path, "w")
        write(header.lines + body)
    }

    /// Names the executable that registers the app's view controller the session selected
    /// (`# executable: NAME`), so that another executable's replay says which one to use: the
    /// file is written anew with the changed header.
    package func noteExecutable(_ executable: String) {
        guard header.executable == nil, !isClosed else { return }
        header.executable = executable
        guard let file else { return }
        fclose(file)
        self.file = fopen(path, "w")
        write(header.lines + body)
    }

    deinit { close() }

    /// Appends one input line and its output (escaped where a line would read as a prompt or a
    /// comment, `Transcript.escaped(_:)`), after the files it read (`EmbeddedFile`); the first
    /// one creates the file.
    package func record(input: String, output: [String], files: [EmbeddedFile] = []) {
        guard !isClosed else { return }
        let lines = files.flatMap(\.commentLines) + ["> " + input] + output.map(Transcript.escaped)
        if file == nil {
            file = fopen(path, "w")
            write(header.lines)
        }
        body += lines
        write(lines)
    }

    /// Flushes and closes the file; later records are ignored.
    package func close() {
        if let file { fclose(file) }
        file = nil
        isClosed = true
    }

    private func write(_ lines: [String]) {
        guard let file else { return }
        for line in lines {
            fputs(line, file)
            fputs("\n", file)
        }
        fflush(file)
    }
}
