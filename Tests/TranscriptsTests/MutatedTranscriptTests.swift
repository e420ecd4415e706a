import FetchSimCore
import Foundation
import Testing
import Transcripts

/// Mutated transcripts into replay (issue 34, item 16): never a crash; a failure always names
/// the file and, for a file that cannot be read as a transcript, its line.
@Suite struct MutatedTranscriptTests {
    /// A few mutations of `bytes`: flipped and inserted bytes, deleted, duplicated and swapped
    /// lines, a cut — what a bad merge, an editor or a disk does to a file.
    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1:
                bytes.insert(
                    [UInt8(ascii: "\n"), UInt8(ascii: ">"), UInt8(ascii: " "), 0x00, 0xFF][
                        Int.random(in: 0..<5, using: &random)], at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            case 3:
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                let line = Int.random(in: 0..<lines.count, using: &random)
                lines.insert(lines[line], at: Int.random(in: 0...lines.count, using: &random))
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            case 4:
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                lines.swapAt(
                    Int.random(in: 0..<lines.count, using: &random), Int.random(in: 0..<lines.count, using: &random))
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return bytes
    }

    @Test func mutatedSessionsNeverCrashAndFailWithALocation() throws {
        let sessions = try FileManager.default.contentsOfDirectory(atPath: "Sessions").filter {
            $0.hasSuffix(".session")
        }.sorted()
        #expect(sessions.count > 10)
        let scratch = try TranscriptScratch()
        var random = SeededGenerator(seed: 34)
        var failed = 0
        for round in 0..<240 {
            let name = sessions[round % sessions.count]
            let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "Sessions/\(name)")))
            let path = try scratch.write("m\(round).session", bytes: Self.mutate(original, &random))
            let result = TranscriptReplayer().replay(path: path)
            guard !result.passed else { continue }
            failed += 1
            let first = try #require(result.report.first)
            #expect(first.hasPrefix(path + ":"), "\(name) mutated: \(first)")
        }
        #expect(failed > 100, "most mutations break a session: \(failed) of 240")
    }
}
