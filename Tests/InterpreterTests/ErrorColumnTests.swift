import Interpreter
import Testing

/// Errors found after parsing name the column where the parser read the token (issue 15:
/// parsed commands carry token positions). Each line below holds the token it names a second
/// time, or inside a longer token, before the place it means: searching the line would point
/// at the wrong one. Columns are counted by hand, 1-based, in characters.
@Suite struct ErrorColumnTests {
    @Test(arguments: [
        // `done` occurs first inside the string value.
        ("set #2 title=\"done\" done=5", "attribute 'done' of entity 'Note' is bool, not int 5 at column 21"),
        // The second edit's `done`, not the first's.
        ("set 0.0 done=true ; set 0.1 done=1", "attribute 'done' of entity 'Note' is bool, not int 1 at column 29"),
        // `grou` occurs first inside `group`.
        (
            "fetch Note sort group section grou",
            "unknown section key 'grou' of entity 'Note' at column 31 (did you mean 'group'?)"
        ),
        // The destination, not the source.
        ("move 0.1 0.9", "cannot drop at 0.9 (section 0 takes rows 0…3) at column 10"),
        // The key `order`, not the string "order".
        ("insert Note title=\"order\" order=1 at 0.1", "'order' is set by 'at 0.1'; leave it out at column 27"),
        ("insert Note title=\"x\" at 0.9", "cannot insert at 0.9 (section 0 takes rows 0…4) at column 26"),
        ("scroll 0.9", "index path 0.9 is out of range (section 0 has 4 rows) at column 8"),
        ("show 7", "no section 7: the table has 3 sections at column 6"),
        // Characters, not bytes or scalars: "é" and "👍🏽" are one column each.
        ("set 0.0 title=\"é👍🏽\" done=2", "attribute 'done' of entity 'Note' is bool, not int 2 at column 20"),
    ])
    func namesTheColumnTheParserRead(_ line: String, _ message: String) throws {
        let session = try Session()
        #expect(try session.json(line)["error"] as? String == message)
    }

    @Test func aMissingObjectIsNamedWhereItStandsNotInsideAnEarlierID() throws {
        let session = try Session()
        _ = try session.json("delete #1")
        // `#1` first occurs inside `#12`.
        #expect(
            try session.json("delete #12 #1")["error"] as? String
                == "no object #1 (never inserted, or deleted) at column 12")
    }
}
