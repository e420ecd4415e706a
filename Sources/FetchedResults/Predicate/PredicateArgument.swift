import ObjectGraph

/// What a `%K` or `%@` placeholder in a predicate format stands for.
///
/// Arguments are consumed in order: the first placeholder takes the first argument, and so on.
/// `%K` needs a `.key`; `%@` needs a `.value`, or a `.list` where a list may stand
/// (after `IN` or `BETWEEN`).
///
/// ```swift
/// try Predicate(format: "%K IN %@", arguments: [.key("list"), .list([.string("Groceries"), .string("Errands")])])
///     == Predicate(format: "list IN {'Groceries', 'Errands'}")              // true
/// try Predicate(format: "order < %@", arguments: [3]) == Predicate(format: "order < 3")  // true: 3 is .value(.int(3))
/// ```
public enum PredicateArgument: Sendable, Equatable {
    /// An attribute key, for `%K`.
    case key(String)
    /// A constant, for `%@`.
    case value(Value)
    /// A collection of constants, for `%@` after `IN` or `BETWEEN`.
    case list([Value])
}

extension PredicateArgument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// A string literal is a string value (use `.key` for a key).
    public init(stringLiteral value: String) { self = .value(.string(value)) }
    /// An int argument, written as a literal.
    public init(integerLiteral value: Int) { self = .value(.int(value)) }
    /// A double argument, written as a literal.
    public init(floatLiteral value: Double) { self = .value(.double(value)) }
    /// A bool argument, written as a literal.
    public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }

    /// What this argument is, for error messages: "a key", "a value" or "a list".
    var kindName: String {
        switch self {
        case .key: "a key"
        case .value: "a value"
        case .list: "a list"
        }
    }
}
