import Testing

@testable import FetchSimStorage

/// `PackedRecord`: slots of every layout read back as written and are released when replaced
/// or when the record goes, and the invariant check names records broken by hand.
@Suite struct PackedRecordTests {
    struct Header: PackedRecordHeader {
        let slotCount: Int
        var flag = false
    }

    /// A record class as the storage wants one: no stored properties, `destroy` in `deinit`.
    final class Record {
        deinit { PackedRecord<Header, Token>.destroy(self) }
    }

    /// An element whose release the tests can watch through a weak reference.
    final class Token: Equatable {
        let number: Int
        init(_ number: Int) { self.number = number }
        static func == (a: Token, b: Token) -> Bool { a.number == b.number }
    }

    typealias View = PackedRecord<Header, Token>

    static func make(_ slots: [PackedSlot<Token>], count: Int) -> Record {
        View.make(Record.self, header: Header(slotCount: count), slots: slots)
    }

    /// What a slot should read back as, for comparing with `slot(at:)`.
    static func describe(_ slot: PackedSlot<Token>) -> String {
        switch slot {
        case .bits(let kind, let bits): "bits \(kind) \(bits)"
        case .string(let kind, let text): "string \(kind) \(text)"
        case .elements(let kind, let tokens): "elements \(kind) \(tokens.map(\.number))"
        }
    }

    static var samples: [PackedSlot<Token>] {
        [
            .bits(kind: 0, 0), .bits(kind: 63, .max), .bits(kind: 2, 0x8000_0000_0000_0001),
            .string(kind: 1, ""), .string(kind: 1, "short"),
            .string(kind: 5, "a string far longer than fifteen bytes, so it is allocated"),
            .string(kind: 1, "é\u{301}"), .elements(kind: 7, []), .elements(kind: 7, [Token(1), Token(2)]),
        ]
    }

    @Test(arguments: [0, 1, 3, 8, 9, 17])
    func slotsReadBackAsWritten(count: Int) {
        let samples = Self.samples
        for start in samples.indices {
            let slots = (0..<count).map { samples[(start + $0) % samples.count] }
            let record = Self.make(slots, count: count)
            let view = View(record: record)
            #expect(view.count == count)
            #expect(view.invariantViolation() == nil)
            for index in 0..<count {
                #expect(Self.describe(view.slot(at: index)) == Self.describe(slots[index]), "slot \(index)")
                switch slots[index] {
                case .bits(let kind, let bits):
                    #expect(view.kind(at: index) == kind && view.bits(at: index) == bits)
                case .string(let kind, let text):
                    #expect(view.kind(at: index) == kind && view.withString(at: index) { $0 == text })
                case .elements(let kind, let tokens):
                    #expect(view.kind(at: index) == kind && view.elements(at: index) == tokens)
                }
            }
        }
    }

    /// `make(_:header:slotAt:)` asks for each index in turn and builds what `make(_:header:slots:)`
    /// builds from the same slots.
    @Test(arguments: [0, 1, 9, 17])
    func slotAtBuildsWhatSlotsBuild(count: Int) {
        let samples = Self.samples
        var asked: [Int] = []
        let record = View.make(Record.self, header: Header(slotCount: count)) { index in
            asked.append(index)
            return samples[index % samples.count]
        }
        let view = View(record: record)
        #expect(asked == Array(0..<count))
        #expect(view.count == count && view.invariantViolation() == nil)
        let built = Self.make((0..<count).map { samples[$0 % samples.count] }, count: count)
        let expected = View(record: built)
        for index in 0..<count {
            #expect(Self.describe(view.slot(at: index)) == Self.describe(expected.slot(at: index)), "slot \(index)")
        }
    }

    /// Missing slots are `.bits(kind: 0, 0)`; extra ones are ignored (and not retained).
    @Test func missingSlotsAreZeroAndExtraOnesIgnored() {
        let record = Self.make([.string(kind: 1, "one")], count: 3)
        let view = View(record: record)
        #expect(Self.describe(view.slot(at: 1)) == "bits 0 0" && Self.describe(view.slot(at: 2)) == "bits 0 0")
        weak var extra: Token?
        do {
            let token = Token(9)
            extra = token
            let short = Self.make([.bits(kind: 1, 1), .elements(kind: 2, [token])], count: 1)
            #expect(View(record: short).count == 1)
        }
        #expect(extra == nil)
    }

