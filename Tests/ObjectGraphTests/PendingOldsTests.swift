import Testing

@testable import ObjectGraph

/// `PendingOlds`, an updated object's values at the start of the event (attribute index → value):
/// the answers the `[Int: Value]` it replaced gave, with the first pair inline.
@Suite struct PendingOldsTests {
    @Test func recordsReadsAndIteratesInWriteOrder() {
        var olds = PendingOlds()
        #expect(olds.count == 0)
        #expect(olds[0] == nil)
        #expect(Array(olds).isEmpty)
        olds[2] = .int(5)
        #expect(olds.count == 1)
        #expect(olds[2] == .int(5))
        #expect(olds[0] == nil)
        olds[0] = .string("a")
        olds[3] = .null
        // Written 2, 0, 3: the pairs come in that order; `.null` is a recorded value, not nil.
        #expect(olds.count == 3)
        #expect(olds.map(\.key) == [2, 0, 3])
        #expect(olds.map(\.value) == [.int(5), .string("a"), .null])
        #expect(olds[3] == .null)
        #expect(olds[1] == nil)
        // Replacing keeps the position.
        olds[0] = .bool(true)
        #expect(olds.map(\.key) == [2, 0, 3])
        #expect(olds[0] == .bool(true))
    }

    @Test func forgettingPromotesTheNextPair() {
        var olds: PendingOlds = [4: .int(1), 1: .int(2), 7: .int(3)]
        #expect(olds.map(\.key) == [4, 1, 7])
        olds[4] = nil  // the inline pair goes; 1 becomes the first
        #expect(olds.count == 2)
        #expect(olds[4] == nil)
        #expect(olds.map(\.key) == [1, 7])
        olds[7] = nil  // one of the rest goes
        #expect(olds.map(\.key) == [1])
        olds[9] = nil  // not recorded: nothing happens
        #expect(olds.count == 1)
        olds[1] = nil
        #expect(olds.count == 0)
        #expect(Array(olds).isEmpty)
        olds[6] = .double(0.5)  // empty again, the next write is inline
        #expect(olds.map(\.key) == [6])
        #expect(olds[6] == .double(0.5))
    }

    /// Through the context: an object written twice, on two attributes, reports each key's value
    /// from the start of the event, and `deliveredValues` takes both writes back.
    @Test func contextReportsStartValuesOfSeveralWrites() throws {
        let context = try ObjectContext()
        try context.define(
            Entity(name: "T", attributes: [Attribute("a", .int), Attribute("b", .string), Attribute("c", .int)]))
        let object = try context.insert("T", values: [("a", .int(1)), ("b", .string("x")), ("c", .int(9))])
        try context.processPendingChanges()
        try context.setValue(.string("y"), forKey: "b", of: object.objectID)
        try context.setValue(.int(2), forKey: "a", of: object.objectID)
        try context.setValue(.string("z"), forKey: "b", of: object.objectID)
        try context.setValue(.int(9), forKey: "c", of: object.objectID)  // the value it had
        #expect(context.deliveredValues(of: object) == [.int(1), .string("x"), .int(9)])
        let event = try #require(try context.processPendingChanges())
        let changes = try #require(event.changedValues[object.objectID])
        // In attribute order; c was written with its own value, so it did not change.
        #expect(changes.map(\.key) == ["a", "b"])
        #expect(changes.map(\.oldValue) == [.int(1), .string("x")])
        #expect(changes.map(\.newValue) == [.int(2), .string("z")])
        // Undo takes both back.
        try context.undo()
        #expect(object.values == [.int(1), .string("x"), .int(9)])
    }
}
