import ObjectGraph

/// A predicate resolved against one entity, ready to test objects quickly.
///
/// Keys are attribute positions and constants are converted and folded once, in
/// `Predicate.bound(to:)`, so `evaluate(_:)` does no string lookups and, for comparisons of
/// numbers, dates, nil and unmodified or ASCII strings, no heap allocation. `MATCHES`, and `[c]`
/// or `[d]` on non-ASCII text, allocate.
package struct BoundPredicate: Sendable {
    /// The predicate this was bound from.
    package let predicate: Predicate
    /// The entity whose attribute values `evaluate(_:)` takes.
    package let entity: Entity
    let root: BoundNode
    private let indexes: Set<Int>

    init(predicate: Predicate, entity: Entity, root: BoundNode, keyIndexes: Set<Int>) {
        self.predicate = predicate
        self.entity = entity
        self.root = root
        self.indexes = keyIndexes
    }

    /// The positions in `entity.attributes` the predicate reads; a change to any other attribute
    /// cannot change the result.
    package var keyIndexes: Set<Int> { indexes }

    /// Whether an object with these attribute values, in `entity.attributes` order, matches.
    package func evaluate(_ values: [Value]) -> Bool {
        precondition(
            values.count == entity.attributes.count,
            "evaluate(_:) needs one value per attribute of '\(entity.name)' (\(entity.attributes.count)), got \(values.count); pass them in entity.attributes order"
        )
        return root.evaluate(values)
    }
}

/// The bound form of `PredicateNode`.
indirect enum BoundNode: Sendable {
    case constant(Bool)
    case not(BoundNode)
    case and([BoundNode])
    case or([BoundNode])
    case test(BoundTest)

    func evaluate(_ values: some PredicateValues) -> Bool {
        switch self {
        case .constant(let result):
            return result
        case .not(let operand):
            return !operand.evaluate(values)
        case .and(let operands):
            for operand in operands where !operand.evaluate(values) { return false }
            return true
        case .or(let operands):
            for operand in operands where operand.evaluate(values) { return true }
            return false
        case .test(let test):
            return test.evaluate(values)
        }
    }
}

/// A comparison operand after binding: an attribute position or a (converted, folded) constant.
enum BoundTerm: Sendable {
    case attribute(Int)
    case constant(Value)

    @inline(__always)
    func value(in values: some PredicateValues) -> Value {
        switch self {
        case .attribute(let index): values[index]
        case .constant(let value): value
        }
    }
}

/// The values a bound predicate reads, by position: an object's attributes, then its key paths'
/// values (`KeyPathTable`). An array of them, or the object itself read in place
/// (`ExtendedValues`), which builds no array per evaluation.
protocol PredicateValues {
    subscript(index: Int) -> Value { get }
}

extension Array: PredicateValues where Element == Value {}
