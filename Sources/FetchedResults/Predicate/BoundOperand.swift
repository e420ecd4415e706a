import ObjectGraph

/// A comparison side while it is being bound: a resolved attribute, a constant or a list.
struct BoundOperand {
    enum Kind {
        case attribute(Int, Attribute)
        case value(Value)
        case list([Value])
    }

    var kind: Kind
    var column: Int
    var elementColumns: [Int] = []

    /// The attribute, if this side is a date attribute.
    var dateAttribute: Attribute? {
        if case .attribute(_, let attribute) = kind, attribute.type == .date { return attribute }
        return nil
    }

    /// The term `BoundTest` reads; a list has none (the test holds its values).
    var term: BoundTerm {
        switch kind {
        case .attribute(let index, _): .attribute(index)
        case .value(let value): .constant(value)
        case .list: .constant(.null)
        }
    }

    /// The folding to apply when evaluating: `options` for an attribute, none for constants,
    /// which `fold(_:)` folds once.
    func folding(_ options: ComparisonOptions) -> ComparisonOptions {
        if case .attribute = kind, options.foldsText { return options }
        return []
    }

    /// Folds string constants as `options` ask.
    mutating func fold(_ options: ComparisonOptions) {
        guard options.foldsText else { return }
        switch kind {
        case .attribute: break
        case .value(let value): kind = .value(Self.fold(value, options))
        case .list(let values): kind = .list(values.map { Self.fold($0, options) })
        }
    }

    private static func fold(_ value: Value, _ options: ComparisonOptions) -> Value {
        guard case .string(let text) = value else { return value }
        return .string(TextFolding.fold(text, options))
    }

    /// This side with string constants read as ISO-8601 dates, for comparison with a date
    /// attribute; throws, at the string's column, for one that is not a date.
    func readingDates(for attribute: Attribute) throws(PredicateError) -> BoundOperand {
        var copy = self
        switch kind {
        case .attribute:
            break
        case .value(let value):
            copy.kind = .value(try Self.date(value, for: attribute, column: column))
        case .list(let values):
            var dates: [Value] = []
            for (i, value) in values.enumerated() {
                let elementColumn = i < elementColumns.count ? elementColumns[i] : column
                dates.append(try Self.date(value, for: attribute, column: elementColumn))
            }
            copy.kind = .list(dates)
        }
        return copy
    }

    private static func date(_ value: Value, for attribute: Attribute, column: Int) throws(PredicateError) -> Value {
        guard case .string(let text) = value else { return value }
        guard let date = ISO8601.parse(text) else {
            throw PredicateError(
                "cannot compare date attribute \(PredicateError.quoted(attribute.name)) with \(PredicateError.quoted(text))",
                column: column)
        }
        return .date(date)
    }
}
