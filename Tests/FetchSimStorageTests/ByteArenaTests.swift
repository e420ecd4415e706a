import Testing

@testable import FetchSimStorage

/// `ByteArena`: bytes handed out stay as they were copied until the next reserve, appends go
/// one after another, and the invariant check names arenas broken by hand.
@Suite struct ByteArenaTests {
    /// The bytes at `start`, read back.
    static func bytes(_ start: UnsafeMutableRawPointer, _ count: Int) -> [UInt8] {
        (0..<count).map { start.load(fromByteOffset: $0, as: UInt8.self) }
    }

    @Test func appendedBytesStayUntilTheNextReserve() {
        let arena = ByteArena(capacity: 4)
        let texts = ["Milk", "", "é\u{301}", String(repeating: "long ", count: 20)]
        arena.reserve(texts.reduce(0) { $0 + $1.utf8.count })
        var handed: [(UnsafeMutableRawPointer, Int)] = []
        for text in texts {
            handed.append(arena.append(text) { ($0, $1) })
        }
        #expect(arena.count == texts.reduce(0) { $0 + $1.utf8.count })
        // Every string's bytes are still where they were given, in order, one after another.
        for (index, text) in texts.enumerated() {
            #expect(Self.bytes(handed[index].0, handed[index].1) == Array(text.utf8), "text \(index)")
            if index > 0 { #expect(handed[index].0 == handed[index - 1].0 + handed[index - 1].1) }
        }
        arena.reserve(2)
        #expect(arena.count == 0)
        let again = arena.append("ab") { ($0, $1) }
        #expect(again.0 == handed[0].0 && Self.bytes(again.0, again.1) == Array("ab".utf8))
        #expect(arena.invariantViolation() == nil)
    }

    @Test func brokenArenasAreNamed() {
        let arena = ByteArena(capacity: 8)
        arena.reserve(6)
        arena.used = 7
        #expect(arena.invariantViolation() == "7 bytes used of 6 reserved")
        arena.used = -1
        #expect(arena.invariantViolation() == "-1 bytes used of 6 reserved")
        arena.used = 0
        arena.reserved = 9
        #expect(arena.invariantViolation() == "9 bytes reserved of 8")
        arena.reserved = 6
        arena.capacity = 0
        #expect(arena.invariantViolation() == "capacity 0")
        arena.capacity = 8
        #expect(arena.invariantViolation() == nil)
    }

    /// More bytes than were reserved stop the program, as does a broken arena's next append in
    /// this build (debug, as the tests run).
    @Test func copiesBeyondTheRoomStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let arena = ByteArena(capacity: 4)
            arena.reserve(3)
            _ = arena.append("four") { $1 }
        }
        await #expect(processExitsWith: .failure) {
            let arena = ByteArena(capacity: 4)
            arena.reserve(4)
            arena.reserved = 5
            _ = arena.append("") { $1 }
        }
        await #expect(processExitsWith: .success) {
            let arena = ByteArena(capacity: 4)
            arena.reserve(4)
            _ = arena.append("four") { $1 }
            arena.checkInvariants()
        }
    }
}
