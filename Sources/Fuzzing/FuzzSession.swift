import ObjectGraph

/// A fuzz session as structured lines, kept apart from its text so that the shrinker can drop
/// lines, edits and values and render what is left.
///
/// Objects are named by the insert that created them (`FuzzSymbol`), not by `#ID`: the IDs an
/// object gets depend on the inserts before it, so `FuzzExecutor` maps symbols to the IDs the
/// interpreter actually handed out, and leaves out any edit whose object no longer exists.
package struct FuzzSession: Equatable, Sendable {
    package var lines: [FuzzLine]

    package init(lines: [FuzzLine]) {
        self.lines = lines
    }
}

/// The name of the object created by one `insert` edit of a session.
package struct FuzzSymbol: Hashable, Comparable, Sendable {
    package let rawValue: Int

    package init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    package static func < (lhs: FuzzSymbol, rhs: FuzzSymbol) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One input line of a fuzz session.
package enum FuzzLine: Equatable, Sendable {
    /// A fixed line (`entity …`, `fetch …`, `adapter …`, `profile …`); essential lines are never
    /// dropped by the shrinker, since nothing reproduces without them.
    case command(String, isEssential: Bool)
    /// Edits joined with ` ; ` — one change event.
    case edits([FuzzEdit])
    /// The user's drag, flagged or not.
    case move(FuzzDrag)
    /// A drag with other edits in the same line — one change event: `before` the drag, then the
    /// drag, then `after` (`--mixed`).
    case mixed(FuzzDrag, before: [FuzzEdit], after: [FuzzEdit])
    case save
    case undo
    case redo

    /// Whether this line is one of the session's batches (an edit, a drag, save, undo or redo).
    var isBatch: Bool {
        if case .command = self { return false }
        return true
    }
}

/// A user's drag, named by objects rather than index paths so that it still means the same
/// drag when the shrinker drops other rows: the dragged row, and the row it lands next to.
package struct FuzzDrag: Equatable, Sendable {
    package enum Placement: Equatable, Sendable {
        case before, after
    }

    package var row: FuzzSymbol
    package var anchor: FuzzSymbol
    package var placement: Placement
    /// Whether the data source sets the user-driven flag (`move`) or not (`move --unflagged`).
    package var isFlagged: Bool

    package init(row: FuzzSymbol, anchor: FuzzSymbol, placement: Placement, isFlagged: Bool) {
        self.row = row
        self.anchor = anchor
        self.placement = placement
        self.isFlagged = isFlagged
    }
}

/// One edit of an edits line.
package enum FuzzEdit: Equatable, Sendable {
    case insert(FuzzSymbol, FuzzValues)
    /// An insert of an object of another entity that the fuzzed entity's relationships point to
    /// (`FuzzSchema.Related`); its values are the entity's attributes by position.
    case insertRelated(FuzzSymbol, entity: String, FuzzValues)
    case delete(FuzzSymbol)
    case set(FuzzSymbol, FuzzValues)
}

/// The attributes of the fuzzed entity, in schema order.
package enum FuzzField: String, CaseIterable, Comparable, Sendable {
    /// A plain field: changing it only updates the cell.
    case title
    /// The section key (and first sort key).
    case group
    /// The second sort key and the index attribute that drags renumber.
    case order
    /// The predicate field: `hidden == YES` objects are not fetched.
    case hidden

    package static func < (lhs: FuzzField, rhs: FuzzField) -> Bool {
        lhs.schemaPosition < rhs.schemaPosition
    }

    /// The position in `allCases` (schema order), without building `allCases` per comparison.
    private var schemaPosition: Int {
        switch self {
        case .title: 0
        case .group: 1
        case .order: 2
        case .hidden: 3
        }
    }

    static let entityName = "Item"

    /// `a` … `z`, then `a1` … `z1`, `a2`, …: a short name per number, never two the same.
    static func shortName(_ number: Int) -> String {
        let letter = String(UnicodeScalar(UInt8(97 + number % 26)))
        return number < 26 ? letter : letter + String(number / 26)
    }

    var typeName: String {
        switch self {
        case .title, .group: "string"
        case .order: "int"
        case .hidden: "bool"
        }
    }

    /// The simplest value of the field for `symbol`'s object, which the shrinker tries first.
    /// A title stays the object's own (`a`, `b`, … by symbol), so that a shrunk failure's
    /// message still tells its rows apart.
    func simplest(for symbol: FuzzSymbol) -> Value {
        switch self {
        case .title: .string(Self.shortName(symbol.rawValue))
        case .group: .string("A")
        case .order: .int(0)
        case .hidden: .bool(false)
        }
    }
}
