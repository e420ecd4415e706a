import FetchedResults
import Testing

@Suite struct PredicateParsingTests {
    struct FormatCase: Sendable, CustomTestStringConvertible {
        let format: String
        let canonical: String
        init(_ format: String, _ canonical: String) {
            self.format = format
            self.canonical = canonical
        }
        var testDescription: String { format }
    }

    static let formats: [FormatCase] = [
        .init("title == 'x'", #"title == "x""#),
        .init(#"title = "x""#, #"title == "x""#),
        .init("order != 3", "order != 3"),
        .init("order <> 3", "order != 3"),
        .init("order =< 3", "order <= 3"),
        .init("order => 3", "order >= 3"),
        .init("order<3", "order < 3"),
        .init("3 < order", "3 < order"),
        .init("order > -2", "order > -2"),
        .init("score >= 1.5", "score >= 1.5"),
        .init("score < 1e3", "score < 1000.0"),
        .init("score < -2.5E-1", "score < -0.25"),
        .init("order == 9223372036854775807", "order == 9223372036854775807"),
        .init("order == -9223372036854775808", "order == -9223372036854775808"),
        .init("score == 99999999999999999999", "score == 1e+20"),
        .init("done == YES", "done == TRUE"),
        .init("done == no", "done == FALSE"),
        .init("done == true", "done == TRUE"),
        .init("body == nil", "body == NIL"),
        .init("body = NULL", "body == NIL"),
        .init("title beginswith[c] 'a'", #"title BEGINSWITH[c] "a""#),
        .init("title ENDSWITH[d] 'a'", #"title ENDSWITH[d] "a""#),
        .init("title CONTAINS[cd] 'a'", #"title CONTAINS[cd] "a""#),
        .init("title contains[dc] 'a'", #"title CONTAINS[cd] "a""#),
        .init("title ==[c] 'a'", #"title ==[c] "a""#),
        .init("title <>[d] 'a'", #"title !=[d] "a""#),
        .init("title Like 'a*'", #"title LIKE "a*""#),
        .init("title MATCHES '[a-z]+'", #"title MATCHES "[a-z]+""#),
        .init("order IN {1, 2,3}", "order IN {1, 2, 3}"),
        .init("order IN {}", "order IN {}"),
        .init("order in { 'a' , nil, 1.5, YES }", #"order IN {"a", NIL, 1.5, TRUE}"#),
        .init("order BETWEEN {1, 5}", "order BETWEEN {1, 5}"),
        .init("'nan' IN title", #""nan" IN title"#),
        .init("TRUEPREDICATE", "TRUEPREDICATE"),
        .init("falsepredicate", "FALSEPREDICATE"),
        .init("NOT done == TRUE", "NOT done == TRUE"),
        .init("!(done == TRUE)", "NOT done == TRUE"),
        .init("not not done == TRUE", "NOT NOT done == TRUE"),
        .init("a == 1 && b == 2 || c == 3", "a == 1 AND b == 2 OR c == 3"),
        .init("a == 1 or b == 2 and c == 3", "a == 1 OR b == 2 AND c == 3"),
        .init("a == 1 AND (b == 2 OR c == 3)", "a == 1 AND (b == 2 OR c == 3)"),
        .init("(a == 1 AND b == 2) AND c == 3", "a == 1 AND b == 2 AND c == 3"),
        .init("(a == 1 OR b == 2) OR (c == 3 OR d == 4)", "a == 1 OR b == 2 OR c == 3 OR d == 4"),
        .init("NOT (a == 1 OR b == 2)", "NOT (a == 1 OR b == 2)"),
        .init("NOT (a == 1 AND b == 2) OR c == 3", "NOT (a == 1 AND b == 2) OR c == 3"),
        .init("((a == 1))", "a == 1"),
        .init(#"title == 'it\'s "q"\n\t\\'"#, #"title == "it's \"q\"\n\t\\""#),
        .init(#"title == "\u{1F600}\u{7}\r\0""#, #"title == "😀\u{7}\r\0""#),
        .init("title == 'é'", #"title == "é""#),
        .init("#in == 1", "#in == 1"),
        .init("#order == 1", "order == 1"),
        .init("größe_2 == 1", "größe_2 == 1"),
        .init("_x == 1", "_x == 1"),
        .init("CAST(0, 'NSDate') < due", #"CAST(0.0, "NSDate") < due"#),
        .init("due == CAST(-1.5, \"NSDate\")", #"due == CAST(-1.5, "NSDate")"#),
        .init("  title\n==\t'x'  ", #"title == "x""#),
        .init("1 == 1", "1 == 1"),
        .init("title == body", "title == body"),
    ]

    @Test(arguments: formats)
    func describesCanonically(_ c: FormatCase) throws {
        let predicate = try Predicate(format: c.format)
        #expect(predicate.description == c.canonical)
    }

    @Test(arguments: formats)
    func descriptionParsesBackToAnEqualPredicate(_ c: FormatCase) throws {
        let predicate = try Predicate(format: c.format)
        let reparsed = try Predicate(format: predicate.description)
        #expect(reparsed == predicate)
        #expect(reparsed.description == predicate.description)
    }

    struct PairCase: Sendable, CustomTestStringConvertible {
        let a: String
        let b: String
        init(_ a: String, _ b: String) {
            self.a = a
            self.b = b
        }
        var testDescription: String { "\(a) | \(b)" }
    }

    @Test(arguments: [
        PairCase("a = 1", "a == 1"),
        PairCase("a <> 1", "a != 1"),
        PairCase("a == 1 and b == 2", "a == 1 AND b == 2"),
        PairCase("a == 1 AND (b == 2 AND c == 3)", "(a == 1 AND b == 2) AND c == 3"),
        PairCase("a == 'x'", #"a == "x""#),
        PairCase("a == YES", "a == true"),
        PairCase("a == nil", "a == NULL"),
        PairCase("a CONTAINS[dc] 'x'", "a CONTAINS[cd] 'x'"),
        PairCase("NOT a == 1 AND b == 2", "(NOT a == 1) AND b == 2"),
        PairCase("a == 1 OR b == 2 AND c == 3", "a == 1 OR (b == 2 AND c == 3)"),
        PairCase("! a == 1 || b == 2 && c == 3", "(NOT a == 1) OR (b == 2 AND c == 3)"),
        PairCase("TRUEPREDICATE", "truepredicate"),
    ])
    func equivalentFormatsAreEqual(_ c: PairCase) throws {
        #expect(try Predicate(format: c.a) == Predicate(format: c.b))
    }

    @Test(arguments: [
        PairCase("a == 1", "a == 2"),
        PairCase("a == 1", "a == 1.0"),
        PairCase("a == 1", "a != 1"),
        PairCase("a == 1", "A == 1"),
        PairCase("a == 'x'", "a ==[c] 'x'"),
        PairCase("a == 'x'", "a == 'X'"),
        PairCase("a == 1 OR b == 2 AND c == 3", "(a == 1 OR b == 2) AND c == 3"),
        PairCase("NOT a == 1 AND b == 2", "NOT (a == 1 AND b == 2)"),
        PairCase("a < b", "b < a"),
        PairCase("a < 1", "1 < a"),
        PairCase("a IN {1, 2}", "a IN {2, 1}"),
        PairCase("NOT NOT a == 1", "a == 1"),
        PairCase("a == 'b'", "a == b"),
        PairCase("TRUEPREDICATE", "FALSEPREDICATE"),
    ])
    func differentPredicatesAreUnequal(_ c: PairCase) throws {
        #expect(try Predicate(format: c.a) != Predicate(format: c.b))
    }

    /// Equal predicates hash equally even when written at different columns.
    @Test func equalPredicatesHashEqually() throws {
        let spellings = [
            "a == 1 AND b < 'x'", "   a = 1 && b < \"x\"", "(a == 1) AND (b < 'x')", "((a == 1 AND b < 'x'))",
        ]
        let predicates = try spellings.map { try Predicate(format: $0) }
        #expect(Set(predicates).count == 1)
        #expect(Set(predicates + [try Predicate(format: "a == 1 AND b <= 'x'")]).count == 2)
    }

    @Test func truePredicateIsTruePredicate() throws {
        #expect(Predicate.truePredicate == (try Predicate(format: "TRUEPREDICATE")))
        #expect(Predicate.truePredicate.description == "TRUEPREDICATE")
        #expect(Predicate.truePredicate.keys.isEmpty)
    }

    @Test(arguments: [
        ("TRUEPREDICATE", [String]()),
        ("title == 'x'", ["title"]),
        ("title == 'x' AND 3 < order OR NOT (score == nil)", ["title", "order", "score"]),
        ("title == body", ["title", "body"]),
        ("'x' IN title OR title == 'y'", ["title"]),
        ("#in == 1", ["in"]),
        ("1 == 1", []),
    ])
    func collectsKeys(_ format: String, _ expected: [String]) throws {
        #expect(try Predicate(format: format).keys == Set(expected))
    }

    @Test func keepsLongFlatChainsFlat() throws {
        let format = Array(repeating: "order == 1", count: 5_000).joined(separator: " AND ")
        let predicate = try Predicate(format: format)
        #expect(predicate.description == format)
        #expect(try Predicate(format: predicate.description) == predicate)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = 100
        let format = String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
        #expect(try Predicate(format: format).description == "a == 1")
        let nots = String(repeating: "NOT ", count: depth) + "a == 1"
        #expect(try Predicate(format: nots).description == nots)
    }
}
