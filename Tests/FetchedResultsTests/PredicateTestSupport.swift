import FetchedResults
import ObjectGraph
import Testing

/// The entity predicate tests bind to, and rows of it.
enum PredicateFixture {
    /// `Note(title: string, body: string?, order: int, score: double?, done: bool, due: date?)`.
    static let note: Entity = {
        do {
            return try Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string),
                    Attribute("body", .string, isOptional: true),
                    Attribute("order", .int),
                    Attribute("score", .double, isOptional: true),
                    Attribute("done", .bool),
                    Attribute("due", .date, isOptional: true),
                ])
        } catch {
            preconditionFailure("fixture entity is invalid: \(error)")
        }
    }()

    /// A date value from an ISO-8601 literal that is known to be valid.
    static func date(_ text: String) -> Value {
        guard let date = ISO8601.parse(text) else { preconditionFailure("bad fixture date '\(text)'") }
        return .date(date)
    }

    /// A row in `note.attributes` order.
    static func row(
        title: String, body: String? = nil, order: Int = 0, score: Double? = nil, done: Bool = false,
        due: String? = nil
    ) -> [Value] {
        [
            .string(title), body.map(Value.string) ?? .null, .int(order), score.map(Value.double) ?? .null,
            .bool(done), due.map(date) ?? .null,
        ]
    }

    /// Named rows for evaluation tables.
    static let rows: [String: [Value]] = [
        "apple": row(title: "Apple", body: "Crisp and sweet", order: 1, score: 4.5, done: true, due: "2024-05-01"),
        "banana": row(title: "banana", body: nil, order: 2, score: nil, done: false, due: nil),
        "cafe": row(title: "Café", body: "naïve résumé", order: -3, score: 0, done: false, due: "2024-05-01T12:00:00Z"),
        "empty": row(title: "", body: "", order: 0, score: 2, done: true, due: "1999-12-31T23:59:59Z"),
        "star": row(title: "a*b?c", body: "back\\slash", order: 10, score: -1.5, done: false, due: "2030-01-01"),
    ]

    /// Parses, binds to `note` and evaluates against the named row.
    static func evaluate(
        _ format: String, _ arguments: [PredicateArgument] = [], row name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        let row = try #require(rows[name], "no fixture row '\(name)'", sourceLocation: sourceLocation)
        let predicate = try Predicate(format: format, arguments: arguments)
        return try predicate.bound(to: note).evaluate(row)
    }

    /// The error `body` throws, or `nil` (recorded as a failure) if it throws none.
    static func error(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(PredicateError) -> Void
    ) -> PredicateError? {
        do {
            try body()
            Issue.record("expected a PredicateError, got none", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}
