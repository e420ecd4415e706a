/// The values an object had at the start of the change event being built, for the attributes
/// the event wrote (attribute index → value then): what `ObjectContext.pendingUpdated` keeps per
/// updated object.
///
/// Most events write one attribute of an object, so the first pair is held inline and only the
/// others go to an array: no allocation for one attribute, where a `[Int: Value]` would allocate a
/// hash table per updated object and free it when the event is processed (docs/performance.md,
/// "The context's event").
/// Reads the way that dictionary would (`olds[index]`, `for (index, value) in olds`, `[:]`); the
/// pairs come in the order their attributes were first written.
struct PendingOlds: Sequence, ExpressibleByDictionaryLiteral {
    /// The first attribute written (-1: none yet) and its value at the start of the event.
    private var firstIndex = -1
    private var firstValue = Value.null
    /// The attributes written after the first, in order (empty: no allocation).
    private var rest: [Pair] = []

    private struct Pair {
        let index: Int
        var value: Value
    }

    /// No attribute written yet (the object is updated without a changed value, `touch`).
    init() {}

    init(dictionaryLiteral elements: (Int, Value)...) {
        for (index, value) in elements { self[index] = value }
    }

    /// The number of attributes written.
    var count: Int { (firstIndex >= 0 ? 1 : 0) + rest.count }

    /// The value attribute `index` had at the start of the event, if the event wrote it.
    /// Setting a value records it (replacing any recorded one); setting `nil` forgets it.
    subscript(index: Int) -> Value? {
        get {
            if firstIndex == index { return firstValue }
            for pair in rest where pair.index == index { return pair.value }
            return nil
        }
        set {
            if firstIndex == index {
                if let newValue {
                    firstValue = newValue
                } else if rest.isEmpty {
                    (firstIndex, firstValue) = (-1, .null)
                } else {
                    let next = rest.removeFirst()
                    (firstIndex, firstValue) = (next.index, next.value)
                }
                return
            }
            if let position = rest.firstIndex(where: { $0.index == index }) {
                if let newValue { rest[position].value = newValue } else { rest.remove(at: position) }
                return
            }
            guard let newValue else { return }
            if firstIndex < 0 {
                (firstIndex, firstValue) = (index, newValue)
            } else {
                rest.append(Pair(index: index, value: newValue))
            }
        }
    }

    /// Records `value()` as attribute `index`'s start value unless one is recorded already:
    /// `if self[index] == nil { self[index] = value() }`.
    @inline(__always)
    mutating func recordStart(of index: Int, _ value: () -> Value) {
        if self[index] == nil { self[index] = value() }
    }

    func makeIterator() -> Iterator {
        Iterator(olds: self)
    }

    /// The recorded pairs, the first attribute written first.
    struct Iterator: IteratorProtocol {
        fileprivate let olds: PendingOlds
        fileprivate var position = -1

        mutating func next() -> (key: Int, value: Value)? {
            defer { position += 1 }
            if position < 0 {
                if olds.firstIndex >= 0 { return (olds.firstIndex, olds.firstValue) }
                position = 0
            }
            guard position < olds.rest.count else { return nil }
            return (olds.rest[position].index, olds.rest[position].value)
        }
    }
}
