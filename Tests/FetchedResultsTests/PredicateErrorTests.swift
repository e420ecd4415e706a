import FetchedResults
import Testing

@Suite struct PredicateErrorTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let format: String
        let arguments: [PredicateArgument]
        let message: String
        let column: Int
        init(_ format: String, _ message: String, at column: Int) {
            self.init(format, args: [], message, at: column)
        }
        init(_ format: String, args arguments: [PredicateArgument], _ message: String, at column: Int) {
            self.format = format
            self.arguments = arguments
            self.message = message
            self.column = column
        }
        var testDescription: String { format }
    }

    static let parseErrors =
        structureErrors + valueErrors + argumentErrors + argumentAndPatternErrors
        + lexicalErrors + placementErrors

    static let structureErrors: [ErrorCase] = [
        .init("", "empty predicate", at: 1),
        .init("   ", "empty predicate", at: 4),
        .init("AND a == 1", "unexpected 'AND'", at: 1),
        .init("a == 1 AND AND b == 2", "unexpected 'AND'", at: 12),
        .init("a == 1 AND", "expected a predicate after 'AND'", at: 11),
        .init("a == 1 OR", "expected a predicate after 'OR'", at: 10),
        .init("NOT", "expected a predicate after 'NOT'", at: 4),
        .init("a == 'x' AND (", "expected a predicate after '('", at: 15),
        .init("title == 'abc", "unterminated string", at: 10),
        .init(#"title == "abc\""#, "unterminated string", at: 10),
    ]

    static let valueErrors: [ErrorCase] = [
        .init("a ==", "expected a value after '=='", at: 5),
        .init("a == AND b", "expected a value after '=='", at: 6),
        .init("a ==[c]", "expected a value after '==[c]'", at: 8),
        .init("a ==[c][d] 1", "expected a value after '==[c]'", at: 8),
        .init("a IN", "expected a value after 'IN'", at: 5),
        .init("(a == 1", "expected ')'", at: 8),
        .init("(a == 1 b", "expected ')'", at: 9),
        .init("a ==[x] 1", "unknown modifier '[x]'", at: 5),
        .init("a ==[cc] 1", "unknown modifier '[cc]'", at: 5),
        .init("a ==[] 1", "unknown modifier '[]'", at: 5),
        .init("a CONTAINS[C] 'x'", "unknown modifier '[C]'", at: 11),
        .init("a ==[c 1", "unterminated modifier '[c'", at: 5),
    ]

    static let argumentErrors: [ErrorCase] = [
        .init("a == %@", "'%@' has no matching argument", at: 6),
        .init("%K == 1", "'%K' has no matching argument", at: 1),
        .init("%K == %@", args: [.key("a")], "'%@' has no matching argument", at: 7),
        .init("a == 1", args: [2], "unused argument 1", at: 7),
        .init("a == %@", args: [1, 2], "unused argument 2", at: 8),
        .init("%K == 1", args: [1], "argument 1 for '%K' must be a key, not a value", at: 1),
        .init("%K == 1", args: [.list([])], "argument 1 for '%K' must be a key, not a list", at: 1),
        .init("a == %@", args: [.key("b")], "argument 1 for '%@' must be a value or a list, not a key", at: 6),
        .init("a IN {1, %@}", args: [.list([.int(1)])], "argument 1 for '%@' must be a value, not a list", at: 10),
        .init("a IN {%@}", args: [.key("b")], "argument 1 for '%@' must be a value, not a key", at: 7),
        .init(
            "score == %@", args: [.value(.double(.infinity))], "argument 1 for '%@' must be a finite number, not inf",
            at: 10),
        .init(
            "score IN %@", args: [.list([.int(1), .double(.nan)])],
            "argument 1 for '%@' must be a finite number, not nan", at: 10),
        .init("%K == 1", args: [.key("a b")], "invalid key 'a b' for argument 1", at: 1),
        .init("%K == 1", args: [.key("")], "invalid key '' for argument 1", at: 1),
    ]

    static let argumentAndPatternErrors: [ErrorCase] = [
        .init("title MATCHES '('", "invalid regular expression '('", at: 15),
        .init("title MATCHES[c] 'a)('", "invalid regular expression 'a)('", at: 18),
        .init("title MATCHES %@", args: ["[a-"], "invalid regular expression '[a-'", at: 15),
        .init("a", "expected an operator after 'a'", at: 2),
        .init("a b", "expected an operator after 'a'", at: 3),
        .init("TRUE", "expected an operator after 'TRUE'", at: 5),
        .init("a NOT IN {1}", "expected an operator after 'a'", at: 3),
        .init("a == 1 b", "unexpected 'b'", at: 8),
        .init("a == 1)", "unexpected ')'", at: 7),
        .init("()", "unexpected ')'", at: 2),
        .init("== 1", "unexpected '=='", at: 1),
        .init("[c]", "unexpected '[c]'", at: 1),
        .init("a $ 1", "unexpected character '$'", at: 3),
        .init("a & b", "unexpected character '&'", at: 3),
        .init("a == -", "unexpected character '-'", at: 6),
        .init("a == 1 \u{7}", "unexpected character '\\u{7}'", at: 8),
        .init("# == 1", "unexpected character '#'", at: 1),
    ]

    static let lexicalErrors: [ErrorCase] = [
        .init("a == 1.x", "invalid number '1.'", at: 6),
        .init("a == 1e999", "number '1e999' is out of range", at: 6),
        .init(#"a == 'x\q'"#, #"unknown escape '\q'"#, at: 8),
        .init(#"a == '\u{110000}'"#, #"invalid unicode escape '\u{110000}'"#, at: 7),
        .init(#"a == '\uD800'"#, #"invalid unicode escape '\u'"#, at: 7),
        .init(#"a == '\u{D800}'"#, #"invalid unicode escape '\u{D800}'"#, at: 7),
        .init("a == %d", "unknown format specifier '%d'", at: 6),
        .init("a == %", "unknown format specifier '%'", at: 6),
    ]

    static let placementErrors: [ErrorCase] = [
        .init("a == {1, 2}", "a list is only allowed after 'IN' or 'BETWEEN'", at: 6),
        .init("a CONTAINS %@", args: [.list([.int(1)])], "a list is only allowed after 'IN' or 'BETWEEN'", at: 12),
        .init("{1} IN a", "a list is only allowed after 'IN' or 'BETWEEN'", at: 1),
        .init("a BETWEEN {1}", "'BETWEEN' needs a list of two values", at: 11),
        .init("a BETWEEN {1, 2, 3}", "'BETWEEN' needs a list of two values", at: 11),
        .init("a BETWEEN 1", "'BETWEEN' needs a list of two values", at: 11),
        .init("a BETWEEN b", "'BETWEEN' needs a list of two values", at: 11),
        .init("a IN 3", "'IN' needs a list or a string", at: 6),
        .init("a IN nil", "'IN' needs a list or a string", at: 6),
        .init("a IN {1 2}", "expected ',' or '}'", at: 9),
        .init("a IN {1,", "expected a value after ','", at: 9),
        .init("a IN {1,}", "expected a value after ','", at: 9),
        .init("a IN {b}", "expected a value after '{'", at: 7),
        .init("FIRST == 1", "unsupported keyword 'FIRST'", at: 1),
        .init("SELF == 1", "unsupported keyword 'SELF'", at: 1),
        .init("a == CAST(1, 'NSString')", "unsupported cast to 'NSString'", at: 14),
        .init("a == CAST 1", "expected '(' after 'CAST'", at: 11),
        .init("a == CAST('x', 'NSDate')", "expected a number after '('", at: 11),
        .init("a == CAST(1 'NSDate')", "expected ',' after '1'", at: 13),
        .init("a == CAST(1, 2)", "expected a type name after ','", at: 14),
        .init("a == CAST(1, 'NSDate'", "expected ')' after ''NSDate''", at: 22),
        .init(
            String(repeating: "(", count: 101) + "a == 1" + String(repeating: ")", count: 101),
            "predicate is nested more than 100 levels deep", at: 101),
        .init(
            String(repeating: "NOT ", count: 101) + "a == 1", "predicate is nested more than 100 levels deep", at: 401),
        .init(
            "a == '" + String(repeating: "x", count: 50) + "' b",
            "unexpected 'b'", at: 59),
        .init(
            "a " + String(repeating: "y", count: 50) + " 1",
            "expected an operator after 'a'", at: 3),
        .init(
            "a == 1 " + String(repeating: "z", count: 45), "unexpected '" + String(repeating: "z", count: 40) + "…'",
            at: 8),
    ]

    @Test(arguments: parseErrors)
    func reportsParseErrors(_ c: ErrorCase) {
        let error = PredicateFixture.error { () throws(PredicateError) in
            _ = try Predicate(format: c.format, arguments: c.arguments)
        }
        #expect(error?.message == c.message)
        #expect(error?.column == c.column)
    }

    static let bindErrors: [ErrorCase] = [
        .init("titel == 'x'", "unknown attribute 'titel' of entity 'Note'", at: 1),
        .init("title == 'x' OR 3 < ordr", "unknown attribute 'ordr' of entity 'Note'", at: 21),
        .init("%K == 1", args: [.key("Title")], "unknown attribute 'Title' of entity 'Note'", at: 1),
        .init("due == '2024-13-99'", "cannot compare date attribute 'due' with '2024-13-99'", at: 8),
        .init("'tomorrow' < due", "cannot compare date attribute 'due' with 'tomorrow'", at: 1),
        .init("due IN {'2024-01-01', 'soon'}", "cannot compare date attribute 'due' with 'soon'", at: 23),
        .init(
            "due BETWEEN %@", args: [.list([.string("2024-01-01"), .string("x")])],
            "cannot compare date attribute 'due' with 'x'", at: 13),
        .init("due == %@", args: ["nope"], "cannot compare date attribute 'due' with 'nope'", at: 8),
        .init("due != ''", "cannot compare date attribute 'due' with ''", at: 8),
        // A constant of another kind than its attribute is refused, as `set` refuses it.
        .init("title == 1", "cannot compare string attribute 'title' with 1", at: 10),
        .init("title < 1", "cannot compare string attribute 'title' with 1", at: 9),
        .init("order > 'a'", "cannot compare int attribute 'order' with 'a'", at: 9),
        .init("'a' <= order", "cannot compare int attribute 'order' with 'a'", at: 1),
        .init("due > 0", "cannot compare date attribute 'due' with 0", at: 7),
        .init("order IN 'x'", "cannot compare int attribute 'order' with 'x'", at: 10),
        .init("order IN {1, 'two'}", "cannot compare int attribute 'order' with 'two'", at: 14),
        .init("title BETWEEN {1, 2}", "cannot compare string attribute 'title' with 1", at: 16),
        .init("done == %@", args: ["yes"], "cannot compare bool attribute 'done' with 'yes'", at: 9),
    ]

    @Test(arguments: bindErrors)
    func reportsBindingErrors(_ c: ErrorCase) throws {
        let predicate = try Predicate(format: c.format, arguments: c.arguments)
        let error = PredicateFixture.error { () throws(PredicateError) in
            _ = try predicate.bound(to: PredicateFixture.note)
        }
        #expect(error?.message == c.message)
        #expect(error?.column == c.column)
    }

    @Test func descriptionAppendsTheColumn() {
        #expect(PredicateError("unexpected 'AND'", column: 8).description == "unexpected 'AND' at column 8")
    }

    @Test(arguments: parseErrors.map(\.message) + bindErrors.map(\.message))
    func messagesFollowTheStyle(_ message: String) {
        #expect(!message.hasSuffix("."))
        #expect(message.first.map { !$0.isUppercase || $0 == "'" } ?? false)
    }
}
