import FetchSimCore
import ObjectGraph

extension Predicate {
    /// Resolves the predicate's keys against `entity`, ready to evaluate objects of it.
    ///
    /// Throws for a key that is not an attribute of `entity`. A string constant compared with a
    /// date attribute by `==`, `!=`, `<`, `<=`, `>`, `>=`, `IN` or `BETWEEN` is read with
    /// `ISO8601.parse`, and throws if it is not a date; the string operators (`BEGINSWITH`, …) do
    /// not convert, and are false for dates. With those value operators, a constant of another
    /// kind than its attribute (a string compared with an int attribute, a number with a string
    /// attribute) throws, naming the constant's column; the string operators on non-strings are
    /// simply false.
    package func bound(to entity: Entity) throws(PredicateError) -> BoundPredicate {
        var binder = PredicateBinder(entity: entity)
        let root = try binder.bind(self.root)
        return BoundPredicate(predicate: self, entity: entity, root: root, keyIndexes: binder.keyIndexes)
    }

    /// Binds against `keyPaths.entity`, reading a key path through relationships (`list.name`)
    /// at the position `keyPaths` gives it: evaluate with `KeyPathTable.values(of:)`.
    func bound(keyPaths: inout KeyPathTable) throws(PredicateError) -> BoundPredicate {
        var binder = PredicateBinder(entity: keyPaths.entity)
        binder.keyPaths = keyPaths
        let root = try binder.bind(self.root)
        if let table = binder.keyPaths { keyPaths = table }
        return BoundPredicate(predicate: self, entity: keyPaths.entity, root: root, keyIndexes: binder.keyIndexes)
    }
}

/// Turns a `PredicateNode` into a `BoundNode` for one entity.
struct PredicateBinder {
    let entity: Entity
    var keyIndexes: Set<Int> = []
    /// Where key paths through relationships resolve; without it a dotted key is unknown.
    var keyPaths: KeyPathTable?

    init(entity: Entity) {
        self.entity = entity
    }

    mutating func bind(_ node: PredicateNode) throws(PredicateError) -> BoundNode {
        switch node {
        case .constant(let value):
            return .constant(value)
        case .not(let operand):
            return .not(try bind(operand))
        case .and(let operands):
            var bound: [BoundNode] = []
            for operand in operands { bound.append(try bind(operand)) }
            return .and(bound)
        case .or(let operands):
            var bound: [BoundNode] = []
            for operand in operands { bound.append(try bind(operand)) }
            return .or(bound)
        case .comparison(let comparison):
            return try bind(comparison)
        }
    }

    private mutating func bind(_ comparison: Comparison) throws(PredicateError) -> BoundNode {
        if let bound = try bindThroughToMany(comparison) { return bound }
        let (op, options) = (comparison.op, comparison.options)
        var lhs = try operand(comparison.lhs)
        var rhs = try operand(comparison.rhs)
        if op.comparesValues {
            if let attribute = lhs.dateAttribute { rhs = try rhs.readingDates(for: attribute) }
            if let attribute = rhs.dateAttribute { lhs = try lhs.readingDates(for: attribute) }
            if case .attribute(_, let attribute) = lhs.kind { try rhs.requireComparable(with: attribute) }
            if case .attribute(_, let attribute) = rhs.kind { try lhs.requireComparable(with: attribute) }
        }
        if op == .matches {
            return try bindMatches(lhs: lhs, rhs: rhs, options: options, column: comparison.rhs.column)
        }
        let folding = Folding(lhs: lhs.folding(options), rhs: rhs.folding(options))
        lhs.fold(options)
        rhs.fold(options)
        let (a, b) = (lhs.term, rhs.term)
        switch op {
        case .equal: return .test(.equal(a, b, folding, negated: false))
        case .notEqual: return .test(.equal(a, b, folding, negated: true))
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return .test(.order(a, b, folding, op))
        case .beginsWith: return .test(.text(.beginsWith, a, b, folding))
        case .endsWith: return .test(.text(.endsWith, a, b, folding))
        case .contains: return .test(.text(.contains, a, b, folding))
        case .like: return .test(.text(.like, a, b, folding))
        case .in:
            if case .list(let values) = rhs.kind { return .test(.member(a, values, folding)) }
            return .test(.text(.containedIn, a, b, folding))
        case .between:
            // The parser guarantees a list of two; anything else cannot match.
            guard case .list(let bounds) = rhs.kind, bounds.count == 2 else { return .constant(false) }
            return .test(.between(a, bounds[0], bounds[1], folding))
        case .matches:
            return .constant(false)
        }
    }

