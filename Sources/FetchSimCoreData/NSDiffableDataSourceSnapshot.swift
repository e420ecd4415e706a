// UIKit declares the diffable snapshot; Core Data builds it (the fetched results controller's
// snapshot delegate), so it lives here, below both, and FetchSimUIKit re-exports it.
//
// Apple's snapshot raises `NSInternalInconsistencyException` on misuse. Here each misuse records
// the exception with Apple's text in the snapshot's `raisedExceptions` log and leaves the snapshot
// as it was before the call; a diffable data source that applies the snapshot moves what was
// recorded into its view's log, so a turn reports it. The texts are UIKit's as crash reports and
// the decompiled `__UIDiffableDataSourceSnapshot` word them (docs/apple-api.md lists them).

/// A representation of the state of the data in a view at a specific point in time, as UIKit's
/// `NSDiffableDataSourceSnapshot`: sections and, in each, items, both named by unique identifiers.
///
/// ```swift
/// var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["Fruit"])
/// snapshot.appendItems([1, 2, 3])
/// snapshot.moveItem(3, beforeItem: 1)
/// snapshot.itemIdentifiers           // [3, 1, 2]
/// ```
///
/// Two snapshots are equal when their sections and each section's items are equal, in order — not
/// the reload marks, as Apple's `isEqual:`. Copies share one exception log (a misuse on any copy
/// is recorded where the others see it); a new snapshot starts a new log.
public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable, Equatable {
    /// FetchSim's shorthand for `SectionIdentifierType` in its declarations; Apple's snapshot has
    /// no such alias, so app code that builds on iOS too names the type itself.
    ///
    /// ```swift
    /// let sections: [String] = snapshot.sectionIdentifiers   // [S] for NSDiffableDataSourceSnapshot<String, Int>
    /// ```
    public typealias S = SectionIdentifierType
    /// FetchSim's shorthand for `ItemIdentifierType` in its declarations; Apple's snapshot has no
    /// such alias, so app code that builds on iOS too names the type itself.
    ///
    /// ```swift
    /// let items: [Int] = snapshot.itemIdentifiers   // [I] for NSDiffableDataSourceSnapshot<String, Int>
    /// ```
    public typealias I = ItemIdentifierType

    /// The sections, items, item table and marks, shared by copies until one of them changes
    /// (copy on write): a snapshot is handed from the controller to the app to the data source,
    /// which keeps one and reads it row by row, so a copy is one reference, not seven.
    private var contents: Contents

    /// A snapshot's stored state. `@unchecked Sendable`: it is changed only through a snapshot
    /// that holds the one reference to it (`isKnownUniquelyReferenced`), so the contents a
    /// snapshot shares never change.
    private final class Contents: @unchecked Sendable {
        var sections: [S] = []
        var items: [[I]] = []
        var sectionPositions: [S: Int] = [:]
        var itemSections: [I: S] = [:]
        var reloadedItems = OrderedMarks<I>()
        var reconfiguredItems = OrderedMarks<I>()
        var reloadedSections = OrderedMarks<S>()

        init() {}

        /// The same contents, with the marks or without them.
        init(copying other: Contents, marks: Bool) {
            sections = other.sections
            items = other.items
            sectionPositions = other.sectionPositions
            itemSections = other.itemSections
            if marks {
                reloadedItems = other.reloadedItems
                reconfiguredItems = other.reconfiguredItems
                reloadedSections = other.reloadedSections
            }
        }

        var hasMarks: Bool {
            !reloadedItems.elements.isEmpty || !reconfiguredItems.elements.isEmpty
                || !reloadedSections.elements.isEmpty
        }
    }

    /// Makes `contents` this snapshot's own before a change.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&contents) { contents = Contents(copying: contents, marks: true) }
    }

    var sections: [S] {
        get { contents.sections }
        _modify {
            makeUnique()
            yield &contents.sections
        }
    }
    var items: [[I]] {
        get { contents.items }
        _modify {
            makeUnique()
            yield &contents.items
        }
    }
    /// Each section's position, kept in step with `sections`.
    var sectionPositions: [S: Int] {
        get { contents.sectionPositions }
        _modify {
            makeUnique()
            yield &contents.sectionPositions
        }
    }
    /// The section that holds each item.
    var itemSections: [I: S] {
        get { contents.itemSections }
        _modify {
            makeUnique()
            yield &contents.itemSections
        }
    }
    var reloadedItems: OrderedMarks<I> {
        get { contents.reloadedItems }
        _modify {
            makeUnique()
            yield &contents.reloadedItems
        }
    }
    var reconfiguredItems: OrderedMarks<I> {
        get { contents.reconfiguredItems }
        _modify {
            makeUnique()
            yield &contents.reconfiguredItems
        }
    }
    var reloadedSections: OrderedMarks<S> {
        get { contents.reloadedSections }
        _modify {
            makeUnique()
            yield &contents.reloadedSections
        }
    }

    /// What UIKit would have raised on this snapshot, in order (FetchSim's addition: Apple's
    /// snapshot raises and the process ends).
    public let raisedExceptions = ExceptionLog()

    /// An empty snapshot.
    public init() { contents = Contents() }

    /// A snapshot of `contents`, with a new log.
    private init(contents: Contents) { self.contents = contents }

    /// A snapshot of `sections`, each with its items, built without checks: the fetched results
    /// controller's, whose identifiers are unique by construction.
    package init(uncheckedSections sections: [(S, [I])]) {
        contents = Contents()
        for (section, sectionItems) in sections {
            self.sections.append(section)
            items.append(sectionItems)
            for item in sectionItems { itemSections[item] = section }
        }
        reindexSections()
    }

    /// Replaces, in each section at `index`, the items at `rows` with `items`, without checks:
    /// the fetched results controller's next snapshot made from its last one, whose identifiers
    /// are unique by construction. At most one replacement names a section.
    package mutating func replaceItemsUnchecked(_ replacements: [(index: Int, rows: Range<Int>, items: [I])]) {
        // Every replaced item leaves the table first: an item that changed section is in two
        // replacements, and must end up in its new one.
        for (index, rows, _) in replacements {
            for item in items[index][rows] { itemSections[item] = nil }
        }
        for (index, rows, sectionItems) in replacements {
            let section = sections[index]
            for item in sectionItems { itemSections[item] = section }
            items[index].replaceSubrange(rows, with: sectionItems)
        }
    }

    /// Marks `identifiers` for reload without checks: the fetched results controller's marks,
    /// unique, in the snapshot and not marked yet by construction.
    package mutating func reloadItemsUnchecked(_ identifiers: [I]) {
        reloadedItems.appendUnchecked(identifiers)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.contents === rhs.contents || (lhs.sections == rhs.sections && lhs.items == rhs.items)
    }

    // MARK: Copies

    /// The same sections, items and marks with a new, empty exception log: what a snapshot built
    /// again from this one's contents is, without hashing every identifier again.
    func copyWithNewLog() -> Self { Self(contents: contents) }

    /// The same sections and items without the reload and reconfigure marks, with a new log: what
    /// a diffable data source keeps after applying the snapshot, and hands out from `snapshot()`.
    package func unmarkedCopy() -> Self {
        Self(contents: contents.hasMarks ? Contents(copying: contents, marks: false) : contents)
    }

    // MARK: Helpers

    func raise(_ reason: String) {
        raisedExceptions.raise(.internalInconsistencyException, reason: reason)
    }

    func raiseNotSatisfying(_ condition: String) {
        raise("Invalid parameter not satisfying: \(condition)")
    }

    mutating func reindexSections() {
        sectionPositions = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1, $0) })
    }

    /// An `NSSet`'s description: `(` and `)` around one indented line per element.
    static func setDescription<T>(_ elements: [T]) -> String { arrayDescription(elements) }

    /// An `NSArray`'s description, as UIKit prints identifiers in its messages.
    static func arrayDescription<T>(_ elements: [T]) -> String {
        "(\n" + elements.map { "    \($0)" }.joined(separator: ",\n") + "\n)"
    }
}

