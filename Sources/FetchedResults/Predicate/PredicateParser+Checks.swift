import ObjectGraph

extension PredicateParser {
    /// Checks what the grammar alone allows but the operators do not: lists only after `IN` and
    /// `BETWEEN`, two bounds for `BETWEEN`, a list or string after `IN`, a valid `MATCHES` pattern.
    func check(_ comparison: Comparison) throws(PredicateError) {
        let (lhs, op, rhs) = (comparison.lhs, comparison.op, comparison.rhs)
        if case .list = lhs.kind {
            throw PredicateError("a list is only allowed after 'IN' or 'BETWEEN'", column: lhs.column)
        }
        switch (op, rhs.kind) {
        case (.between, .list(let bounds)):
            guard bounds.count == 2 else {
                throw PredicateError("'BETWEEN' needs a list of two values", column: rhs.column)
            }
        case (.between, _):
            throw PredicateError("'BETWEEN' needs a list of two values", column: rhs.column)
        case (.in, .list), (.in, .key), (.in, .value(.string)):
            break
        case (.in, _):
            throw PredicateError("'IN' needs a list or a string", column: rhs.column)
        case (_, .list):
            throw PredicateError("a list is only allowed after 'IN' or 'BETWEEN'", column: rhs.column)
        case (.matches, .value(.string(let pattern))):
            guard RegexPattern(pattern, options: comparison.options) != nil else {
                throw PredicateError.invalidRegex(pattern, column: rhs.column)
            }
        default:
            break
        }
    }
}

extension PredicateError {
    static func invalidRegex(_ pattern: String, column: Int) -> PredicateError {
        PredicateError("invalid regular expression \(quoted(pattern))", column: column)
    }
}
