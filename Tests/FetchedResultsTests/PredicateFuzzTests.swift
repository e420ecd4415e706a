import FetchSimCore
import FetchedResults
import ObjectGraph
import Testing

/// Random formats must parse or throw, never trap; what parses must describe itself in a form
/// that parses back equal, bind or throw, and evaluate; every error must point into the input.
@Suite struct PredicateFuzzTests {
    static let fragments: [String] = [
        "title", "order", "score", "due", "body", "done", "nope", "#in", "in", "==", "=", "!=", "<>", "<", "<=",
        "=<", ">", ">=", "=>", "(", ")", "{", "}", ",", "'x'", "\"A\"", "'", "\"", "\\", "'\\u{", "%K", "%@",
        "%", "[c]", "[cd]", "[", "]", "AND", "OR", "NOT", "&&", "||", "!", "IN", "BETWEEN", "LIKE",
        "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH", "TRUEPREDICATE", "FALSEPREDICATE", "nil", "YES",
        "1", "-1", "2.5", "1e3", "-", ".", "e", "CAST", "CAST(0, 'NSDate')", "ANY", "#", "'2024-05-01'",
        "'[a-'", "'.*'", "'*?'", " ", "  ", "\n", "\t", "\u{0}", "\u{7}", "\u{1B}", "é", "😀", "\u{301}",
        "\u{FFFD}", "\u{202E}", "ß",
    ]

    static let arguments: [PredicateArgument] = [
        .key("title"), .key("order"), .key("a b"), .key("due"), .value(.int(3)), .value(.string("x")),
        .value(.string("(")), .value(.null), .list([]), .list([.int(1), .int(2)]),
        .list([.string("2024-01-01"), .string("2025-01-01")]),
    ]

    static func randomFormat(_ rng: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            // Raw bytes, including invalid UTF-8 (repaired to U+FFFD when decoded).
            let bytes = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            return String(decoding: bytes, as: UTF8.self)
        case 1:
            // Random scalars, control characters included.
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<30, using: &rng) {
                let value =
                    Bool.random(using: &rng)
                    ? UInt32.random(in: 0..<0x80, using: &rng) : UInt32.random(in: 0..<0x11_0000, using: &rng)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            return String(scalars)
        case 2:
            // A valid predicate with a few random edits: near misses of every kind.
            var scalars = Array(generate(depth: 2, &rng).unicodeScalars)
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let at = Int.random(in: 0...scalars.count, using: &rng)
                if Bool.random(using: &rng), at < scalars.count {
                    scalars.remove(at: at)
                } else {
                    let fragment = fragments.randomElement(using: &rng) ?? ""
                    scalars.insert(
                        contentsOf: (Bool.random(using: &rng) ? " " + fragment + " " : fragment).unicodeScalars, at: at)
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        default:
            // Token soup, likely to get deep into the parser.
            let count = Int.random(in: 0..<16, using: &rng)
            return (0..<count).map { _ in fragments.randomElement(using: &rng) ?? "" }
                .joined(separator: Bool.random(using: &rng) ? " " : "")
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomInputNeverTraps(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var parsed = 0
        let rows = PredicateFixture.rows.values.sorted { $0.description < $1.description }
        for _ in 0..<2_500 {
            let format = Self.randomFormat(&rng)
            let arguments = (0..<Int.random(in: 0..<2, using: &rng)).compactMap { _ in
                Self.arguments.randomElement(using: &rng)
            }
            do {
                let predicate = try Predicate(format: format, arguments: arguments)
                parsed += 1
                let reparsed = try Predicate(format: predicate.description)
                #expect(
                    reparsed == predicate, "\(format.debugDescription) -> \(predicate.description.debugDescription)")
                if let bound = try? predicate.bound(to: PredicateFixture.note) {
                    for row in rows { _ = bound.evaluate(row) }
                }
            } catch {
                let length = format.unicodeScalars.count
                #expect((1...length + 1).contains(error.column), "\(format.debugDescription): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        // The token soup must reach valid predicates, or this test checks little beyond the lexer.
        #expect(parsed > 100)
    }

    /// Valid random predicates from a small grammar: they must parse, round-trip and evaluate.
    @Test(arguments: [7, 8] as [UInt64])
    func generatedPredicatesRoundTrip(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let rows = PredicateFixture.rows.values.map { $0 }
        for _ in 0..<500 {
            let format = Self.generate(depth: 3, &rng)
            let predicate = try Predicate(format: format)
            let reparsed = try Predicate(format: predicate.description)
            #expect(reparsed == predicate, "\(format)")
            let a = try predicate.bound(to: PredicateFixture.note)
            let b = try reparsed.bound(to: PredicateFixture.note)
            for row in rows { #expect(a.evaluate(row) == b.evaluate(row), "\(format)") }
        }
    }

    static func generate(depth: Int, _ rng: inout SeededGenerator) -> String {
        let comparisons = [
            "title BEGINSWITH[c] 'a'", "order < 2", "3 <= order", "score == nil", "body CONTAINS[cd] 'E'",
            "due > '2024-01-01'", "order IN {1, 2}", "score BETWEEN {0, 3}", "title LIKE '*a*'",
            "title MATCHES '.*n.*'", "done == YES", "'an' IN title", "TRUEPREDICATE", "FALSEPREDICATE",
        ]
        let leaf = comparisons.randomElement(using: &rng) ?? "TRUEPREDICATE"
        guard depth > 0 else { return leaf }
        let a = generate(depth: depth - 1, &rng)
        let b = generate(depth: depth - 1, &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return "\(a) AND \(b)"
        case 1: return "\(a) OR \(b)"
        case 2: return "NOT (\(a))"
        case 3: return "(\(a)) && !(\(b))"
        default: return leaf
        }
    }

    @Test func veryLongInputDoesNotTrap() {
        let long = String(repeating: "(", count: 200_000)
        #expect(throws: PredicateError("predicate is nested more than 100 levels deep", column: 101)) {
            try Predicate(format: long)
        }
        let nots = String(repeating: "!", count: 200_000) + "a == 1"
        #expect(throws: PredicateError.self) { try Predicate(format: nots) }
        let unterminated = "title == '" + String(repeating: "x", count: 200_000)
        #expect(throws: PredicateError("unterminated string", column: 10)) { try Predicate(format: unterminated) }
        let words = String(repeating: "a ", count: 100_000)
        #expect(throws: PredicateError("expected an operator after 'a'", column: 3)) { try Predicate(format: words) }
    }

    @Test func longValidInputParses() throws {
        let clauses = (0..<20_000).map { "order != \($0)" }
        let predicate = try Predicate(format: clauses.joined(separator: " && "))
        let bound = try predicate.bound(to: PredicateFixture.note)
        #expect(!bound.evaluate(try #require(PredicateFixture.rows["apple"])))
        #expect(bound.evaluate(try #require(PredicateFixture.rows["cafe"])))
        let longString = String(repeating: "é", count: 100_000)
        let literal = try Predicate(format: "title == %@", arguments: [.value(.string(longString))])
        #expect(try Predicate(format: literal.description) == literal)
    }
}
