import ObjectGraph

/// The syntax tree of a parsed predicate.
///
/// `AND` and `OR` are n-ary and flattened when parsed (`a AND (b AND c)` is one `.and` of three),
/// so two formats that differ only in redundant parentheses give equal trees.
indirect enum PredicateNode: Sendable, Hashable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    case not(PredicateNode)
    /// Two or more operands.
    case and([PredicateNode])
    /// Two or more operands.
    case or([PredicateNode])
    case comparison(Comparison)

    /// Joins `lhs` and `rhs` with AND, flattening nested ANDs.
    static func and(_ lhs: PredicateNode, _ rhs: PredicateNode) -> PredicateNode {
        .and(lhs.andOperands + rhs.andOperands)
    }

    /// Joins `lhs` and `rhs` with OR, flattening nested ORs.
    static func or(_ lhs: PredicateNode, _ rhs: PredicateNode) -> PredicateNode {
        .or(lhs.orOperands + rhs.orOperands)
    }

    private var andOperands: [PredicateNode] {
        if case .and(let operands) = self { return operands }
        return [self]
    }

    private var orOperands: [PredicateNode] {
        if case .or(let operands) = self { return operands }
        return [self]
    }

    /// Calls `body` for each comparison in the tree, left to right.
    func forEachComparison<E: Error>(_ body: (Comparison) throws(E) -> Void) throws(E) {
        switch self {
        case .constant:
            break
        case .not(let operand):
            try operand.forEachComparison(body)
        case .and(let operands), .or(let operands):
            for operand in operands { try operand.forEachComparison(body) }
        case .comparison(let comparison):
            try body(comparison)
        }
    }
}

/// `lhs op[options] rhs`, or `ANY lhs op[options] rhs` (`ALL`, `NONE`) through a to-many key path.
struct Comparison: Sendable, Hashable {
    var lhs: Operand
    var op: ComparisonOperator
    var options: ComparisonOptions
    var rhs: Operand
    /// The aggregate modifier written before the left side, if any.
    var quantifier: Quantifier? = nil
}

/// NSPredicate's aggregate modifiers: how a comparison through a to-many relationship combines
/// the comparisons of the related objects.
enum Quantifier: String, Sendable, Hashable {
    /// `ANY` (or `SOME`): at least one related object matches.
    case any = "ANY"
    /// `ALL`: every related object matches (true when there are none).
    case all = "ALL"
    /// `NONE`: no related object matches.
    case none = "NONE"
}

/// One side of a comparison, with the column it was written at (ignored by `==` and `hash`).
struct Operand: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case key(String)
        case value(Value)
        case list([Value])
        /// `SUBQUERY(collection, $variable, predicate).@count`: how many objects of the to-many
        /// key path `collection` match `predicate`, whose keys start with `$variable`.
        indirect case subqueryCount(collection: String, variable: String, predicate: PredicateNode)
    }

    var kind: Kind
    /// 1-based column of the operand's first token.
    var column: Int
    /// For a list, the column of each element (all equal to `column` for a `%@` list).
    var elementColumns: [Int] = []

    static func == (lhs: Operand, rhs: Operand) -> Bool { lhs.kind == rhs.kind }

    func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// A comparison operator, spelled as `description` prints it.
enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case matches = "MATCHES"
    case `in` = "IN"
    case between = "BETWEEN"

    /// Whether a string operand compared with a date attribute is read as an ISO-8601 date.
    var comparesValues: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in, .between: true
        case .beginsWith, .endsWith, .contains, .like, .matches: false
        }
    }
}

/// The `[c]`, `[d]`, `[cd]` and `[n]` modifiers.
struct ComparisonOptions: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    /// `[c]`: case-insensitive.
    static let caseInsensitive = ComparisonOptions(rawValue: 1)
    /// `[d]`: diacritic-insensitive.
    static let diacriticInsensitive = ComparisonOptions(rawValue: 2)
    /// `[n]`: `NSNormalizedPredicateOption`, "the strings to be compared have been preprocessed.
    /// This option supersedes NSCaseInsensitivePredicateOption and
    /// NSDiacriticInsensitivePredicateOption, and is intended as a performance optimization"
    /// (Apple, `NSComparisonPredicate.Options.normalized`): the strings are compared as they are.
    static let normalized = ComparisonOptions(rawValue: 4)

    /// Parses the letters between the brackets (`c`, `d`, `n`, each at most once, in any order);
    /// `n` supersedes `c` and `d`, which are then dropped.
    init?(letters: String) {
        var options: ComparisonOptions = []
        for letter in letters.unicodeScalars {
            let option: ComparisonOptions
            switch letter {
            case "c": option = .caseInsensitive
            case "d": option = .diacriticInsensitive
            case "n": option = .normalized
            default: return nil
            }
            guard !options.contains(option) else { return nil }
            options.insert(option)
        }
        guard !options.isEmpty else { return nil }
        self = options.contains(.normalized) ? .normalized : options
    }

    /// Whether strings are folded before comparing (`[c]` or `[d]`).
    var foldsText: Bool { contains(.caseInsensitive) || contains(.diacriticInsensitive) }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `""`, `"[c]"`, `"[d]"`, `"[cd]"` or `"[n]"`.
    var suffix: String {
        if contains(.normalized) { return "[n]" }
        return switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
        case (false, false): ""
        case (true, false): "[c]"
        case (false, true): "[d]"
        case (true, true): "[cd]"
        }
    }
}
