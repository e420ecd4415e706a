import Testing

@testable import FetchSimStorage

/// `bigEndianWord(at:)` against the word put together byte by byte, at every offset of a run of
/// bytes (so unaligned ones too), and its bounds.
@Suite struct SpanWordsTests {
    @Test func wordsAreTheBytesInOrder() {
        let bytes: [UInt8] = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for offset in 0...(bytes.count - 8) {
            let expected = bytes[offset..<(offset + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(bytes.span.bigEndianWord(at: offset) == expected, "offset \(offset)")
        }
        #expect([UInt8]([1, 2, 3, 4, 5, 6, 7, 8, 9]).span.bigEndianWord(at: 1) == 0x0203_0405_0607_0809)
    }

    @Test func aWordPastTheEndStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = [UInt8](repeating: 1, count: 10).span.bigEndianWord(at: 3)
        }
        await #expect(processExitsWith: .failure) {
            _ = [UInt8](repeating: 1, count: 10).span.bigEndianWord(at: -1)
        }
        await #expect(processExitsWith: .success) {
            _ = [UInt8](repeating: 1, count: 10).span.bigEndianWord(at: 2)
        }
    }
}
