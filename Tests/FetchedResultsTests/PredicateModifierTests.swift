import FetchedResults
import Testing

/// `[c]` ignores case, `[d]` ignores diacritics, `[cd]` both; without them strings compare by
/// Unicode scalars. Rows are those of `PredicateFixture.rows` (see `PredicateEvaluationTests`).
@Suite struct PredicateModifierTests {
    typealias RowCase = PredicateEvaluationTests.RowCase

    static let cases: [RowCase] = [
        .init("title ==[c] 'APPLE'", "apple", true),
        .init("title == 'APPLE'", "apple", false),
        .init("title !=[c] 'APPLE'", "apple", false),
        .init("title !=[c] 'PEAR'", "apple", true),
        .init("title ==[d] 'Cafe'", "cafe", true),
        .init("title ==[c] 'cafe'", "cafe", false),
        .init("title ==[c] 'CAFÉ'", "cafe", true),
        .init("title ==[cd] 'CAFE'", "cafe", true),
        .init("title ==[d] 'cafe'", "cafe", false),
        .init("title ==[d] 'Cafe\\u{301}'", "cafe", true),
        .init("title BEGINSWITH[c] 'APP'", "apple", true),
        .init("title BEGINSWITH[d] 'APP'", "apple", false),
        .init("title ENDSWITH[d] 'fe'", "cafe", true),
        .init("title ENDSWITH 'fe'", "cafe", false),
        .init("body CONTAINS[cd] 'RESUME'", "cafe", true),
        .init("body CONTAINS[c] 'RESUME'", "cafe", false),
        .init("body CONTAINS[c] 'RÉSUMÉ'", "cafe", true),
        .init("body CONTAINS[d] 'resume'", "cafe", true),
        .init("body CONTAINS[d] 'RESUME'", "cafe", false),
        .init("body CONTAINS[cd] 'NAIVE RESUME'", "cafe", true),
        .init("title LIKE[c] 'a*'", "apple", true),
        .init("title LIKE[cd] 'CAFE'", "cafe", true),
        .init("title LIKE[c] 'CAFE'", "cafe", false),
        .init("title MATCHES[c] 'apple'", "apple", true),
        .init("title MATCHES 'apple'", "apple", false),
        .init("title MATCHES[d] 'Cafe'", "cafe", true),
        .init("title MATCHES[cd] 'CAF[E]'", "cafe", true),
        .init("title IN[c] {'APPLE', 'PEAR'}", "apple", true),
        .init("title IN {'APPLE', 'PEAR'}", "apple", false),
        .init("'NAN' IN[c] title", "banana", true),
        .init("'NAN' IN title", "banana", false),
        .init("title <[c] 'b'", "apple", true),
        .init("title < 'b'", "apple", true),
        .init("title <[c] 'B'", "banana", false),
        .init("title BETWEEN[c] {'a', 'b'}", "apple", true),
        .init("title BETWEEN {'a', 'b'}", "apple", false),
        .init("title BETWEEN[c] {'a', 'b'}", "banana", false),
        .init("order ==[c] 1", "apple", true),
        .init("'a' ==[c] 'A'", "banana", true),
        .init("'STRASSE' ==[c] 'straße'", "banana", true),
        .init("'\u{212A}' ==[c] 'k'", "banana", true),
        .init("title ==[c] body", "empty", true),
        .init("'CRISP AND SWEET' ==[c] body", "apple", true),
        .init("body ==[cd] 'NAIVE RESUME'", "cafe", true),
    ]

    @Test(arguments: cases)
    func foldsCaseAndDiacritics(_ c: RowCase) throws {
        #expect(try PredicateFixture.evaluate(c.format, row: c.row) == c.expected)
    }

    struct LikeCase: Sendable, CustomTestStringConvertible {
        let text: String
        let pattern: String
        let expected: Bool
        init(_ text: String, _ pattern: String, _ expected: Bool) {
            self.text = text
            self.pattern = pattern
            self.expected = expected
        }
        var testDescription: String { "'\(text)' LIKE '\(pattern)'" }
    }

    /// `*` is zero or more characters, `?` exactly one, the match covers the whole string and a
    /// backslash makes the next pattern character literal.
    @Test(arguments: [
        LikeCase("abc", "abc", true),
        LikeCase("abc", "ab", false),
        LikeCase("abc", "a*", true),
        LikeCase("abc", "*c", true),
        LikeCase("abc", "*b*", true),
        LikeCase("abc", "a?c", true),
        LikeCase("abc", "??", false),
        LikeCase("abc", "????", false),
        LikeCase("", "*", true),
        LikeCase("", "", true),
        LikeCase("", "?", false),
        LikeCase("abc", "", false),
        LikeCase("aaa", "a*a*a", true),
        LikeCase("aa", "a*a*a", false),
        LikeCase("ab", "a*b*c", false),
        LikeCase("é", "?", true),
        LikeCase("😀x", "?x", true),
        LikeCase("x😀", "x?", true),
        LikeCase("a*c", "a\\*c", true),
        LikeCase("abc", "a\\*c", false),
        LikeCase("a?c", "a\\?c", true),
        LikeCase("abc", "a\\?c", false),
        LikeCase("ab\\", "ab\\", true),
        LikeCase("mississippi", "m*iss*ppi", true),
        LikeCase("mississippi", "m*issx*", false),
        LikeCase("mississippi", "*s?i*", true),
    ])
    func likeMatchesWildcards(_ c: LikeCase) throws {
        let predicate = try Predicate(
            format: "%@ LIKE %@", arguments: [.value(.string(c.text)), .value(.string(c.pattern))])
        let bound = try predicate.bound(to: PredicateFixture.note)
        #expect(bound.evaluate(try #require(PredicateFixture.rows["banana"])) == c.expected)
    }

    /// `[n]` (`NSNormalizedPredicateOption`): the strings are taken as already normalized and
    /// compared as they are; it supersedes `[c]` and `[d]` (Apple's `NSComparisonPredicate.Options`).
    @Test(arguments: [
        RowCase("title ==[n] 'Apple'", "apple", true),
        RowCase("title ==[n] 'APPLE'", "apple", false),
        RowCase("title ==[cn] 'APPLE'", "apple", false),
        RowCase("title ==[cdn] 'CAFE'", "cafe", false),
        RowCase("title BEGINSWITH[n] 'App'", "apple", true),
        RowCase("title BEGINSWITH[nc] 'APP'", "apple", false),
        RowCase("title IN[n] {'Apple', 'pear'}", "apple", true),
        RowCase("title IN[n] {'apple', 'pear'}", "apple", false),
    ])
    func normalizedComparesAsIs(_ c: RowCase) throws {
        #expect(try PredicateFixture.evaluate(c.format, row: c.row) == c.expected)
    }

    @Test func normalizedPrintsAsN() throws {
        #expect(try Predicate(format: "title ==[cn] 'a'").description == "title ==[n] \"a\"")
        #expect(throws: PredicateError.self) { try Predicate(format: "title ==[nn] 'a'") }
    }
}
