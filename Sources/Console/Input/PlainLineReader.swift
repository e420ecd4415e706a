#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor (standard input by default) with no prompt and no echo:
/// for pipes, files and tests.
///
/// Lines end at `\n`; a `\r` before it is dropped; invalid UTF-8 becomes U+FFFD; a UTF-8 byte
/// order mark at the start is skipped. Lines of any length are read in 64 KiB chunks. It never
/// returns `.interrupted`: Ctrl-C keeps its default meaning for piped input.
package struct PlainLineReader: LineReader {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// How far past `start` the buffer is known to hold no newline.
    private var scanned = 0
    private var isAtEndOfFile = false
    private var isAtStartOfInput = true

    /// Reads from `fileDescriptor`, which stays owned by the caller.
    package init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    /// The next line; `prompt` is ignored.
    package mutating func readLine(prompt: String) -> LineReadResult {
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = decode(start..<newline)
                start = newline + 1
                scanned = 0
                return .line(line)
            }
            scanned = buffer.count - start
            if isAtEndOfFile {
                guard start < buffer.count else { return .endOfInput }
                let line = decode(start..<buffer.count)
                start = buffer.count
                scanned = 0
                return .line(line)
            }
            fill()
        }
    }

    private mutating func decode(_ range: Range<Int>) -> String {
        var bytes = buffer[range]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        if isAtStartOfInput {
            isAtStartOfInput = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads one more chunk, dropping consumed bytes first when they are most of the buffer.
    private mutating func fill() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let chunk = 65_536
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        var count = -1
        repeat {
            count = buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return read(fileDescriptor, base + oldCount, chunk)
            }
        } while count < 0 && errno == EINTR
        buffer.removeSubrange((oldCount + max(count, 0))...)
        if count <= 0 { isAtEndOfFile = true }
    }
}
