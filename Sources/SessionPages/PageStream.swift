import Foundation

/// Where a page's text goes as it is written: a file, a little at a time, so that a long
/// session's page is never held whole in memory.
package final class PageStream {
    private let sink: (Data) throws -> Void
    private var buffer = ""
    /// Bytes buffered before they are handed to the sink.
    private static let chunk = 64 * 1024
    /// The first error the sink threw; later writes are dropped and `finish()` rethrows it.
    private var failure: (any Error)?

    /// A stream that hands each chunk of text to `sink`.
    package init(sink: @escaping (Data) throws -> Void) {
        self.sink = sink
    }

    /// A stream into `handle` (a file opened for writing).
    package convenience init(handle: FileHandle) {
        self.init { try handle.write(contentsOf: $0) }
    }

    /// Appends `text` as it is (markup: the caller escapes what it interpolates).
    package func write(_ text: String) {
        buffer += text
        if buffer.utf8.count >= Self.chunk { flush() }
    }

    /// Appends `text` escaped (`HTMLText.escaped`).
    package func text(_ text: String) {
        write(HTMLText.escaped(text))
    }

    /// Hands everything buffered to the sink; rethrows the sink's first error.
    package func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer = "" }
        guard failure == nil else { return }
        do { try sink(Data(buffer.utf8)) } catch { failure = error }
    }
}