/// Identifiers marked for reload, in the order first marked, each once.
struct OrderedMarks<T: Hashable & Sendable>: Sendable {
    private(set) var elements: [T] = []
    /// The set of `elements`, made when an append needs it: marks taken from a list known to be
    /// unique (the controller's, once per event) need none.
    private var members: Set<T>?

    mutating func append(contentsOf identifiers: [T]) {
        guard !identifiers.isEmpty else { return }
        var members = self.members ?? Set(elements)
        self.members = nil  // released, so that inserting does not copy the set
        for identifier in identifiers where members.insert(identifier).inserted { elements.append(identifier) }
        self.members = members
    }

    /// Marks `identifiers`, which are unique and not marked yet (not checked).
    mutating func appendUnchecked(_ identifiers: [T]) {
        elements.append(contentsOf: identifiers)
        if members != nil { members?.formUnion(identifiers) }
    }
}

extension Array where Element: Equatable {
    /// The rows of this array and of `new` between their longest common first rows and, of what
    /// is left, their longest common last rows: `new` is this array with the rows `old` replaced
    /// by the rows `new` of `new`. Nil when the two are equal.
    ///
    /// ```swift
    /// [1, 2, 3, 4].changedRows(to: [1, 3, 2, 4])   // (old: 1..<3, new: 1..<3)
    /// ```
    package func changedRows(to new: [Element]) -> (old: Range<Int>, new: Range<Int>)? {
        let shorter = Swift.min(count, new.count)
        var first = 0
        while first < shorter, self[first] == new[first] { first += 1 }
        if first == shorter, count == new.count { return nil }
        var last = 0
        while last < shorter - first, self[count - 1 - last] == new[new.count - 1 - last] { last += 1 }
        return (first..<(count - last), first..<(new.count - last))
    }
}
