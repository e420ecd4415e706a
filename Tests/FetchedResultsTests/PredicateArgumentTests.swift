import FetchedResults
import ObjectGraph
import Testing

@Suite struct PredicateArgumentTests {
    struct SubstitutionCase: Sendable, CustomTestStringConvertible {
        let format: String
        let arguments: [PredicateArgument]
        let equivalent: String
        init(_ format: String, _ arguments: [PredicateArgument], _ equivalent: String) {
            self.format = format
            self.arguments = arguments
            self.equivalent = equivalent
        }
        var testDescription: String { format }
    }

    @Test(arguments: [
        SubstitutionCase("%K == %@", [.key("title"), "Apple"], "title == 'Apple'"),
        SubstitutionCase("%K == %@", [.key("title"), .value(.string("Apple"))], "title == \"Apple\""),
        SubstitutionCase("%@ < %K", [3, .key("order")], "3 < order"),
        SubstitutionCase("%K IN %@", [.key("order"), .list([.int(1), .int(2)])], "order IN {1, 2}"),
        SubstitutionCase("%K BETWEEN %@", [.key("score"), .list([.int(0), .double(4.5)])], "score BETWEEN {0, 4.5}"),
        SubstitutionCase("order IN {%@, %@}", [1, 2], "order IN {1, 2}"),
        SubstitutionCase("title CONTAINS[c] %@", ["APP"], "title CONTAINS[c] 'APP'"),
        SubstitutionCase("%K == %@", [.key("done"), true], "done == YES"),
        SubstitutionCase("%K == %@", [.key("body"), .value(.null)], "body == nil"),
        SubstitutionCase("%K == %@", [.key("in"), 1], "#in == 1"),
        SubstitutionCase("title == %@", ["AND"], "title == 'AND'"),
        SubstitutionCase("title == %@", ["%@"], "title == '%@'"),
        SubstitutionCase("title == %@", ["it's \"quoted\"\n"], #"title == 'it\'s "quoted"\n'"#),
        SubstitutionCase("%K == 1 AND %K == 2", [.key("a"), .key("b")], "a == 1 AND b == 2"),
        SubstitutionCase("title == '%@'", [], "title == \"%@\""),
        SubstitutionCase(
            "due > %@", [.value(PredicateFixture.date("2001-01-01T00:00:00Z"))], "due > CAST(0, 'NSDate')"),
    ])
    func substitutesInOrder(_ c: SubstitutionCase) throws {
        let predicate = try Predicate(format: c.format, arguments: c.arguments)
        #expect(predicate == (try Predicate(format: c.equivalent)))
        #expect(try Predicate(format: predicate.description) == predicate)
    }

    @Test func substitutedValuesEvaluate() throws {
        let apple = try #require(PredicateFixture.rows["apple"])
        let banana = try #require(PredicateFixture.rows["banana"])
        let title = try Predicate(format: "%K ==[c] %@", arguments: [.key("title"), "APPLE"]).bound(
            to: PredicateFixture.note)
        #expect(title.evaluate(apple))
        #expect(!title.evaluate(banana))
        let orders = try Predicate(format: "%K IN %@", arguments: [.key("order"), .list([.int(2), .int(3)])]).bound(
            to: PredicateFixture.note)
        #expect(!orders.evaluate(apple))
        #expect(orders.evaluate(banana))
    }

    /// A date argument keeps its exact time through `description`.
    @Test func dateArgumentsRoundTrip() throws {
        let due = PredicateFixture.date("2024-05-01T00:00:00.125Z")
        let predicate = try Predicate(format: "due == %@", arguments: [.value(due)])
        let reparsed = try Predicate(format: predicate.description)
        #expect(reparsed == predicate)
        let apple = try #require(PredicateFixture.rows["apple"])
        var exact = apple
        exact[5] = due
        #expect(try reparsed.bound(to: PredicateFixture.note).evaluate(exact))
        #expect(try !reparsed.bound(to: PredicateFixture.note).evaluate(apple))
    }

    /// Placeholders inside string literals are text, not placeholders.
    @Test func placeholdersInStringsAreLiteral() throws {
        let predicate = try Predicate(format: "title == '%K' OR title == %@", arguments: ["x"])
        #expect(predicate.description == #"title == "%K" OR title == "x""#)
    }
}
