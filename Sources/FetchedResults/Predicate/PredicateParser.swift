import ObjectGraph

/// Recursive-descent parser for the NSPredicate format syntax.
///
/// Grammar, lowest precedence first:
///
///     predicate  := or END
///     or         := and (("OR" | "||") and)*
///     and        := not (("AND" | "&&") not)*
///     not        := ("NOT" | "!") not | primary
///     primary    := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
///     comparison := ("ANY" | "SOME" | "ALL" | "NONE")? operand operator modifier? operand
///     operand    := key | constant | list | placeholder
///                 | "SUBQUERY" "(" key "," $variable "," or ")" ".@count"
///
/// Operands are parsed in `PredicateParser+Operands.swift`; placement rules for lists and
/// patterns are checked in `PredicateParser+Checks.swift`.
struct PredicateParser {
    /// Parentheses and NOTs deeper than this are an error, so nothing recurses without bound.
    static let maximumDepth = 100

    var tokens: [PredicateToken]
    var position = 0
    let arguments: [PredicateArgument]
    var argumentIndex = 0
    var depth = 0

    init(format: String, arguments: [PredicateArgument]) throws(PredicateError) {
        var lexer = PredicateLexer(format)
        tokens = try lexer.tokenize()
        self.arguments = arguments
    }

    var current: PredicateToken { tokens[min(position, tokens.count - 1)] }

    /// The text of the last consumed token, for "expected … after '…'" messages.
    var previousText: String { position > 0 ? tokens[position - 1].text : "" }

    mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    /// Parses the whole format and checks that every argument was used.
    mutating func parse() throws(PredicateError) -> PredicateNode {
        guard current.kind != .end else { throw PredicateError("empty predicate", column: current.column) }
        let node = try parseOr()
        guard current.kind == .end else { throw unexpected(current) }
        if argumentIndex < arguments.count {
            throw PredicateError("unused argument \(argumentIndex + 1)", column: current.column)
        }
        return node
    }

    /// The predicate inside `SUBQUERY(…)`, up to its closing parenthesis.
    mutating func parseSubqueryPredicate() throws(PredicateError) -> PredicateNode {
        try parseOr()
    }

    private mutating func parseOr() throws(PredicateError) -> PredicateNode {
        var node = try parseAnd()
        while current.kind == .keyword(.or) || current.kind == .symbol(.or) {
            advance()
            node = .or(node, try parseAnd())
        }
        return node
    }

    private mutating func parseAnd() throws(PredicateError) -> PredicateNode {
        var node = try parseNot()
        while current.kind == .keyword(.and) || current.kind == .symbol(.and) {
            advance()
            node = .and(node, try parseNot())
        }
        return node
    }

    private mutating func parseNot() throws(PredicateError) -> PredicateNode {
        guard current.kind == .keyword(.not) || current.kind == .symbol(.not) else { return try parsePrimary() }
        try enter()
        advance()
        let operand = try parseNot()
        depth -= 1
        return .not(operand)
    }

    private mutating func parsePrimary() throws(PredicateError) -> PredicateNode {
        switch current.kind {
        case .symbol(.openParen):
            try enter()
            advance()
            let node = try parseOr()
            guard current.kind == .symbol(.closeParen) else {
                throw PredicateError("expected ')'", column: current.column)
            }
            advance()
            depth -= 1
            return node
        case .keyword(.truePredicate):
            advance()
            return .constant(true)
        case .keyword(.falsePredicate):
            advance()
            return .constant(false)
        case .end:
            throw PredicateError(
                "expected a predicate after \(PredicateError.quoted(previousText))", column: current.column)
        case .keyword(.any), .keyword(.all), .keyword(.none):
            let quantifier: Quantifier =
                current.kind == .keyword(.any) ? .any : current.kind == .keyword(.all) ? .all : .none
            let word = current
            advance()
            guard let lhs = try parseOperand(), case .key = lhs.kind else {
                throw PredicateError(
                    "expected a key path after \(PredicateError.quoted(word.text))", column: current.column)
            }
            var comparison = try parseComparison(lhs: lhs)
            comparison.quantifier = quantifier
            return .comparison(comparison)
        default:
            guard let lhs = try parseOperand() else { throw unexpected(current) }
            return .comparison(try parseComparison(lhs: lhs))
        }
    }

    mutating func enter() throws(PredicateError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw PredicateError(
                "predicate is nested more than \(Self.maximumDepth) levels deep", column: current.column)
        }
    }

    private mutating func parseComparison(lhs: Operand) throws(PredicateError) -> Comparison {
        guard let op = comparisonOperator(current.kind) else {
            throw PredicateError(
                "expected an operator after \(PredicateError.quoted(previousText))", column: current.column)
        }
        var opText = current.text
        advance()
        var options: ComparisonOptions = []
        if case .modifier(let letters) = current.kind {
            guard let parsed = ComparisonOptions(letters: letters) else {
                throw PredicateError("unknown modifier \(PredicateError.quoted(current.text))", column: current.column)
            }
            options = parsed
            opText += current.text
            advance()
        }
        guard let rhs = try parseOperand() else {
            throw PredicateError("expected a value after \(PredicateError.quoted(opText))", column: current.column)
        }
        let comparison = Comparison(lhs: lhs, op: op, options: options, rhs: rhs)
        try check(comparison)
        return comparison
    }

    private func comparisonOperator(_ kind: PredicateToken.Kind) -> ComparisonOperator? {
        switch kind {
        case .symbol(.equal): .equal
        case .symbol(.notEqual): .notEqual
        case .symbol(.less): .less
        case .symbol(.lessOrEqual): .lessOrEqual
        case .symbol(.greater): .greater
        case .symbol(.greaterOrEqual): .greaterOrEqual
        case .keyword(.beginsWith): .beginsWith
        case .keyword(.endsWith): .endsWith
        case .keyword(.contains): .contains
        case .keyword(.like): .like
        case .keyword(.matches): .matches
        case .keyword(.in): .in
        case .keyword(.between): .between
        default: nil
        }
    }

    func unexpected(_ token: PredicateToken) -> PredicateError {
        if case .keyword(.unsupported) = token.kind {
            return PredicateError("unsupported keyword \(PredicateError.quoted(token.text))", column: token.column)
        }
        return PredicateError("unexpected \(PredicateError.quoted(token.text))", column: token.column)
    }
}