    private func bindMatches(
        lhs: BoundOperand, rhs: BoundOperand, options: ComparisonOptions, column: Int
    ) throws(PredicateError) -> BoundNode {
        switch rhs.kind {
        case .attribute(let index, _):
            return .test(.dynamicRegex(lhs.term, .attribute(index), options))
        case .value(.string(let source)):
            guard let pattern = RegexPattern(source, options: options) else {
                throw PredicateError.invalidRegex(source, column: column)
            }
            return .test(.regex(lhs.term, pattern))
        default:
            // A non-string pattern matches nothing, as string operators on non-strings are false.
            return .constant(false)
        }
    }

    private mutating func operand(_ operand: Operand) throws(PredicateError) -> BoundOperand {
        switch operand.kind {
        case .key(let key) where key.contains(".") && keyPaths != nil:
            let resolved: (index: Int, attribute: Attribute)?
            do {
                resolved = try keyPaths?.resolve(key)
            } catch {
                throw PredicateError("key path \(PredicateError.quoted(key)): \(error.detail)", column: operand.column)
            }
            guard let resolved else {
                throw PredicateError("unknown key path \(PredicateError.quoted(key))", column: operand.column)
            }
            keyIndexes.insert(resolved.index)
            return BoundOperand(kind: .attribute(resolved.index, resolved.attribute), column: operand.column)
        case .key(let key):
            guard let index = entity.index(of: key) else {
                throw PredicateError(
                    "unknown attribute \(PredicateError.quoted(key)) of entity \(PredicateError.quoted(entity.name))",
                    column: operand.column,
                    suggestion: Suggestion.closest(to: key, among: entity.attributes.map(\.name)))
            }
            keyIndexes.insert(index)
            return BoundOperand(kind: .attribute(index, entity.attributes[index]), column: operand.column)
        case .value(let value):
            return BoundOperand(kind: .value(value), column: operand.column)
        case .list(let values):
            return BoundOperand(kind: .list(values), column: operand.column, elementColumns: operand.elementColumns)
        case .subqueryCount(let collection, let variable, let predicate):
            let inner = try predicate.replacingVariable(variable, column: operand.column)
            let index = try subqueryCount(collection, inner, column: operand.column)
            return BoundOperand(kind: .attribute(index, ResolvedKeyPath.countAttribute), column: operand.column)
        }
    }

    /// A comparison through a to-many relationship — `ANY notes.done == YES`, `ALL …`, `NONE …`,
    /// or a key path through one without a modifier, which reads as `ANY` (as Core Data's SQL
    /// does) — as a count of the related objects that match: more than none for `ANY`, none for
    /// `NONE`, none failing for `ALL`. Nil for a comparison that goes through no to-many
    /// relationship and has no modifier.
    private mutating func bindThroughToMany(_ comparison: Comparison) throws(PredicateError) -> BoundNode? {
        guard let table = keyPaths else {
            guard comparison.quantifier == nil else {
                throw PredicateError(
                    "\(comparison.quantifier?.rawValue ?? "") needs a schema to follow relationships",
                    column: comparison.lhs.column)
            }
            return nil
        }
        if case .key(let key) = comparison.rhs.kind, table.toManySplit(key) != nil {
            throw PredicateError(
                "put the to-many key path \(PredicateError.quoted(key)) on the left of the comparison",
                column: comparison.rhs.column)
        }
        guard case .key(let key) = comparison.lhs.kind, let split = table.toManySplit(key) else {
            guard let quantifier = comparison.quantifier else { return nil }
            throw PredicateError(
                "\(quantifier.rawValue) needs a key path through a to-many relationship (like notes.done)",
                column: comparison.lhs.column)
        }
        guard !split.rest.isEmpty else {
            throw PredicateError(
                "compare the to-many relationship \(PredicateError.quoted(split.collection)) through a key after it "
                    + "(\(split.collection).title), \(split.collection).@count or SUBQUERY",
                column: comparison.lhs.column)
        }
        switch comparison.rhs.kind {
        case .value, .list: break
        default:
            throw PredicateError(
                "a comparison through the to-many relationship \(PredicateError.quoted(split.collection)) needs a constant on the right",
                column: comparison.rhs.column)
        }
        var inner = comparison
        inner.lhs.kind = .key(split.rest)
        inner.quantifier = nil
        let quantifier = comparison.quantifier ?? .any
        let node: PredicateNode = quantifier == .all ? .not(.comparison(inner)) : .comparison(inner)
        let index = try subqueryCount(split.collection, node, column: comparison.lhs.column)
        keyIndexes.insert(index)
        switch quantifier {
        case .any: return .test(.order(.attribute(index), .constant(.int(0)), .none, .greater))
        case .all, .none: return .test(.equal(.attribute(index), .constant(.int(0)), .none, negated: false))
        }
    }

