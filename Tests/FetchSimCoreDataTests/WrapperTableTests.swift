import Foundation
import ObjectGraph
import Testing

@testable import FetchSimCoreData

/// The identity map's table held to a dictionary, by hand-picked IDs: dense ones, one far beyond
/// the slots (which the dictionary takes), and one that gets a slot after it was sparse.
@Suite struct WrapperTableTests {
    private static func object(_ id: Int) -> NSManagedObject {
        let object = NSManagedObject(entity: NSEntityDescription(), insertInto: nil)
        object.engineID = ObjectID(id)
        return object
    }

    @Test func holdsWhatADictionaryHolds() {
        var table = WrapperTable()
        var expected: [Int: NSManagedObject] = [:]
        func put(_ id: Int, _ object: NSManagedObject?) {
            table[ObjectID(id)] = object
            expected[id] = object
        }
        for id in [3, 1, 2] { put(id, Self.object(id)) }
        let far = WrapperTable.minimumDenseLimit * 4
        put(far, Self.object(far))
        put(2, nil)
        put(7, Self.object(7))
        put(3, Self.object(3))  // replaced
        put(far, nil)
        put(far + 1, Self.object(far + 1))
        #expect(table.count == expected.count)
        for id in [0, 1, 2, 3, 4, 7, far, far + 1, -1] {
            #expect(table[ObjectID(id)] === expected[id], "id \(id)")
        }
        #expect(table.values.map(\.engineID.rawValue) == expected.keys.sorted())
        #expect(
            table.values.map(ObjectIdentifier.init) == expected.keys.sorted().map { ObjectIdentifier(expected[$0]!) })
        table.removeAll()
        #expect(table.count == 0)
        #expect(table.values.isEmpty)
        #expect(table[ObjectID(1)] == nil)
    }

    /// A sparse ID the slots reach later is still found once, and replacing it leaves one entry.
    @Test func aSparseIDKeepsOneEntryWhenTheSlotsReachIt() {
        var table = WrapperTable()
        let id = WrapperTable.minimumDenseLimit + 10
        let first = Self.object(id)
        table[ObjectID(id)] = first
        #expect(table[ObjectID(id)] === first)
        // Enough dense objects that the ID now qualifies for a slot.
        for dense in 1...(id / 2 + 1) { table[ObjectID(dense)] = Self.object(dense) }
        let second = Self.object(id)
        table[ObjectID(id)] = second
        #expect(table[ObjectID(id)] === second)
        #expect(table.values.filter { $0.engineID.rawValue == id }.count == 1)
        #expect(table.count == id / 2 + 2)
        table[ObjectID(id)] = nil
        #expect(table[ObjectID(id)] == nil)
        #expect(table.count == id / 2 + 1)
    }
}
