import FetchSimCore
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

    @Test func aSliceOfALargerArrayIsReadFromItsOwnStart() {
        // A copy made from a slice has its own storage; the walk must start at its first element.
        let boxes = (0..<10).map(Box.init)
        let tail = Array(boxes[4...])
        var numbers: [Int] = []
        tail.forEachLent { numbers.append($0.number) }
        #expect(numbers == [4, 5, 6, 7, 8, 9])
    }

    @Test func anElementKeptByTheBodyStaysAlive() {
        // The body may retain what it is lent; the array still owns its own reference.
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
