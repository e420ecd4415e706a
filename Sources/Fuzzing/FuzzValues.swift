import ObjectGraph

/// The values an insert or set edit assigns, at most one per field, in four slots instead of a
/// `[FuzzField: Value]`: every batch builds one per edit, and a hash table would be hashed to
/// render the line and freed with the session (docs/performance.md, "The fuzzer's executor and
/// the full check").
package struct FuzzValues: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    private var title: Value?, group: Value?, order: Value?, hidden: Value?
    /// A user schema's attributes other than its two keys (`FuzzSchema`), by schema position,
    /// ascending; always empty for the built-in `Item`.
    package private(set) var others: [FuzzOtherValue] = []
    /// A user schema's relationships the edit assigns, by schema position, ascending: each to
    /// the objects of the given symbols (none: nil for a to-one, `[]` for a to-many).
    package private(set) var links: [FuzzLinkValue] = []

    /// No values.
    package init() {}

    /// The given fields' values; the others have none.
    package init(title: Value? = nil, group: Value? = nil, order: Value? = nil, hidden: Value? = nil) {
        self.title = title
        self.group = group
        self.order = order
        self.hidden = hidden
    }

    /// `[.title: .string("t3")]`, as a dictionary literal is written (and, as with one, a field
    /// given twice is a programmer's error).
    package init(dictionaryLiteral elements: (FuzzField, Value)...) {
        for (field, value) in elements {
            precondition(self[field] == nil, "FuzzValues literal names '\(field.rawValue)' twice")
            self[field] = value
        }
    }

    /// The value of `field`; nil when the edit leaves it alone. Setting nil removes it.
    package subscript(field: FuzzField) -> Value? {
        get {
            switch field {
            case .title: title
            case .group: group
            case .order: order
            case .hidden: hidden
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .group: group = newValue
            case .order: order = newValue
            case .hidden: hidden = newValue
            }
        }
    }

    /// The fields that have a value, in schema order (`FuzzField.allCases`, their `<`).
    package var fields: [FuzzField] {
        FuzzField.allCases.filter { self[$0] != nil }
    }

    /// How many fields have a value.
    package var count: Int {
        (title == nil ? 0 : 1) + (group == nil ? 0 : 1) + (order == nil ? 0 : 1) + (hidden == nil ? 0 : 1)
            + others.count + links.count
    }

    /// The value of the user schema's attribute at `position`, if the edit assigns one.
    package func other(at position: Int) -> Value? {
        others.first { $0.position == position }?.value
    }

    /// Assigns `value` to the attribute at `position` (nil removes it), keeping `others` in
    /// schema order.
    package mutating func setOther(_ value: Value?, at position: Int) {
        if let at = others.firstIndex(where: { $0.position == position }) {
            if let value { others[at].value = value } else { others.remove(at: at) }
        } else if let value {
            others.insert(
                FuzzOtherValue(position: position, value: value),
                at: others.firstIndex { $0.position > position } ?? others.count)
        }
    }

    package var isEmpty: Bool { count == 0 }

    /// The targets of the user schema's relationship at `position`, if the edit assigns it.
    package func link(at position: Int) -> [FuzzSymbol]? {
        links.first { $0.position == position }?.targets
    }

    /// Assigns the relationship at `position` the objects of `targets` (nil removes the
    /// assignment), keeping `links` in schema order.
    package mutating func setLink(_ targets: [FuzzSymbol]?, at position: Int) {
        if let at = links.firstIndex(where: { $0.position == position }) {
            if let targets { links[at].targets = targets } else { links.remove(at: at) }
        } else if let targets {
            links.insert(
                FuzzLinkValue(position: position, targets: targets),
                at: links.firstIndex { $0.position > position } ?? links.count)
        }
    }
}

/// A relationship's value in an edit: its position in the entity, and the objects it holds, by
/// the symbols of their inserts (so that the shrinker can drop an insert and the edits that
/// name its object lose it).
package struct FuzzLinkValue: Equatable, Sendable {
    package var position: Int
    package var targets: [FuzzSymbol]
}

/// A value of a user schema's attribute in an edit: the attribute's position in the entity.
package struct FuzzOtherValue: Equatable, Sendable {
    package var position: Int
    package var value: Value
}
