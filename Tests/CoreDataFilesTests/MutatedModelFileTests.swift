import CoreDataFiles
import FetchSimCore
import Foundation
import Testing

/// Mutated model files into the reader (issue 34, item 16): never a crash; a refused file is
/// named, and a file that is not well-formed XML or not a sound model is refused with its line
/// and column.
@Suite struct MutatedModelFileTests {
    /// What an editor, a bad merge or a disk does to a `contents` file — flipped, inserted and
    /// removed bytes, duplicated, swapped and deleted lines, a cut — and what a hand edit does to
    /// its attributes: a value replaced by a word Xcode never writes, or emptied.
    static func mutate(_ text: String, _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = Array(text.utf8)
        let words = [
            "", "YES", "NO", "Integer 8", "-1", "99999999999999999999", "Nullify", "Cascade", "\u{1F34E}", "&amp;", "<",
            "\"", "Note", "Folder", "0",
        ]
        for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1:
                bytes.insert(
                    [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "/"), 0x00, 0xFF][
                        Int.random(in: 0..<6, using: &random)], at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...30, using: &random)))
            case 3, 4:
                // Replace one attribute value (the text between a `="` and the next `"`).
                let quotes = bytes.indices.filter {
                    $0 > 0 && bytes[$0] == UInt8(ascii: "\"") && bytes[$0 - 1] == UInt8(ascii: "=")
                }
                guard let open = quotes.randomElement(using: &random),
                    let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "\""))
                else { continue }
                bytes.replaceSubrange((open + 1)..<close, with: Array(words.randomElement(using: &random)!.utf8))
            case 5:
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                let line = Int.random(in: 0..<lines.count, using: &random)
                lines.insert(lines[line], at: Int.random(in: 0...lines.count, using: &random))
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            case 6:
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                if Bool.random(using: &random) {
                    lines.swapAt(
                        Int.random(in: 0..<lines.count, using: &random), Int.random(in: 0..<lines.count, using: &random)
                    )
                } else {
                    lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
                }
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return bytes
    }

    @Test func mutatedModelsNeverCrashAndAreRefusedWithTheirPlace() throws {
        let originals = [
            ModelFixtures.everyType, ModelFixtures.toMany, ModelFixtures.inheritance,
            ModelFixtures.generated(entities: 6),
        ]
        var random = SeededGenerator(seed: 34)
        var refused = 0
        var located = 0
        var accepted = 0
        for round in 0..<2_000 {
            let mutated = Self.mutate(originals[round % originals.count], &random)
            do {
                // Reading and mapping to the engine's schema: both must refuse cleanly or succeed.
                _ = try ModelFileReader.parse(Data(mutated), file: "m").schema()
                accepted += 1
            } catch {
                refused += 1
                let message = error.description
                #expect(message.hasPrefix("m:"), "round \(round): \(message)")
                #expect(!message.contains("\n"), "round \(round): one line: \(message)")
                if error.location != nil { located += 1 }
            }
        }
        #expect(refused > 1_000, "most mutations break a model: \(refused) of 2,000")
        #expect(accepted > 50, "some mutations leave a sound model: \(accepted)")
        // A file that parses but is not a sound model names its element; only whole-file
        // problems (no <model> element, an empty file) may lack a place.
        #expect(located * 10 > refused * 9, "refusals with a line and column: \(located) of \(refused)")
    }
}
