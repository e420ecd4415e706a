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

    var sections: [S] = []
    var items: [[I]] = []
    /// Each section's position, kept in step with `sections`.
    var sectionPositions: [S: Int] = [:]
    /// The section that holds each item.
    var itemSections: [I: S] = [:]
    var reloadedItems = OrderedMarks<I>()
    var reconfiguredItems = OrderedMarks<I>()
    var reloadedSections = OrderedMarks<S>()

    /// What UIKit would have raised on this snapshot, in order (FetchSim's addition: Apple's
    /// snapshot raises and the process ends).
    public let raisedExceptions = ExceptionLog()

    /// An empty snapshot.
    public init() {}

    /// A snapshot of `sections`, each with its items, built without checks: the fetched results
    /// controller's, whose identifiers are unique by construction.
    package init(uncheckedSections sections: [(S, [I])]) {
        for (section, sectionItems) in sections {
            self.sections.append(section)
            items.append(sectionItems)
            for item in sectionItems { itemSections[item] = section }
        }
        reindexSections()
    }

    /// Replaces the items of the sections at the given indexes, without checks: the fetched
    /// results controller's next snapshot made from its last one, whose identifiers are unique by
    /// construction.
    mutating func replaceItemsUnchecked(_ replacements: [(index: Int, items: [I])]) {
        // Every replaced item leaves the table first: an item that changed section is in two
        // replacements, and must end up in its new one.
        for (index, _) in replacements {
            for item in items[index] { itemSections[item] = nil }
        }
        for (index, sectionItems) in replacements {
            for item in sectionItems { itemSections[item] = sections[index] }
            items[index] = sectionItems
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections == rhs.sections && lhs.items == rhs.items
    }

    // MARK: Copies

    /// The same sections, items and marks with a new, empty exception log: what a snapshot built
    /// again from this one's contents is, without hashing every identifier again.
    func copyWithNewLog() -> Self {
        var copy = Self()
        copy.sections = sections
        copy.items = items
        copy.sectionPositions = sectionPositions
        copy.itemSections = itemSections
        copy.reloadedItems = reloadedItems
        copy.reconfiguredItems = reconfiguredItems
        copy.reloadedSections = reloadedSections
        return copy
    }

    /// The same sections and items without the reload and reconfigure marks, with a new log: what
    /// a diffable data source keeps after applying the snapshot, and hands out from `snapshot()`.
    package func unmarkedCopy() -> Self {
        var copy = copyWithNewLog()
        copy.reloadedItems = OrderedMarks()
        copy.reconfiguredItems = OrderedMarks()
        copy.reloadedSections = OrderedMarks()
        return copy
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
    private var members: Set<T> = []

    mutating func append(contentsOf identifiers: [T]) {
        for identifier in identifiers where members.insert(identifier).inserted { elements.append(identifier) }
    }
}
