import Interpreter
import Testing

/// A section key through a relationship that is not the first sort key: the fetch-time grouping
/// check (issue 17 item 7) reads the related object's value (item 11), as the controller does.
/// Merging the two found it reading the item's own attributes at the key path's position, past
/// their end.
@Suite struct KeyPathSectionGroupingTests {
    private func lists() throws -> Session {
        let session = try Session(.empty)
        for line in [
            "entity List name:string", "entity Item title:string list:->List? order:int",
            #"insert List name="B""#, #"insert List name="A""#,
            #"insert Item title="x" list=#1 order=1"#, #"insert Item title="y" list=#2 order=3"#,
            #"insert Item title="z" list=#1 order=2"#,
        ] {
            _ = try session.json(line)
        }
        return session
    }

    @Test func groupedByTheRelatedNameTheFetchIsAccepted() throws {
        let session = try lists()
        // By title: x (B), y (A), z (B) — B's items are not together.
        let refused = try session.json("fetch Item sort title section list.name")
        #expect(
            (refused["error"] as? String)?.contains(
                "The fetched object at index 2 has an out of order section name 'B'") == true)
        // By order: x (B), z (B), y (A) — grouped, the sections in descending order of the name.
        let answer = try session.json("fetch Item sort order section list.name")
        #expect(answer["objects"] as? Int == 3)
        #expect(answer["sections"] as? Int == 2)
    }
}
