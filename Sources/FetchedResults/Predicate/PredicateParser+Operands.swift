import Foundation
import ObjectGraph

extension PredicateParser {
    /// Parses a key, a constant, a placeholder or a list; `nil`, consuming nothing, if the
    /// current token cannot start one.
    mutating func parseOperand() throws(PredicateError) -> Operand? {
        let token = current
        switch token.kind {
        case .identifier(let key), .escapedKey(let key):
            advance()
            return Operand(kind: .key(key), column: token.column)
        case .keyPlaceholder:
            advance()
            return Operand(kind: .key(try keyArgument(for: token)), column: token.column)
        case .valuePlaceholder:
            advance()
            switch try argument(for: token) {
            case .value(let value):
                return Operand(kind: .value(value), column: token.column)
            case .list(let values):
                return Operand(
                    kind: .list(values), column: token.column, elementColumns: values.map { _ in token.column })
            case .key:
                throw wrongArgument(for: token, expected: "a value or a list", got: "a key")
            }
        case .symbol(.openBrace):
            return try parseList()
        case .keyword(.subquery):
            return try parseSubquery()
        default:
            guard let value = try parseConstant() else { return nil }
            return Operand(kind: .value(value), column: token.column)
        }
    }

    /// Parses a literal, `%@` with a value argument, or `CAST(…)`; `nil`, consuming nothing,
    /// if the current token cannot start one.
    private mutating func parseConstant() throws(PredicateError) -> Value? {
        let token = current
        let value: Value
        switch token.kind {
        case .string(let string): value = .string(string)
        case .number(let number): value = number
        case .keyword(.null): value = .null
        case .keyword(.true): value = .bool(true)
        case .keyword(.false): value = .bool(false)
        case .keyword(.cast): return try parseCast()
        case .valuePlaceholder:
            advance()
            switch try argument(for: token) {
            case .value(let value): return value
            case .key: throw wrongArgument(for: token, expected: "a value", got: "a key")
            case .list: throw wrongArgument(for: token, expected: "a value", got: "a list")
            }
        default: return nil
        }
        advance()
        return value
    }

    /// `SUBQUERY(collection, $variable, predicate).@count`; the variable's keys are checked when
    /// the predicate is bound.
    private mutating func parseSubquery() throws(PredicateError) -> Operand {
        let column = current.column
        advance()
        try expect(.symbol(.openParen), "'('")
        guard case .identifier(let collection) = current.kind, !collection.hasPrefix("$") else {
            throw PredicateError("expected a to-many key path after 'SUBQUERY('", column: current.column)
        }
        advance()
        try expect(.symbol(.comma), "','")
        guard case .identifier(let variable) = current.kind, variable.hasPrefix("$"), !variable.contains(".") else {
            throw PredicateError(
                "expected a variable like $x after \(PredicateError.quoted(previousText))", column: current.column)
        }
        advance()
        try expect(.symbol(.comma), "','")
        try enter()
        let predicate = try parseSubqueryPredicate()
        depth -= 1
        try expect(.symbol(.closeParen), "')'")
        guard case .collectionOperator(let name) = current.kind else {
            throw PredicateError("expected '.@count' after 'SUBQUERY(…)'", column: current.column)
        }
        guard name == "count" else {
            throw PredicateError(
                "unsupported collection operator \(PredicateError.quoted("@" + name)) (only @count)",
                column: current.column)
        }
        advance()
        return Operand(
            kind: .subqueryCount(collection: collection, variable: variable, predicate: predicate), column: column)
    }

    /// `{ constant (, constant)* }` or `{}`.
    private mutating func parseList() throws(PredicateError) -> Operand {
        let column = current.column
        advance()
        var values: [Value] = []
        var columns: [Int] = []
        if current.kind == .symbol(.closeBrace) {
            advance()
            return Operand(kind: .list([]), column: column)
        }
        while true {
            let elementColumn = current.column
            guard let value = try parseConstant() else {
                throw PredicateError(
                    "expected a value after \(PredicateError.quoted(previousText))", column: current.column)
            }
            values.append(value)
            columns.append(elementColumn)
            switch current.kind {
            case .symbol(.comma):
                advance()
            case .symbol(.closeBrace):
                advance()
                return Operand(kind: .list(values), column: column, elementColumns: columns)
            default:
                throw PredicateError("expected ',' or '}'", column: current.column)
            }
        }
    }

    /// `CAST(number, "NSDate")`: a date given as seconds since 2001-01-01 00:00 UTC, as
    /// NSPredicate's own `description` writes dates.
    private mutating func parseCast() throws(PredicateError) -> Value {
        advance()
        try expect(.symbol(.openParen), "'('")
        let seconds: Double
        switch current.kind {
        case .number(let number):
            seconds = number.numericValue ?? 0
            advance()
        default:
            throw PredicateError(
                "expected a number after \(PredicateError.quoted(previousText))", column: current.column)
        }
        try expect(.symbol(.comma), "','")
        guard case .string(let type) = current.kind else {
            throw PredicateError(
                "expected a type name after \(PredicateError.quoted(previousText))", column: current.column)
        }
        guard type == "NSDate" else {
            throw PredicateError("unsupported cast to \(PredicateError.quoted(type))", column: current.column)
        }
        advance()
        try expect(.symbol(.closeParen), "')'")
        return .date(Date(timeIntervalSinceReferenceDate: seconds))
    }

    mutating func expect(_ kind: PredicateToken.Kind, _ quoted: String) throws(PredicateError) {
        guard current.kind == kind else {
            throw PredicateError(
                "expected \(quoted) after \(PredicateError.quoted(previousText))", column: current.column)
        }
        advance()
    }

    /// The next argument, for the placeholder `token`.
    private mutating func argument(for token: PredicateToken) throws(PredicateError) -> PredicateArgument {
        guard argumentIndex < arguments.count else {
            throw PredicateError("\(PredicateError.quoted(token.text)) has no matching argument", column: token.column)
        }
        argumentIndex += 1
        let argument = arguments[argumentIndex - 1]
        // `description` could not write a non-finite number back as a literal.
        let values: [Value] =
            switch argument {
            case .key: []
            case .value(let value): [value]
            case .list(let list): list
            }
        for case .double(let number) in values where !number.isFinite {
            throw PredicateError(
                "argument \(argumentIndex) for \(PredicateError.quoted(token.text)) must be a finite number, not \(number)",
                column: token.column)
        }
        return argument
    }

    /// The next argument as a key, for `%K`.
    private mutating func keyArgument(for token: PredicateToken) throws(PredicateError) -> String {
        let argument = try argument(for: token)
        guard case .key(let key) = argument else {
            throw wrongArgument(for: token, expected: "a key", got: argument.kindName)
        }
        guard Self.isKey(key) else {
            throw PredicateError(
                "invalid key \(PredicateError.quoted(key)) for argument \(argumentIndex)", column: token.column)
        }
        return key
    }

    private func wrongArgument(for token: PredicateToken, expected: String, got: String) -> PredicateError {
        PredicateError(
            "argument \(argumentIndex) for \(PredicateError.quoted(token.text)) must be \(expected), not \(got)",
            column: token.column)
    }

    /// Whether `key` is an identifier: a letter or `_`, then letters, digits and `_`.
    static func isKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
