import Console
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct PlainLineReaderTests {
    /// Writes `bytes` to a temporary file and returns a descriptor open for reading it.
    private func openFile(with bytes: [UInt8]) throws -> Int32 {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        try FileManager.default.removeItem(at: url)
        try #require(descriptor >= 0)
        return descriptor
    }

    private func readAll(_ reader: inout PlainLineReader, limit: Int = 1_000) -> [String] {
        var lines: [String] = []
        while lines.count < limit, case .line(let line) = reader.readLine(prompt: "ignored> ") { lines.append(line) }
        return lines
    }

    @Test func readsLinesWithCRLFAndInvalidUTF8() throws {
        let bytes = Array("first\r\nsecond\n".utf8) + [0xFF, 0xFE] + Array(" bad\n\ninner\rcr\nlast".utf8)
        let descriptor = try openFile(with: bytes)
        defer { close(descriptor) }
        var reader = PlainLineReader(fileDescriptor: descriptor)
        #expect(readAll(&reader) == ["first", "second", "\u{FFFD}\u{FFFD} bad", "", "inner\rcr", "last"])
        #expect(reader.readLine(prompt: "") == .endOfInput)
        #expect(reader.readLine(prompt: "") == .endOfInput)
    }

    @Test func truncatedMultibyteSequenceIsReplaced() throws {
        let descriptor = try openFile(with: Array("caf".utf8) + [0xC3] + Array("\n日本".utf8) + [0xE6, 0x97])
        defer { close(descriptor) }
        var reader = PlainLineReader(fileDescriptor: descriptor)
        #expect(readAll(&reader) == ["caf\u{FFFD}", "日本\u{FFFD}"])
    }

    @Test func emptyInputEndsAtOnce() throws {
        let descriptor = try openFile(with: [])
        defer { close(descriptor) }
        var reader = PlainLineReader(fileDescriptor: descriptor)
        #expect(reader.readLine(prompt: "") == .endOfInput)
    }

    @Test func byteOrderMarkIsSkippedOnlyAtTheStart() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let descriptor = try openFile(with: bom + Array("undo\n".utf8) + bom + Array("redo\n".utf8))
        defer { close(descriptor) }
        var reader = PlainLineReader(fileDescriptor: descriptor)
        #expect(readAll(&reader) == ["undo", "\u{FEFF}redo"])
    }

    @Test(.timeLimit(.minutes(1)))
    func readsMegabyteLinesFromAPipe() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let long = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB
        let lines = ["short", long, "", String(repeating: "é", count: 300_000), "after"]
        let payload = Array((lines.joined(separator: "\n") + "\n").utf8)
        let writer = Thread { [writeEnd = fds[1]] in
            payload.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count, let base = raw.baseAddress {
                    let written = write(writeEnd, base + offset, raw.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(fds[0]) }
        var reader = PlainLineReader(fileDescriptor: fds[0])
        let read = readAll(&reader)
        #expect(read.count == lines.count)
        #expect(read == lines)
        #expect(reader.readLine(prompt: "") == .endOfInput)
    }

    @Test func manyLinesAcrossChunkBoundaries() throws {
        let lines = (0..<3_000).map {
            String(repeating: Character(UnicodeScalar(UInt8(97 + $0 % 26))), count: ($0 * 37) % 500)
        }
        let descriptor = try openFile(with: Array(lines.joined(separator: "\r\n").utf8))
        defer { close(descriptor) }
        var reader = PlainLineReader(fileDescriptor: descriptor)
        #expect(readAll(&reader, limit: 10_000) == lines)
    }
}
