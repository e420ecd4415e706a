import ObjectGraph

extension BoundOperand {
    /// Refuses a constant that can never compare with `attribute` (a string with an int
    /// attribute, a number with a string one), naming the constant's column — as `set` refuses
    /// such a value. `nil` compares with anything; numbers and booleans compare with each other.
    /// Date strings must have been read already (`readingDates(for:)`).
    func requireComparable(with attribute: Attribute) throws(PredicateError) {
        switch kind {
        case .attribute:
            return
        case .value(let value):
            try Self.require(value, comparableWith: attribute, column: column)
        case .list(let values):
            for (i, value) in values.enumerated() {
                try Self.require(
                    value, comparableWith: attribute, column: i < elementColumns.count ? elementColumns[i] : column)
            }
        }
    }

    private static func require(_ value: Value, comparableWith attribute: Attribute, column: Int) throws(PredicateError)
    {
        let fits =
            switch (attribute.type, value) {
            case (_, .null): true
            case (.int, .int), (.int, .double), (.int, .bool),
                (.double, .int), (.double, .double), (.double, .bool),
                (.bool, .int), (.bool, .double), (.bool, .bool):
                true
            case (.string, .string): true
            case (.date, .date): true
            // An object given as a `%@` argument (`list == %@`), as NSPredicate compares a to-one
            // relationship with a managed object.
            case (.relationship, .object): true
            default: false
            }
        guard !fits else { return }
        let shown = if case .string(let text) = value { PredicateError.quoted(text) } else { value.literal }
        throw PredicateError(
            "cannot compare \(attribute.type.rawValue) attribute \(PredicateError.quoted(attribute.name)) with \(shown)",
            column: column)
    }
}
