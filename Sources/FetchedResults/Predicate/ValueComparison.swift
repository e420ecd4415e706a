import ObjectGraph

/// Equality and ordering of values, as predicates use them.
///
/// Equality is `Value.compare(a, b) == 0`: `nil` equals only `nil`; `int`, `double` and `bool`
/// compare numerically (`TRUE == 1`, as with `NSNumber`); values of different kinds are unequal.
/// Ordering is defined only between two numbers, two strings or two dates, and a `NaN` orders
/// with nothing: any other pair (including anything with `nil`) makes `<`, `<=`, `>`, `>=` and
/// `BETWEEN` false, where NSPredicate would return false for `nil` and raise for mixed kinds.
enum ValueComparison {
    static func equals(_ a: Value, _ b: Value, _ folding: Folding) -> Bool {
        if !folding.isNone, case .string(let x) = a, case .string(let y) = b {
            return compareText(x, y, folding) == 0
        }
        return Value.compare(a, b) == 0
    }

    /// Three-way order of `a` and `b`, or `nil` if they do not order.
    static func order(_ a: Value, _ b: Value, _ folding: Folding) -> Int? {
        switch (a, b) {
        case (.string(let x), .string(let y)):
            return folding.isNone ? Value.compare(a, b) : compareText(x, y, folding)
        case (.date, .date), (.int, .int):
            return Value.compare(a, b)
        default:
            guard let x = a.numericValue, let y = b.numericValue, !x.isNaN, !y.isNaN else { return nil }
            return Value.compare(a, b)
        }
    }

    private static func compareText(_ a: String, _ b: String, _ folding: Folding) -> Int {
        TextFolding.withUTF8(a, folding: folding.lhs, b, folding: folding.rhs) { x, y in UTF8Text.compare(x, y) }
    }
}
