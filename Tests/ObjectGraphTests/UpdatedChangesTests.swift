import Testing

@testable import ObjectGraph

/// `UpdatedChanges.sortLastObject`: the changes of the object being added, put in attribute
/// order where they are, and nothing before them moved.
@Suite struct UpdatedChangesTests {
    func change(_ index: Int) -> ValueChange {
        ValueChange(key: "k\(index)", index: index, oldValue: .int(index), newValue: .int(index + 100))
    }

    @Test func onlyTheLastObjectsChangesAreOrdered() {
        var changes = UpdatedChanges()
        // The first object's changes are left as appended (already ended).
        for index in [5, 1] { changes.appendChange(change(index)) }
        changes.endObject()
        for index in [4, 0, 3, 3, 1] { changes.appendChange(change(index)) }
        changes.sortLastObject()
        changes.endObject()
        #expect(changes[0].map(\.index) == [5, 1])
        #expect(changes[1].map(\.index) == [0, 1, 3, 3, 4])
        #expect(changes[1].map(\.key) == ["k0", "k1", "k3", "k3", "k4"])
        #expect(changes[1].map(\.newValue) == [.int(100), .int(101), .int(103), .int(103), .int(104)])
    }

    @Test(arguments: [[Int](), [2], [2, 1], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], [0, 1, 2], [3, 1, 2, 0, 2]])
    func anyOrderOfOneObjectComesOutSorted(indexes: [Int]) {
        var changes = UpdatedChanges()
        changes.appendChange(change(7))
        changes.endObject()
        for index in indexes { changes.appendChange(change(index)) }
        changes.sortLastObject()
        changes.endObject()
        #expect(changes[1].map(\.index) == indexes.sorted())
        #expect(changes[0].map(\.index) == [7])
    }
}
