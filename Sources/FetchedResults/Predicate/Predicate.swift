import ObjectGraph

/// A filter written in Apple's NSPredicate format syntax, such as
/// `title BEGINSWITH[c] 'a' AND order < 3`.
///
/// Syntax: comparisons `==` `!=` `<` `<=` `>` `>=` (also `=` `<>` `=<` `=>`), `BEGINSWITH`,
/// `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, `IN` and `BETWEEN`, each optionally followed by
/// `[c]`, `[d]` or `[cd]`; `NOT` binds tighter than `AND`, which binds tighter than `OR` (also `!`,
/// `&&`, `||`), and parentheses group. Operands are keys (identifiers, or `#word` for a reserved
/// word), single- or double-quoted strings with backslash escapes, integers and decimals,
/// `TRUE`/`YES`, `FALSE`/`NO`, `NIL`/`NULL`, `{…}` lists (after `IN` and `BETWEEN` only),
/// `CAST(seconds, "NSDate")` dates and the `%K` and `%@` placeholders. `TRUEPREDICATE` and
/// `FALSEPREDICATE` stand alone. Keywords are case-insensitive, keys are not. Either side of a
/// comparison may be a key.
///
/// Semantics, following NSPredicate where it defines them:
/// - `==` and `!=` work with `nil`; `<`, `<=`, `>`, `>=` and `BETWEEN` (inclusive) are false when
///   either side is `nil`, and — a choice, where NSPredicate would raise — when the sides are of
///   different kinds (a string and a number, a date and a number).
/// - Numbers compare numerically across `int`, `double` and `bool` (`TRUE == 1`), as `Value.compare`
///   does; dates compare by time; strings by Unicode scalars, so `é` written precomposed and
///   decomposed are different unless `[d]` is given.
/// - `[c]` and `[d]` fold case and diacritics (Foundation folding, no locale) for the string
///   operators, `==`, `!=`, the ordering operators, `IN` and `BETWEEN`; they do not affect
///   non-strings.
/// - String operators are false unless both sides are strings. The empty string is a prefix,
///   suffix and substring of every string (a choice: `NSString` answers no for an empty search).
/// - `LIKE` matches the whole string with `*` (any run) and `?` (one character); a backslash
///   makes the next pattern character literal. `MATCHES` is an ICU regular expression that must
///   match the whole string; an invalid constant pattern is an error, an invalid pattern read from
///   an attribute simply does not match.
/// - `x IN {…}` is membership by `==`; `x IN s` with a string `s` is "`s` contains `x`".
///
/// Parsing checks syntax and arguments; a fetch request's controller checks the keys against its
/// entity. Two predicates are equal when their syntax trees are: source positions, redundant
/// parentheses and alternative spellings (`=`, `&&`, `YES`, …) do not count.
///
/// ```swift
/// let predicate = try Predicate(format: "title BEGINSWITH[c] %@ OR list == 'Errands'", arguments: ["m"])
/// predicate.description  // #"title BEGINSWITH[c] "m" OR list == "Errands""#
/// request.predicate = predicate  // the notes by title: Milk, Stamps
/// ```
public struct Predicate: Sendable, Hashable {
    let root: PredicateNode

    init(root: PredicateNode) {
        self.root = root
    }

    /// Parses `format`, substituting `arguments` for its `%K` and `%@` placeholders in order.
    ///
    /// Throws for a syntax error, a missing, unused or wrongly-kinded argument, a misplaced list,
    /// an unknown modifier or an invalid `MATCHES` pattern, each with the column of the culprit.
    /// Nesting (parentheses and `NOT`) is limited to 100 levels.
    /// - Complexity: O(*n*) in the length of the format, plus regular-expression compilation.
    public init(format: String, arguments: [PredicateArgument] = []) throws(PredicateError) {
        var parser = try PredicateParser(format: format, arguments: arguments)
        root = try parser.parse()
    }

    /// `TRUEPREDICATE`: matches every object.
    public static let truePredicate = Predicate(root: .constant(true))

    /// `FALSEPREDICATE`: matches no object.
    public static let falsePredicate = Predicate(root: .constant(false))

    /// The attribute keys the predicate reads.
    package var keys: Set<String> {
        var keys: Set<String> = []
        root.forEachComparison { (comparison: Comparison) in
            for operand in [comparison.lhs, comparison.rhs] {
                if case .key(let key) = operand.kind { keys.insert(key) }
                if case .subqueryCount(let collection, _, _) = operand.kind { keys.insert(collection) }
            }
        }
        return keys
    }
}
