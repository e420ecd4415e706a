import ObjectGraph
import Testing

@testable import FetchedResults

/// The tracked table stays an array indexed by ID while IDs are close together, turns into a
/// dictionary when they spread, and answers the same either way; `IDLookup` finds what it holds.
@Suite struct TrackedTableTests {
    /// Objects with IDs 1…count (a fresh context numbers them from 1).
    private func objects(_ count: Int) throws -> [ManagedObject] {
        let context = try makeContext()
        return try (0..<count).map { try insertNote(context, "n\($0)", order: $0) }
    }

    private func tracked(_ object: ManagedObject) -> TrackedObject {
        TrackedObject(
            object: object, key: SortKey(object.values, at: [3], layout: KeyLayout(ascending: [true], types: [.bool])))
    }

    @Test func insertsRemovesAndReplacesLikeADictionary() throws {
        let notes = try objects(40)
        var table = TrackedTable()
        var model: [ObjectID: ManagedObject] = [:]
        // Middle IDs first, then lower ones (the array grows at the front), then higher ones.
        for index in [20, 21, 25, 3, 0, 39, 30, 21] {
            table[notes[index].objectID] = tracked(notes[index])
            model[notes[index].objectID] = notes[index]
        }
        for index in [21, 0, 17] {
            table[notes[index].objectID] = nil
            model[notes[index].objectID] = nil
        }
        #expect(table.count == 5)  // 7 distinct IDs set, 2 of them removed (17 was never there)
        #expect(Set(table.keys) == Set(model.keys))
        for note in notes {
            #expect(table[note.objectID]?.object === model[note.objectID], "ID \(note.objectID)")
        }
        #expect(table[ObjectID(1_000_000)] == nil && table[ObjectID(-5)] == nil)
    }

    @Test func objectsEnteringInDescendingIDOrderAreAllFound() throws {
        let notes = try objects(300)
        var table = TrackedTable()
        for note in notes.reversed() { table[note.objectID] = tracked(note) }
        #expect(table.count == 300)
        #expect(notes.allSatisfy { table[$0.objectID]?.object === $0 })
        #expect(table.keys == notes.map(\.objectID))
        // Below the lowest ID there is nothing, though the array keeps room there.
        #expect(table[ObjectID(notes[0].objectID.rawValue - 1)] == nil)
    }

    @Test func spreadIDsTurnItIntoADictionaryThatStillAnswers() throws {
        let notes = try objects(3)
        var table = TrackedTable()
        table[notes[0].objectID] = tracked(notes[0])
        // ID 1 and ID 1 + 5,000 span more than 1,024 IDs for two objects: sparse from here on.
        let far = ObjectID(notes[0].objectID.rawValue + 5_000)
        table[far] = tracked(notes[1])
        table[notes[2].objectID] = tracked(notes[2])
        #expect(table.count == 3)
        #expect(table[far]?.object === notes[1] && table[notes[2].objectID]?.object === notes[2])
        table[far] = nil
        table[far] = nil
        #expect(table.count == 2 && table[far] == nil)
        #expect(Set(table.keys) == [notes[0].objectID, notes[2].objectID])
    }

    @Test func emptyingTheTableForgetsItsSpan() throws {
        let notes = try objects(2)
        var table = TrackedTable()
        table[notes[0].objectID] = tracked(notes[0])
        table[notes[0].objectID] = nil
        #expect(table.count == 0 && table.keys.isEmpty)
        // A new first object starts the span afresh, so an ID far away is no spread.
        let far = ObjectID(notes[1].objectID.rawValue + 100_000)
        table[far] = tracked(notes[1])
        #expect(table.count == 1 && table[far]?.object === notes[1] && table[notes[1].objectID] == nil)
    }
}
