import Foundation
import ObjectGraph
import SQLiteStore
import Testing

@Suite struct ValueRoundTripTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let type: AttributeType
        let value: Value
        var testDescription: String { "\(type) \(exactKey(value))" }
    }

    static let cases: [Case] =
        [
            Case(type: .string, value: .string("")),
            Case(type: .string, value: .string(#"she said "hi" and 'bye'"#)),
            Case(type: .string, value: .string("lines\nand\r\nreturns\tand tabs")),
            Case(type: .string, value: .string(#"back\slash and %s and ?"#)),
            Case(type: .string, value: .string("émoji 🎉 日本語 עברית 👩‍👩‍👧")),
            Case(type: .string, value: .string("e\u{301}")),  // decomposed: must not come back as "é"
            Case(type: .string, value: .string("nul\u{0}inside")),
            Case(type: .string, value: .string(String(repeating: "long ", count: 20_000))),
            Case(type: .int, value: .int(0)),
            Case(type: .int, value: .int(-1)),
            Case(type: .int, value: .int(Int.min)),
            Case(type: .int, value: .int(Int.max)),
            Case(type: .double, value: .double(0)),
            Case(type: .double, value: .double(-0.0)),
            Case(type: .double, value: .double(0.1 + 0.2)),
            Case(type: .double, value: .double(5)),
            Case(type: .double, value: .double(-1.5e-300)),
            Case(type: .double, value: .double(.leastNonzeroMagnitude)),
            Case(type: .double, value: .double(.greatestFiniteMagnitude)),
            Case(type: .double, value: .double(.infinity)),
            Case(type: .double, value: .double(-.infinity)),
            Case(type: .double, value: .double(.nan)),
            Case(type: .double, value: .int(3)),  // the engine may hand a double attribute an int: kept as given
            Case(type: .bool, value: .bool(false)),
            Case(type: .bool, value: .bool(true)),
            Case(type: .date, value: .date(Date(timeIntervalSince1970: 1_714_559_400.123_456_7))),
            Case(type: .date, value: .date(Date(timeIntervalSinceReferenceDate: 1e-7))),
            Case(type: .date, value: .date(Date(timeIntervalSince1970: -1_234_567_890.5))),
            Case(type: .date, value: .date(.distantPast)),
            Case(type: .date, value: .date(.distantFuture)),
        ] + AttributeType.dataTypes.map { Case(type: $0, value: .null) }  // relationships: RelationshipStoreTests

    @Test(arguments: cases)
    func valueSurvivesSaveAndReopen(_ test: Case) throws {
        try withTemporaryFolder { folder in
            let path = folder + "/values.fetchsim"
            let entity = try Entity(
                name: "Box",
                attributes: [
                    Attribute("v", test.type, isOptional: true),
                    Attribute("d", test.type, isOptional: true, defaultValue: test.value),
                ])
            let schema = try Schema(entities: [entity])
            let object = StoredObject(id: ObjectID(1), entity: "Box", values: [test.value, .null])
            let store = try SQLiteStore(path: path)
            try store.save(StoreChanges(schema: schema, upserted: [object], deleted: [], nextObjectID: 2))
            #expect(try store.committedObject(ObjectID(1)).map { exactKey($0.values[0]) } == exactKey(test.value))
            try store.close()

            let reopened = try SQLiteStore(path: path)
            let contents = try reopened.load()
            #expect(contents.objects.count == 1)
            #expect(contents.objects.first.map { exactKey($0.values[0]) } == exactKey(test.value))
            let defaultValue = try #require(contents.schema.entities.first?.attributes[1].defaultValue)
            // Defaults are stored as the entity coerced them (an int default of a double attribute is a double).
            let coerced = try entity.attributes[1].defaultValue.map {
                try entity.attributes[1].coerce($0, entity: "Box")
            }
            #expect(exactKey(defaultValue) == coerced.map(exactKey), "defaults keep their value and kind too")
            // Saving the same schema again is not a redefinition, even with a NaN default.
            try reopened.save(StoreChanges(schema: contents.schema, upserted: [], deleted: [], nextObjectID: 2))
        }
    }
}
