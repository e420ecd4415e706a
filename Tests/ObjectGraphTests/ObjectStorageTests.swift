import Foundation
import Testing

@testable import ObjectGraph

/// The compact object representation: values inline in the object, the ID-indexed table, and a
/// context built straight from a store's rows (docs/performance.md, "Object storage").
@Suite struct ObjectStorageTests {
    /// `Item(name: string, rank: int?)` and `Tag(label: string)`.
    static func schema() throws -> Schema {
        try Schema(entities: [
            Entity(name: "Item", attributes: [Attribute("name", .string), Attribute("rank", .int, isOptional: true)]),
            Entity(name: "Tag", attributes: [Attribute("label", .string)]),
        ])
    }

    @Test func valuesAreReadInPlaceAndAsAnArray() throws {
        let context = try makeNoteContext()
        let note = try context.insert(
            "Note", values: [("title", .string("a title longer than fifteen bytes")), ("order", .int(4))])
        #expect(note.valueCount == 4)
        #expect(note.value(at: 0) == .string("a title longer than fifteen bytes"))
        #expect(note.value(at: 2) == .int(4))
        #expect(note.values == [.string("a title longer than fifteen bytes"), .null, .int(4), .null])
        #expect(note.withValues { Array($0) } == note.values)
        try context.setValue(.string("Work"), forKey: "group", of: note.objectID)
        #expect(note.value(at: 1) == .string("Work"))
        #expect(note["group"] == .string("Work"))
        #expect(
            note.description == #"#1 Note{title="a title longer than fifteen bytes", group="Work", order=4, done=nil}"#)
    }

    @Test func aDeletedObjectKeepsItsIDAndValues() throws {
        let context = try makeNoteContext()
        let note = try context.insert("Note", values: [("title", .string("Milk")), ("order", .int(1))])
        try context.processPendingChanges()
        try context.delete(note.objectID)
        #expect(note.isDeleted)
        #expect(note.objectID == ObjectID(1))
        #expect(note.values == [.string("Milk"), .null, .int(1), .null])
        #expect(note.managedObjectContext === context)
        try context.processPendingChanges()
        _ = try context.undo()
        #expect(!note.isDeleted)
        #expect(context.object(with: ObjectID(1)) === note)
    }

    @Test func theTableKeepsIDOrderWithFarAndNegativeIDs() throws {
        let context = try ObjectContext()
        try context.define(try Self.schema().entities[1])
        let kind = context.kind(for: try context.schema.requireEntity("Tag"))
        var table = ObjectTable()
        // 2^40 is far beyond twice the count: it goes to the dictionary, as do negative IDs.
        for raw in [7, 1 << 40, 3, -2, 70_000, 1] {
            let isNew = table.insert(ManagedObject.make(ObjectID(raw), kind: kind, values: [.string("t\(raw)")]))
            #expect(isNew)
        }
        let isNew = table.insert(ManagedObject.make(ObjectID(3), kind: kind, values: [.string("again")]))
        #expect(!isNew, "3 was taken")
        #expect(table.count == 6)
        var order: [Int] = []
        table.forEach { order.append($0.objectID.rawValue) }
        #expect(order == [-2, 1, 3, 7, 70_000, 1 << 40])
        #expect(table[ObjectID(3)]?.value(at: 0) == .string("again"))
        #expect(table[ObjectID(1 << 40)]?.objectID == ObjectID(1 << 40))
        #expect(table[ObjectID(8)] == nil)
        table.remove(ObjectID(1 << 40))
        table.remove(ObjectID(7))
        table.remove(ObjectID(7))
        #expect(table.count == 4)
        order = []
        table.forEach { order.append($0.objectID.rawValue) }
        #expect(order == [-2, 1, 3, 70_000])
    }

    @Test func densifyMovesIDsTheCountNowJustifies() throws {
        let context = try ObjectContext()
        try context.define(try Self.schema().entities[1])
        let kind = context.kind(for: try context.schema.requireEntity("Tag"))
        var table = ObjectTable()
        // 100,000 is beyond the minimum dense limit (65,536) while the table is empty …
        table.insert(ManagedObject.make(ObjectID(100_000), kind: kind, values: [.string("late")]))
        for raw in 1...60_000 { table.insert(ManagedObject.make(ObjectID(raw), kind: kind, values: [.string("")])) }
        // … and within twice the count after 60,001 objects.
        table.densify()
        #expect(table.count == 60_001)
        #expect(table[ObjectID(100_000)]?.value(at: 0) == .string("late"))
        var last = 0
        var ascending = true
        table.forEach {
            ascending = ascending && $0.objectID.rawValue > last
            last = $0.objectID.rawValue
        }
        #expect(ascending && last == 100_000)
    }

    @Test func aContextIsBuiltFromTheStoreInIDOrderWhateverTheStoreOrder() throws {
        let objects = [
            StoredObject(id: ObjectID(9), entity: "Tag", values: [.string("nine")]),
            StoredObject(id: ObjectID(2), entity: "Item", values: [.string("two"), .int(2)]),
            StoredObject(id: ObjectID(5_000_000), entity: "Item", values: [.string("far"), .null]),
            StoredObject(id: ObjectID(4), entity: "Item", values: [.string("four"), .int(4)]),
            StoredObject(id: ObjectID(3), entity: "Tag", values: [.string("three")]),
        ]
        let context = try ObjectContext(store: InMemoryStore(schema: try Self.schema(), objects: objects.shuffled()))
        #expect(context.objectCount == 5)
        #expect(context.objects(ofEntity: "Item").map(\.objectID.rawValue) == [2, 4, 5_000_000])
        #expect(context.objects(ofEntity: "Tag").map(\.objectID.rawValue) == [3, 9])
        #expect(context.object(with: ObjectID(5_000_000))?.values == [.string("far"), .null])
        #expect(try context.insert("Tag", values: [("label", .string("new"))]).objectID == ObjectID(5_000_001))
    }

    @Test func aStoreWithAnIDOutOfRangeIsRefused() throws {
        let store = InMemoryStore(
            schema: try Self.schema(),
            objects: [StoredObject(id: ObjectID(Int.max - 1), entity: "Tag", values: [.string("x")])],
            nextObjectID: 1)
        #expect(throws: ObjectGraphError.store("object ID \(Int.max - 1) is out of range")) {
            _ = try ObjectContext(store: store)
        }
    }

    @Test func anEntityRedefinedWhileEmptyGivesNewObjectsItsNewShape() throws {
        let context = try ObjectContext()
        try context.define(try Entity(name: "Tag", attributes: [Attribute("label", .string)]))
        let old = try context.insert("Tag", values: [("label", .string("a"))])
        try context.processPendingChanges()
        try context.delete(old.objectID)
        try context.processPendingChanges()
        try context.define(
            try Entity(
                name: "Tag", attributes: [Attribute("label", .string), Attribute("weight", .int, isOptional: true)]))
        let new = try context.insert("Tag", values: [("weight", .int(3))])
        #expect(new.values == [.null, .int(3)])
        #expect(old.values == [.string("a")], "the deleted object keeps its own shape")
        #expect(context.objects(ofEntity: "Tag").map(\.objectID) == [new.objectID])
    }
}
