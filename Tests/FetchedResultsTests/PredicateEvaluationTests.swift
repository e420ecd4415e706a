import FetchedResults
import Testing

/// Expected values here are worked out by hand from NSPredicate's documented semantics, against
/// the rows in `PredicateFixture.rows`:
///
/// | row    | title   | body              | order | score | done  | due                  |
/// |--------|---------|-------------------|-------|-------|-------|----------------------|
/// | apple  | Apple   | Crisp and sweet   | 1     | 4.5   | true  | 2024-05-01           |
/// | banana | banana  | nil               | 2     | nil   | false | nil                  |
/// | cafe   | Café    | naïve résumé      | -3    | 0.0   | false | 2024-05-01T12:00:00Z |
/// | empty  | ""      | ""                | 0     | 2.0   | true  | 1999-12-31T23:59:59Z |
/// | star   | a*b?c   | back\slash        | 10    | -1.5  | false | 2030-01-01           |
@Suite struct PredicateEvaluationTests {
    struct RowCase: Sendable, CustomTestStringConvertible {
        let format: String
        let row: String
        let expected: Bool
        init(_ format: String, _ row: String, _ expected: Bool) {
            self.format = format
            self.row = row
            self.expected = expected
        }
        var testDescription: String { "\(format) on \(row)" }
    }

    static let comparisons: [RowCase] = [
        .init("order == 1", "apple", true),
        .init("order == 1", "banana", false),
        .init("order = 1.0", "apple", true),
        .init("order != 1", "apple", false),
        .init("order != 1", "banana", true),
        .init("order < 2", "apple", true),
        .init("order < 2", "banana", false),
        .init("order <= 2", "banana", true),
        .init("order > -3", "cafe", false),
        .init("order >= -3", "cafe", true),
        .init("3 < order", "star", true),
        .init("3 < order", "apple", false),
        .init("-3 == order", "cafe", true),
        .init("score > 4", "apple", true),
        .init("score > 4", "banana", false),
        .init("score < 4", "banana", false),
        .init("score <= 0", "cafe", true),
        .init("score == 2", "empty", true),
        .init("order < score", "apple", true),
        .init("order < score", "banana", false),
        .init("done == TRUE", "apple", true),
        .init("done == YES", "empty", true),
        .init("done == NO", "banana", true),
        .init("done == 1", "apple", true),
        .init("done > 0", "apple", true),
        .init("done > 0", "banana", false),
        .init("title == 'Apple'", "apple", true),
        .init("title == 'apple'", "apple", false),
        .init("title == \"Apple\"", "apple", true),
        .init("title < 'B'", "apple", true),
        .init("title < 'B'", "banana", false),
        .init("title > 'Z'", "banana", true),
        .init("title >= ''", "empty", true),
        .init("title == body", "empty", true),
        .init("title == body", "apple", false),
        .init("title == 'Cafe\\u{301}'", "cafe", false),
        .init("1 == 1", "banana", true),
        .init("1 < 0", "banana", false),
        .init("'a' == 'A'", "banana", false),
    ]

    static let nils: [RowCase] = [
        .init("score == nil", "banana", true),
        .init("score == nil", "apple", false),
        .init("score != nil", "banana", false),
        .init("score != nil", "apple", true),
        .init("nil == score", "banana", true),
        .init("body == NULL", "banana", true),
        .init("body == ''", "banana", false),
        .init("body == ''", "empty", true),
        .init("body != 'x'", "banana", true),
        .init("score < 1", "banana", false),
        .init("score >= nil", "banana", false),
        .init("score <= nil", "apple", false),
        .init("body CONTAINS 'a'", "banana", false),
        .init("score IN {nil, 4.5}", "banana", true),
        .init("score IN {nil, 4.5}", "apple", true),
        .init("score IN {1, 2}", "banana", false),
        .init("score BETWEEN {0, 10}", "banana", false),
        .init("due == nil", "banana", true),
        .init("due < '2030-01-01'", "banana", false),
    ]

    static let dates: [RowCase] = [
        .init("due == '2024-05-01'", "apple", true),
        .init("due == '2024-05-01'", "cafe", false),
        .init("due > '2024-05-01'", "cafe", true),
        .init("due > '2024-05-01'", "apple", false),
        .init("due < '2000-01-01'", "empty", true),
        .init("due >= '2024-05-01T00:00:00Z'", "apple", true),
        .init("due != '2024-05-01'", "apple", false),
        .init("'2024-05-01T12:00:00+00:00' == due", "cafe", true),
        .init("due == '2024-05-01T14:00:00+02:00'", "cafe", true),
        .init("due BETWEEN {'2024-01-01', '2024-12-31'}", "apple", true),
        .init("due BETWEEN {'2024-01-01', '2024-12-31'}", "cafe", true),
        .init("due BETWEEN {'2024-01-01', '2024-12-31'}", "star", false),
        .init("due IN {'2030-01-01', '1999-12-31T23:59:59Z'}", "star", true),
        .init("due IN {'2030-01-01', '1999-12-31T23:59:59Z'}", "empty", true),
        .init("due IN {'2030-01-01', '1999-12-31T23:59:59Z'}", "apple", false),
        .init("due < CAST(0, 'NSDate')", "empty", true),
        .init("due > CAST(0, 'NSDate')", "apple", true),
        .init("due BEGINSWITH '2024'", "apple", false),
    ]

