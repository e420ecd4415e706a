import ObjectGraph

/// One bound comparison.
///
/// Each string side carries the folding still to apply when evaluating: the comparison's
/// options for an attribute, none for a constant (folded when bound).
enum BoundTest: Sendable {
    /// `==`, or `!=` when negated.
    case equal(BoundTerm, BoundTerm, Folding, negated: Bool)
    /// `<`, `<=`, `>`, `>=`.
    case order(BoundTerm, BoundTerm, Folding, ComparisonOperator)
    /// `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, and `IN` with a string on the right.
    case text(TextOperation, BoundTerm, BoundTerm, Folding)
    /// `MATCHES` with a constant pattern.
    case regex(BoundTerm, RegexPattern)
    /// `MATCHES` with a pattern read from an attribute, compiled on each evaluation.
    case dynamicRegex(BoundTerm, BoundTerm, ComparisonOptions)
    /// `IN` a list.
    case member(BoundTerm, [Value], Folding)
    /// `BETWEEN {low, high}`.
    case between(BoundTerm, Value, Value, Folding)

    enum TextOperation: Sendable {
        case beginsWith, endsWith, contains, like
        /// `lhs IN rhs` for a string `rhs`: `rhs` contains `lhs`.
        case containedIn
    }

    func evaluate(_ values: some PredicateValues) -> Bool {
        switch self {
        case .equal(let lhs, let rhs, let folding, let negated):
            return ValueComparison.equals(lhs.value(in: values), rhs.value(in: values), folding) != negated
        case .order(let lhs, let rhs, let folding, let op):
            guard let order = ValueComparison.order(lhs.value(in: values), rhs.value(in: values), folding) else {
                return false
            }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .text(let operation, let lhs, let rhs, let folding):
            guard case .string(let a) = lhs.value(in: values), case .string(let b) = rhs.value(in: values) else {
                return false
            }
            return TextFolding.withUTF8(a, folding: folding.lhs, b, folding: folding.rhs) { x, y in
                switch operation {
                case .beginsWith: UTF8Text.hasPrefix(x, y)
                case .endsWith: UTF8Text.hasSuffix(x, y)
                case .contains: UTF8Text.contains(x, y)
                case .like: LikePattern.matches(x, y)
                case .containedIn: UTF8Text.contains(y, x)
                }
            }
        case .regex(let lhs, let pattern):
            guard case .string(let text) = lhs.value(in: values) else { return false }
            return pattern.matches(text)
        case .dynamicRegex(let lhs, let rhs, let options):
            guard case .string(let text) = lhs.value(in: values), case .string(let source) = rhs.value(in: values),
                let pattern = RegexPattern(source, options: options)
            else { return false }
            return pattern.matches(text)
        case .member(let lhs, let list, let folding):
            let value = lhs.value(in: values)
            for element in list where ValueComparison.equals(value, element, folding) { return true }
            return false
        case .between(let lhs, let low, let high, let folding):
            let value = lhs.value(in: values)
            guard let fromLow = ValueComparison.order(value, low, folding), fromLow >= 0,
                let toHigh = ValueComparison.order(value, high, folding)
            else { return false }
            return toHigh <= 0
        }
    }
}

/// The folding still to apply to each side of a string comparison.
struct Folding: Sendable {
    var lhs: ComparisonOptions = []
    var rhs: ComparisonOptions = []

    static let none = Folding()

    var isNone: Bool { lhs.isEmpty && rhs.isEmpty }
}
