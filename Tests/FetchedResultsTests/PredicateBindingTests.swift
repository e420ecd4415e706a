import FetchedResults
import ObjectGraph
import Testing

@Suite struct PredicateBindingTests {
    /// Attribute positions in `Note`: title 0, body 1, order 2, score 3, done 4, due 5.
    @Test(arguments: [
        ("TRUEPREDICATE", [Int]()),
        ("title == 'x'", [0]),
        ("title == 'x' OR 3 < order", [0, 2]),
        ("order < score AND NOT done == TRUE", [2, 3, 4]),
        ("due > '2024-01-01' AND 'x' IN body", [1, 5]),
        ("1 == 1", []),
    ])
    func reportsTheAttributesItReads(_ format: String, _ indexes: [Int]) throws {
        let bound = try Predicate(format: format).bound(to: PredicateFixture.note)
        #expect(bound.keyIndexes == Set(indexes))
    }

    @Test func keepsThePredicateAndEntity() throws {
        let predicate = try Predicate(format: "order > 1")
        let bound = try predicate.bound(to: PredicateFixture.note)
        #expect(bound.predicate == predicate)
        #expect(bound.entity == PredicateFixture.note)
    }

    /// A string compared with a date attribute is read as ISO-8601 when binding, so the bound
    /// predicate compares dates; the same string against a string attribute stays a string.
    @Test func readsStringsAsDatesOnlyForDateAttributes() throws {
        let entity = try Entity(
            name: "Event",
            attributes: [
                Attribute("when", .date), Attribute("label", .string),
            ])
        let may = PredicateFixture.date("2024-05-01")
        let row: [Value] = [may, .string("2024-05-01")]
        #expect(try Predicate(format: "when == '2024-05-01'").bound(to: entity).evaluate(row))
        #expect(try Predicate(format: "label == '2024-05-01'").bound(to: entity).evaluate(row))
        #expect(try !Predicate(format: "label == '2024-05-01T00:00:00Z'").bound(to: entity).evaluate(row))
        #expect(try Predicate(format: "when == '2024-05-01T00:00:00Z'").bound(to: entity).evaluate(row))
        #expect(try Predicate(format: "when == label").bound(to: entity).evaluate(row) == false)
        #expect(try Predicate(format: "when CONTAINS '2024'").bound(to: entity).evaluate(row) == false)
        #expect(throws: PredicateError("cannot compare date attribute 'when' with 'May 1'", column: 9)) {
            try Predicate(format: "when <= 'May 1'").bound(to: entity)
        }
    }

    /// The same predicate binds to different entities independently.
    @Test func bindsPerEntity() throws {
        let other = try Entity(name: "Task", attributes: [Attribute("done", .bool), Attribute("order", .int)])
        let predicate = try Predicate(format: "order >= 2 AND done == NO")
        let onNote = try predicate.bound(to: PredicateFixture.note)
        let onTask = try predicate.bound(to: other)
        #expect(onNote.keyIndexes == [2, 4])
        #expect(onTask.keyIndexes == [0, 1])
        #expect(onTask.evaluate([.bool(false), .int(2)]))
        #expect(!onTask.evaluate([.bool(true), .int(2)]))
        #expect(onNote.evaluate(try #require(PredicateFixture.rows["banana"])))
    }

    /// Evaluation is pure: the same bound predicate gives the same answers on every call and from
    /// concurrent tasks.
    @Test func evaluatesConcurrently() async throws {
        let bound = try Predicate(format: "title CONTAINS[cd] 'e' OR body MATCHES '.*a.*'").bound(
            to: PredicateFixture.note)
        let rows = PredicateFixture.rows.sorted { $0.key < $1.key }.map(\.value)
        let expected = rows.map(bound.evaluate)
        #expect(expected == [true, false, true, false, true])
        let results = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<8 { group.addTask { rows.map(bound.evaluate) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
