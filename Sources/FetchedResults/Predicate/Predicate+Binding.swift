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
    public func bound(to entity: Entity) throws(PredicateError) -> BoundPredicate {
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
            guard let resolved else { throw PredicateError("unknown key path \(PredicateError.quoted(key))", column: operand.column) }
            keyIndexes.insert(resolved.index)
            return BoundOperand(kind: .attribute(resolved.index, resolved.attribute), column: operand.column)
        case .key(let key):
            guard let index = entity.index(of: key) else {
                throw PredicateError(
                    "unknown attribute \(PredicateError.quoted(key)) of entity \(PredicateError.quoted(entity.name))",
                    column: operand.column, suggestion: Suggestion.closest(to: key, among: entity.attributes.map(\.name)))
            }
            keyIndexes.insert(index)
            return BoundOperand(kind: .attribute(index, entity.attributes[index]), column: operand.column)
        case .value(let value):
            return BoundOperand(kind: .value(value), column: operand.column)
        case .list(let values):
            return BoundOperand(kind: .list(values), column: operand.column, elementColumns: operand.elementColumns)
        }
    }
}
