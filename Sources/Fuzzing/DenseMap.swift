/// A map from small non-negative integers (fuzz symbols, object IDs) to values: an array indexed
/// by the key, and a dictionary for any key past `denseLimit` or below zero.
///
/// The executor's symbol tables are read on every insert, every line rendered and every drag, where
/// a dictionary would hash the key each time; symbols and IDs count up from 0 and 1 in a
/// session, so an array holds them densely.
struct DenseMap<Value> {
    static var denseLimit: Int { 1 << 16 }
    private var slots: [Value?] = []
    private var others: [Int: Value] = [:]

    subscript(key: Int) -> Value? {
        get {
            if key >= 0, key < slots.count { return slots[key] }
            return others.isEmpty ? nil : others[key]
        }
        set {
            guard key >= 0, key < Self.denseLimit else {
                others[key] = newValue
                return
            }
            if key >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(nil, count: key - slots.count + 1))
            }
            slots[key] = newValue
        }
    }
}
