import CommandLanguage
import FetchSimCore
import ObjectGraph
import Testing

/// The parser reads references, numbers and repeated keys from the line's bytes in place
/// (docs/performance.md, "The fuzzer's executor and the full check"); these pin the answers that reading
/// must keep, worked out by hand from the grammar.
@Suite struct ParserByteReadingTests {
    @Test(arguments: [
        // A key repeated after more keys than the linear search covers (8): the set takes over.
        // "insert Note " is 12 columns; each "k=n " 4 more: a at 13, b 17 … i 45, then 49.
        ErrorCase("insert Note a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 b=10", "'b' is given twice at column 49"),
        // The ninth key repeats the first: the set is built from the eight before it.
        ErrorCase("insert Note a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 a=9", "'a' is given twice at column 45"),
        ErrorCase("set #1 a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=0 i=1", "'i' is given twice at column 48"),
        ErrorCase("set # a=1", "expected an index path like 0.2 or an object id like #7, got '#' at column 5"),
        ErrorCase("set #1x a=1", "expected an index path like 0.2 or an object id like #7, got '#1x' at column 5"),
        ErrorCase("set #1.2 a=1", "expected an index path like 0.2 or an object id like #7, got '#1.2' at column 5"),
        ErrorCase("delete 1.2.3", "expected an index path like 0.2 or an object id like #7, got '1.2.3' at column 8"),
        ErrorCase("delete 1.", "expected an index path like 0.2 or an object id like #7, got '1.' at column 8"),
        ErrorCase("delete .1", "expected an index path like 0.2 or an object id like #7, got '.1' at column 8"),
        ErrorCase("delete 0.99999999999999999999", "number '0.99999999999999999999' is out of range at column 8"),
        ErrorCase(
            "delete 99999999999999999999.x",
            "expected an index path like 0.2 or an object id like #7, got '99999999999999999999.x' at column 8"),
        ErrorCase("delete #9223372036854775808", "number '#9223372036854775808' is out of range at column 8"),
        // A combining accent after `#` makes another character: no reference, in any column.
        ErrorCase("delete é #\u{301}1", "expected an index path like 0.2 or an object id like #7, got 'é' at column 8"),
        ErrorCase("delete 1 #\u{301}1", "expected an index path like 0.2 or an object id like #7, got '1' at column 8"),
        ErrorCase(
            "delete #1 #\u{301}1",
            "expected an index path like 0.2 or an object id like #7, got '#\u{301}1' at column 11"),
        ErrorCase("insert Note n=5\u{301}", "invalid number '5\u{301}' at column 15"),
        ErrorCase(
            "insert Note n=#\u{301}5",
            "invalid value '#\u{301}5' at column 15 (strings need double quotes; other values: numbers, true, false, nil, dates)"
        ),
        // Keys checked and plain ints read on the line's bytes (eighth pass): 19 or 20 digits
        // go through `bareValue`, which reports what does not fit.
        ErrorCase("insert Note n=99999999999999999999", "number '99999999999999999999' is out of range at column 15"),
        ErrorCase("insert Note 1n=5", "expected an attribute name, got '1n' at column 13"),
        ErrorCase("insert Note n-1=5", "expected an attribute name, got 'n-1' at column 13"),
        ErrorCase("set #1 a=1 é=2 a=3", "'a' is given twice at column 16"),
        ErrorCase("insert Note n=12x", "invalid number '12x' at column 15"),
        // A control character in an all-ASCII line and after a non-ASCII character.
        ErrorCase("insert Note a=1\u{7}", "unexpected control character '\\u{7}' at column 16"),
        ErrorCase("insert Note é=1\u{7F}", "unexpected control character '\\u{7F}' at column 16"),
    ])
    func reportsError(_ testCase: ErrorCase) {
        testCase.expectReported()
    }

    @Test func readsReferencesAndNumbersFromBytes() throws {
        #expect(
            try CommandParser.parseLine("delete #007 00.010 #9223372036854775807") == [
                .delete([.id(ObjectID(7)), .indexPath(IndexPath(row: 10, section: 0)), .id(ObjectID(Int.max))])
            ])
        #expect(
            try CommandParser.parseLine("set #12 a=-7 b=+3 c=.5 d=1e2 e=nil f=true") == [
                .set(
                    .id(ObjectID(12)),
                    assignments: [
                        .init("a", .int(-7)), .init("b", .int(3)), .init("c", .double(0.5)), .init("d", .double(100)),
                        .init("e", .null), .init("f", .bool(true)),
                    ])
            ])
        // Ints of up to 18 digits are read in place; 19 digits still fit an Int (bareValue).
        #expect(
            try CommandParser.parseLine("set #1 a=0007 b=123456789012345678 c=9223372036854775807 _x9=0 é=5") == [
                .set(
                    .id(ObjectID(1)),
                    assignments: [
                        .init("a", .int(7)), .init("b", .int(123_456_789_012_345_678)), .init("c", .int(Int.max)),
                        .init("_x9", .int(0)), .init("é", .int(5)),
                    ])
            ])
        // Nine distinct keys pass the linear search and the set alike.
        let keys = (0..<12).map { "k\($0)" }
        let line = "insert Note " + keys.enumerated().map { "\($1)=\($0)" }.joined(separator: " ")
        #expect(
            try CommandParser.parseLine(line) == [
                .insert(entity: "Note", assignments: keys.enumerated().map { .init($1, .int($0)) })
            ])
    }
}
