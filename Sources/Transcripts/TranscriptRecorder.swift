import Interpreter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a session transcript as it happens: a header, then each input after `> ` and its plain
/// 80-column output. Every write is flushed, so a crash loses at most the line in progress.
package final class TranscriptRecorder {
    package let path: String
    package private(set) var header: TranscriptHeader
    private var file: UnsafeMutablePointer<FILE>?
    /// The lines after the header, kept so that the file can be rewritten with a changed header.
    private var body: [String] = []

    /// Creates (or truncates) the file at `path` and writes `header`.
    package init(path: String, header: TranscriptHeader) throws {
        guard let file = fopen(path, "w") else {
            throw InterpreterError("cannot write transcript '\(path)': \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.header = header
        self.file = file
        write(header.lines)
    }

    /// Marks the session as one that demonstrates a failure (`# expect: inconsistent`), so that
    /// the recording replays green: the file is written anew with the changed header.
    package func expectInconsistency() {
        guard !header.expectsInconsistency, file != nil else { return }
        header.expectsInconsistency = true
        if let file { fclose(file) }
        file = fopen(path, "w")
        write(header.lines + body)
    }

    deinit { close() }

    /// Appends one input line and its output (escaped where a line would read as a prompt or a
    /// comment, `Transcript.escaped(_:)`).
    package func record(input: String, output: [String]) {
        let lines = ["> " + input] + output.map(Transcript.escaped)
        body += lines
        write(lines)
    }

    /// Flushes and closes the file; later records are ignored.
    package func close() {
        if let file { fclose(file) }
        file = nil
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
