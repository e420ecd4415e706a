import Testing

@testable import FetchSimStorage

/// `LentReference`: the object it names while an owner keeps it alive, and in builds with storage
/// checks a stop instead of a read of freed memory once the owner lets it go.
@Suite struct LentReferenceTests {
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func itNamesTheObjectItWasMadeFrom() {
        let box = Box(7)
        let reference = LentReference(box)
        #expect(reference.object === box)
        #expect(reference.withObject { $0.value } == 7)
        #expect(LentReference.lending(box) { $0 === box })
    }

    @Test func itDoesNotKeepTheObjectAlive() {
        weak var freed: Box?
        var references: [LentReference<Box>] = []
        do {
            let box = Box(1)
            freed = box
            references.append(LentReference(box))
        }
        #expect(freed == nil)
        #expect(references.count == 1)
    }

    @Test func aReadAfterTheObjectWasFreedStopsTheProgram() async {
        #expect(StorageChecks.isEnabled)
        await #expect(processExitsWith: .failure) {
            var references: [LentReference<LentReferenceTests.Box>] = []
            do { references.append(LentReference(LentReferenceTests.Box(1))) }
            _ = references[0].withObject { $0.value }
        }
    }
}