    /// Every layout replaced by every layout: the new slot reads back, and an array the slot held
    /// is released when it is replaced; every array is released when the record goes.
    @Test func replacingReleasesWhatTheSlotHeld() {
        weak var kept: Token?
        do {
            let record = Self.make([], count: 2)
            let view = View(record: record)
            let samples = Self.samples
            for old in samples {
                for new in samples {
                    view.set(old, at: 0)
                    view.set(new, at: 0)
                    #expect(Self.describe(view.slot(at: 0)) == Self.describe(new))
                }
            }
            do {
                let token = Token(5)
                kept = token
                view.set(.elements(kind: 3, [token]), at: 1)
            }
            #expect(kept != nil)
            view.set(.bits(kind: 0, 0), at: 1)
            #expect(kept == nil)
            let token = Token(6)
            kept = token
            view.set(.elements(kind: 3, [token]), at: 1)
        }
        #expect(kept == nil)
    }

    /// Two strings of the same representation have the same payload; different text never does.
    @Test func samePayloadMeansTheSameString() {
        let long = String(repeating: "x", count: 40)
        let record = Self.make([.string(kind: 1, long), .string(kind: 1, "ab"), .string(kind: 1, "ac")], count: 3)
        let other = Self.make([.string(kind: 1, long), .string(kind: 1, "ab")], count: 2)
        let view = View(record: record)
        let otherView = View(record: other)
        #expect(view.hasSamePayload(at: 0, as: otherView, at: 0))
        #expect(view.hasSamePayload(at: 1, as: otherView, at: 1))
        #expect(!view.hasSamePayload(at: 2, as: otherView, at: 1))
    }

    @Test func theHeaderChangesInPlace() {
        let record = Self.make([], count: 2)
        let view = View(record: record)
        #expect(!view.header.flag)
        view.updateHeader { $0.flag = true }
        #expect(view.header.flag && view.count == 2)
    }

    /// Each way of breaking a record is named by the check (from the layout: tags name one of
    /// three payload layouts in their low two bits, the padding after the last tag is zero).
    @Test func brokenRecordsAreNamed() {
        let record = Self.make([.bits(kind: 2, 7), .bits(kind: 1, 1), .string(kind: 1, "kept")], count: 3)
        let view = View(record: record)
        #expect(view.invariantViolation() == nil)
        view.overwriteTagByte(2 << 2 | 3, at: 1)
        #expect(view.invariantViolation() == "slot 1 has tag 11, of no payload layout")
        view.overwriteTagByte(1 << 2, at: 1)
        #expect(view.invariantViolation() == nil)
        view.overwriteTagByte(4, at: 5)
        #expect(view.invariantViolation() == "padding byte 5 after the tags is 4")
        view.overwriteTagByte(0, at: 5)
        #expect(view.invariantViolation() == nil)
    }

    /// `checkInvariants()` stops the program on a broken record, and in this build (debug, as
    /// the tests run) every change runs it; reading a slot of another layout as a string or an
    /// array, or a slot past the count, stops it too.
    @Test func aBrokenRecordStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let record = PackedRecordTests.make([.bits(kind: 2, 7)], count: 1)
            View(record: record).overwriteTagByte(3, at: 0)
            View(record: record).checkInvariants()
        }
        await #expect(processExitsWith: .failure) {
            let record = PackedRecordTests.make([.bits(kind: 2, 7), .bits(kind: 2, 8)], count: 2)
            View(record: record).overwriteTagByte(1, at: 7)
            View(record: record).set(.bits(kind: 1, 1), at: 0)
        }
        await #expect(processExitsWith: .failure) {
            let record = PackedRecordTests.make([.bits(kind: 2, 7)], count: 1)
            _ = View(record: record).withString(at: 0) { $0.count }
        }
        await #expect(processExitsWith: .failure) {
            let record = PackedRecordTests.make([.string(kind: 2, "x")], count: 1)
            _ = View(record: record).elements(at: 0)
        }
        await #expect(processExitsWith: .failure) {
            let record = PackedRecordTests.make([.bits(kind: 2, 7)], count: 1)
            _ = View(record: record).bits(at: 1)
        }
        await #expect(processExitsWith: .success) {
            let record = PackedRecordTests.make([.bits(kind: 2, 7)], count: 1)
            View(record: record).set(.string(kind: 63, "y"), at: 0)
            View(record: record).checkInvariants()
        }
    }
}
