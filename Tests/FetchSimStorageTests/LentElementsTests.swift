import FetchSimStorage
import Testing

@Suite struct LentElementsTests {
    final class Box {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test(arguments: [0, 1, 2, 7, 100])
    func visitsEveryElementOnceInOrderAsTheSameObject(count: Int) {
        let boxes = (0..<count).map(Box.init)
        var seen: [ObjectIdentifier] = []
        var numbers: [Int] = []
        boxes.forEachLent { box in
            seen.append(ObjectIdentifier(box))
            numbers.append(box.number)
        }
        #expect(numbers == Array(0..<count))
        #expect(seen == boxes.map(ObjectIdentifier.init))
    }

    @Test func anElementKeptByTheBodyStaysAlive() {
        // The body may retain what it is lent; the array still owns its own reference (an
        // element released by the walk would be freed here, and read after it).
        var kept: [Box] = []
        do {
            let boxes = (0..<3).map(Box.init)
            boxes.forEachLent { kept.append($0) }
        }
        #expect(kept.map(\.number) == [0, 1, 2])
    }

    @Test func anErrorThrownByTheBodyStopsTheWalk() {
        struct Stop: Error {}
        let boxes = (0..<5).map(Box.init)
        var visited = 0
        #expect(throws: Stop.self) {
            try boxes.forEachLent { box in
                visited += 1
                if box.number == 2 { throw Stop() }
            }
        }
        #expect(visited == 3)
    }
}