    /// The position of the count of `collection`'s objects that `predicate` (its keys those of
    /// the destination entity) matches.
    private mutating func subqueryCount(_ collection: String, _ predicate: PredicateNode, column: Int)
        throws(PredicateError) -> Int
    {
        guard var table = keyPaths else {
            throw PredicateError("SUBQUERY needs a schema to follow relationships", column: column)
        }
        let resolved: (hops: [Int], index: Int, destination: Entity)
        do {
            resolved = try ResolvedKeyPath.collection(collection, entity: table.entity, schema: table.schema)
        } catch {
            throw PredicateError("key path \(PredicateError.quoted(collection)): \(error.detail)", column: column)
        }
        var inner = KeyPathTable(entity: resolved.destination, schema: table.schema)
        let subquery = Predicate(root: predicate)
        let bound = try subquery.bound(keyPaths: &inner)
        let text = "SUBQUERY(\(collection), $_, \(subquery)).@count"
        let index = table.resolveSubquery(
            text, hops: resolved.hops, index: resolved.index,
            counting: SubqueryCount(predicate: bound, keyPaths: inner))
        keyPaths = table
        keyIndexes.insert(index)
        return index
    }
}

extension PredicateNode {
    /// The subquery's predicate with its variable dropped from its keys: `$n.done` reads `done`
    /// of the related object. Every key must start with the variable; nested subqueries too.
    func replacingVariable(_ variable: String, column: Int) throws(PredicateError) -> PredicateNode {
        switch self {
        case .constant:
            return self
        case .not(let operand):
            return .not(try operand.replacingVariable(variable, column: column))
        case .and(let operands):
            var replaced: [PredicateNode] = []
            for operand in operands { replaced.append(try operand.replacingVariable(variable, column: column)) }
            return .and(replaced)
        case .or(let operands):
            var replaced: [PredicateNode] = []
            for operand in operands { replaced.append(try operand.replacingVariable(variable, column: column)) }
            return .or(replaced)
        case .comparison(var comparison):
            comparison.lhs = try comparison.lhs.replacingVariable(variable)
            comparison.rhs = try comparison.rhs.replacingVariable(variable)
            return .comparison(comparison)
        }
    }
}

extension Operand {
    /// This operand with `variable.` dropped from its key (or a nested subquery's collection).
    func replacingVariable(_ variable: String) throws(PredicateError) -> Operand {
        var copy = self
        switch kind {
        case .key(let key):
            copy.kind = .key(try Self.dropping(variable, from: key, column: column))
        case .subqueryCount(let collection, let inner, let predicate):
            copy.kind = .subqueryCount(
                collection: try Self.dropping(variable, from: collection, column: column),
                variable: inner, predicate: predicate)
        case .value, .list:
            break
        }
        return copy
    }

    private static func dropping(_ variable: String, from key: String, column: Int) throws(PredicateError) -> String {
        guard key.hasPrefix(variable + "."), key.count > variable.count + 1 else {
            throw PredicateError(
                "inside SUBQUERY, key \(PredicateError.quoted(key)) must start with \(variable).", column: column)
        }
        return String(key.dropFirst(variable.count + 1))
    }
}