    static let strings: [RowCase] = [
        .init("title BEGINSWITH 'App'", "apple", true),
        .init("title BEGINSWITH 'app'", "apple", false),
        .init("title BEGINSWITH 'Apple pie'", "apple", false),
        .init("title ENDSWITH 'ana'", "banana", true),
        .init("title ENDSWITH 'ban'", "banana", false),
        .init("title CONTAINS 'nan'", "banana", true),
        .init("title CONTAINS 'x'", "banana", false),
        .init("body CONTAINS 'and'", "apple", true),
        .init("body CONTAINS 'é'", "cafe", true),
        .init("body CONTAINS 'res'", "cafe", false),
        .init("body CONTAINS 'sum'", "cafe", true),
        .init("order CONTAINS '1'", "apple", false),
        .init("title BEGINSWITH 1", "apple", false),
        .init("title LIKE 'A*'", "apple", true),
        .init("title LIKE 'a*'", "apple", false),
        .init("title LIKE '?anana'", "banana", true),
        .init("title LIKE '*an*'", "banana", true),
        .init("title LIKE 'Caf?'", "cafe", true),
        .init("title LIKE 'Caf'", "cafe", false),
        .init("title LIKE '*'", "empty", true),
        .init("title LIKE '?'", "empty", false),
        .init("title LIKE 'a*c'", "star", true),
        .init("title LIKE 'a\\\\*b\\\\?c'", "star", true),
        .init("title LIKE 'a\\\\*b\\\\?c'", "apple", false),
        .init("body LIKE 'back?slash'", "star", true),
        .init("'naïve résumé' LIKE body", "cafe", true),
        .init("title MATCHES '[A-Z][a-z]+'", "apple", true),
        .init("title MATCHES '[A-Z][a-z]+'", "banana", false),
        .init("title MATCHES 'App'", "apple", false),
        .init("title MATCHES '.*an.*'", "banana", true),
        .init("title MATCHES 'Caf.'", "cafe", true),
        .init("title MATCHES 'banan|banana'", "banana", true),
        .init("title MATCHES '(?x) b a n a n a  # spelled out'", "banana", true),
        .init("'Crisp and sweet' MATCHES body", "apple", true),
        .init("'Crisp' MATCHES body", "apple", false),
        .init("order MATCHES '1'", "apple", false),
        .init("title MATCHES 1", "apple", false),
    ]

    static let collections: [RowCase] = [
        .init("order IN {1, 2, 3}", "apple", true),
        .init("order IN {1, 2, 3}", "star", false),
        .init("order IN {1.0}", "apple", true),
        .init("done IN {1}", "apple", true),
        .init("title IN {'Apple', 'banana'}", "apple", true),
        .init("title IN {'Apple', 'banana'}", "cafe", false),
        .init("title IN {}", "apple", false),
        .init("'nan' IN title", "banana", true),
        .init("'nan' IN title", "apple", false),
        .init("'an' IN body", "apple", true),
        .init("'an' IN body", "banana", false),
        .init("title IN 'Apple pie'", "apple", true),
        .init("title IN 'Apple pie'", "banana", false),
        .init("order BETWEEN {1, 2}", "apple", true),
        .init("order BETWEEN {1, 2}", "banana", true),
        .init("order BETWEEN {1, 2}", "cafe", false),
        .init("order BETWEEN {2, 1}", "apple", false),
        .init("score BETWEEN {0, 4.5}", "apple", true),
        .init("score BETWEEN {0, 4.5}", "cafe", true),
        .init("score BETWEEN {0, 4.5}", "star", false),
        .init("title BETWEEN {'A', 'C'}", "apple", true),
        .init("title BETWEEN {'A', 'C'}", "banana", false),
    ]

    static let logic: [RowCase] = [
        .init("TRUEPREDICATE", "banana", true),
        .init("FALSEPREDICATE", "banana", false),
        .init("NOT done == TRUE", "apple", false),
        .init("NOT done == TRUE", "banana", true),
        .init("!(order > 1)", "apple", true),
        .init("NOT NOT done == TRUE", "apple", true),
        .init("order == 1 AND done == TRUE", "apple", true),
        .init("order == 1 AND done == FALSE", "apple", false),
        .init("order == 5 OR done == TRUE", "apple", true),
        .init("order == 5 OR done == FALSE", "apple", false),
        // NOT binds tighter than AND, AND tighter than OR.
        .init("done == FALSE OR order == 1 AND title == 'x'", "banana", true),
        .init("done == FALSE || order == 1 && title == 'x'", "banana", true),
        .init("(done == FALSE OR order == 1) AND title == 'x'", "banana", false),
        .init("NOT order == 2 AND done == TRUE", "banana", false),
        .init("NOT (order == 2 AND done == TRUE)", "banana", true),
        .init("order == 2 AND NOT done == TRUE OR FALSEPREDICATE", "banana", true),
        .init("order == 1 aNd done == true Or title == 'x'", "apple", true),
    ]

    @Test(arguments: comparisons + nils + dates)
    func comparesValues(_ c: RowCase) throws {
        #expect(try PredicateFixture.evaluate(c.format, row: c.row) == c.expected)
    }

    @Test(arguments: strings + collections)
    func testsStringsAndCollections(_ c: RowCase) throws {
        #expect(try PredicateFixture.evaluate(c.format, row: c.row) == c.expected)
    }

    @Test(arguments: logic)
    func combinesWithPrecedence(_ c: RowCase) throws {
        #expect(try PredicateFixture.evaluate(c.format, row: c.row) == c.expected)
    }

    /// Evaluating the canonical description gives the same answers as the original format.
    @Test(arguments: comparisons + nils + dates + strings + collections + logic)
    func descriptionEvaluatesTheSame(_ c: RowCase) throws {
        let description = try Predicate(format: c.format).description
        #expect(try PredicateFixture.evaluate(description, row: c.row) == c.expected)
    }
}
