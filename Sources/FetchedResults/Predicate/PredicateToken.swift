import ObjectGraph

/// One lexical unit of a predicate format.
struct PredicateToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A bare word that is not a reserved word: a key.
        case identifier(String)
        /// `#word`: a key even if the word is reserved.
        case escapedKey(String)
        case keyword(PredicateKeyword)
        /// A string literal, escapes resolved.
        case string(String)
        /// An integer or decimal literal.
        case number(Value)
        case symbol(PredicateSymbol)
        /// The letters between `[` and `]`.
        case modifier(String)
        /// `%K`
        case keyPlaceholder
        /// `%@`
        case valuePlaceholder
        /// `.@count` after `SUBQUERY(…)`: the collection operator, without `.@`.
        case collectionOperator(String)
        case end
    }

    var kind: Kind
    /// 1-based column of the first scalar.
    var column: Int
    /// The source text, as messages quote it.
    var text: String
}

/// Punctuation and operator symbols.
enum PredicateSymbol: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "&&"
    case or = "||"
    case not = "!"
    case openParen = "("
    case closeParen = ")"
    case openBrace = "{"
    case closeBrace = "}"
    case comma = ","

    /// Spellings longest first, so that `<=` wins over `<`; `=`, `<>`, `=<` and `=>` are aliases.
    static let spellings: [(String, PredicateSymbol)] = [
        ("==", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<=", .lessOrEqual),
        ("=<", .lessOrEqual), (">=", .greaterOrEqual), ("=>", .greaterOrEqual), ("&&", .and),
        ("||", .or), ("=", .equal), ("<", .less), (">", .greater), ("!", .not), ("(", .openParen),
        (")", .closeParen), ("{", .openBrace), ("}", .closeBrace), (",", .comma),
    ]
}

/// Reserved words, matched case-insensitively.
enum PredicateKeyword: Sendable, Equatable {
    case and, or, not
    case beginsWith, endsWith, contains, like, matches, `in`, between
    case null, `true`, `false`
    case truePredicate, falsePredicate, cast
    /// `ANY` (also `SOME`), `ALL`, `NONE`: a comparison through a to-many relationship.
    case any, all, none
    case subquery
    /// A reserved NSPredicate word this implementation does not support (`ANY`, `SELF`, …).
    case unsupported

    /// The keyword spelled by `word` (compared in upper case), if it is one.
    init?(_ word: String) {
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        switch word.uppercased() {
        case "AND": self = .and
        case "OR": self = .or
        case "NOT": self = .not
        case "BEGINSWITH": self = .beginsWith
        case "ENDSWITH": self = .endsWith
        case "CONTAINS": self = .contains
        case "LIKE": self = .like
        case "MATCHES": self = .matches
        case "IN": self = .in
        case "BETWEEN": self = .between
        case "NIL", "NULL": self = .null
        case "TRUE", "YES": self = .true
        case "FALSE", "NO": self = .false
        case "TRUEPREDICATE": self = .truePredicate
        case "FALSEPREDICATE": self = .falsePredicate
        case "CAST": self = .cast
        case "ANY", "SOME": self = .any
        case "ALL": self = .all
        case "NONE": self = .none
        case "SUBQUERY": self = .subquery
        case "SELF", "FIRST", "LAST", "SIZE", "ANYKEY",
            "FETCH", "FUNCTION", "INDEX":
            self = .unsupported
        default: return nil
        }
    }

    /// Whether `word` must be written `#word` to be read as a key.
    static func isReserved(_ word: String) -> Bool { PredicateKeyword(word) != nil }
}
