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
    public typealias S = SectionIdentifierType
    public typealias I = ItemIdentifierType

    private var sections: [S] = []
    private var items: [[I]] = []
    /// Each section's position, kept in step with `sections`.
    private var sectionPositions: [S: Int] = [:]
    /// The section that holds each item.
    private var itemSections: [I: S] = [:]
    private var reloadedItems = OrderedMarks<I>()
    private var reconfiguredItems = OrderedMarks<I>()
    private var reloadedSections = OrderedMarks<S>()

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

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections == rhs.sections && lhs.items == rhs.items
    }

    // MARK: Reading

    /// The number of items in all sections.
    public var numberOfItems: Int { itemSections.count }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The section identifiers, in order.
    public var sectionIdentifiers: [S] { sections }

    /// The item identifiers of all sections, section by section.
    public var itemIdentifiers: [I] { Array(items.joined()) }

    /// The number of items in `identifier`'s section; an unknown section raises (recorded) and
    /// answers 0.
    public func numberOfItems(inSection identifier: S) -> Int {
        guard let position = position(ofSection: identifier) else { return 0 }
        return items[position].count
    }

    /// The items of `identifier`'s section, in order; an unknown section raises (recorded), as
    /// UIKit does since iOS 14, and answers `[]`.
    public func itemIdentifiers(inSection identifier: S) -> [I] {
        guard let position = position(ofSection: identifier) else { return [] }
        return items[position]
    }

    /// The section that holds `identifier`, or nil.
    public func sectionIdentifier(containingItem identifier: I) -> S? { itemSections[identifier] }

    /// The item's index counted across all sections, or nil.
    /// - Complexity: O(items before it).
    public func indexOfItem(_ identifier: I) -> Int? {
        guard let section = itemSections[identifier], let position = sectionPositions[section],
            let row = items[position].firstIndex(of: identifier)
        else { return nil }
        return items[..<position].reduce(row) { $0 + $1.count }
    }

    /// The section's index, or nil. - Complexity: O(1).
    public func indexOfSection(_ identifier: S) -> Int? { sectionPositions[identifier] }

    /// The items marked with `reloadItems(_:)`, in the order marked.
    public var reloadedItemIdentifiers: [I] { reloadedItems.elements }
    /// The items marked with `reconfigureItems(_:)`, in the order marked.
    public var reconfiguredItemIdentifiers: [I] { reconfiguredItems.elements }
    /// The sections marked with `reloadSections(_:)`, in the order marked.
    public var reloadedSectionIdentifiers: [S] { reloadedSections.elements }

    // MARK: Items

    /// Appends `identifiers` to `sectionIdentifier`'s section, or to the last section. An item
    /// already in the snapshot is moved there, as UIKit does (it logs that this is slower).
    public mutating func appendItems(_ identifiers: [I], toSection sectionIdentifier: S? = nil) {
        guard checkUnique(identifiers, kind: "item") else { return }
        guard let target = sectionIdentifier ?? sections.last else {
            raise("There are currently no sections in the data source. Please add a section first.")
            return
        }
        guard sectionPositions[target] != nil else { return raiseNotSatisfying("section != NSNotFound") }
        removeItems(identifiers)
        place(identifiers, in: target, at: nil)
    }

    /// Inserts `identifiers` before `beforeIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [I], beforeItem beforeIdentifier: I) {
        insertItems(identifiers, next: beforeIdentifier, after: false)
    }

    /// Inserts `identifiers` after `afterIdentifier`, in its section.
    public mutating func insertItems(_ identifiers: [I], afterItem afterIdentifier: I) {
        insertItems(identifiers, next: afterIdentifier, after: true)
    }

    private mutating func insertItems(_ identifiers: [I], next destination: I, after: Bool) {
        guard checkUnique(identifiers, kind: "item") else { return }
        if identifiers.contains(destination) {
            raise(
                "Invalid update: destination for insertion operation [\(destination)] is in the insertion identifier list for update: "
                    + updateDescription(action: "INS", destination: destination, identifiers: identifiers) + ".")
            return
        }
        guard let section = itemSections[destination] else { return raiseNotSatisfying("section != NSNotFound") }
        removeItems(identifiers)
        let position = sectionPositions[section] ?? 0
        let row = items[position].firstIndex(of: destination) ?? 0
        place(identifiers, in: section, at: after ? row + 1 : row)
    }

    /// Deletes `identifiers`; identifiers not in the snapshot are ignored, as UIKit ignores them.
    public mutating func deleteItems(_ identifiers: [I]) { removeItems(identifiers) }

    /// Deletes every item and every section.
    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionPositions = [:]
        itemSections = [:]
    }

    /// Moves `identifier` before `toIdentifier`, into its section.
    public mutating func moveItem(_ identifier: I, beforeItem toIdentifier: I) {
        moveItem(identifier, next: toIdentifier, after: false)
    }

    /// Moves `identifier` after `toIdentifier`, into its section.
    public mutating func moveItem(_ identifier: I, afterItem toIdentifier: I) {
        moveItem(identifier, next: toIdentifier, after: true)
    }

    private mutating func moveItem(_ identifier: I, next destination: I, after: Bool) {
        if identifier == destination {
            raise(
                "Invalid update: destination for move operation [\(destination)] is in the move identifier list for update: "
                    + updateDescription(action: "MOVE", destination: destination, identifiers: [identifier]) + ".")
            return
        }
        guard itemSections[identifier] != nil else { return raiseNotSatisfying("fromIndex != NSNotFound") }
        guard let section = itemSections[destination] else { return raiseNotSatisfying("toIndex != NSNotFound") }
        removeItems([identifier])
        let position = sectionPositions[section] ?? 0
        let row = items[position].firstIndex(of: destination) ?? 0
        place([identifier], in: section, at: after ? row + 1 : row)
    }

    /// Marks `identifiers` for reload: applying the snapshot asks the data source's cell provider
    /// for new cells. An identifier not in the snapshot raises (recorded) and marks nothing.
    public mutating func reloadItems(_ identifiers: [I]) {
        guard let missing = identifiers.first(where: { itemSections[$0] == nil }) else {
            return reloadedItems.append(contentsOf: identifiers)
        }
        raise("Attempted to reload item identifier that does not exist in the snapshot: \(missing)")
    }

    /// Marks `identifiers` for reconfiguring (iOS 15): applying the snapshot configures the
    /// existing cells again. An identifier not in the snapshot raises (recorded).
    public mutating func reconfigureItems(_ identifiers: [I]) {
        guard let missing = identifiers.first(where: { itemSections[$0] == nil }) else {
            return reconfiguredItems.append(contentsOf: identifiers)
        }
        raise("Attempted to reconfigure item identifier that does not exist in the snapshot: \(missing)")
    }

    // MARK: Sections

    /// Appends sections; one already in the snapshot raises (recorded) and nothing is appended.
    public mutating func appendSections(_ identifiers: [S]) {
        guard checkNewSections(identifiers) else { return }
        insertSections(identifiers, at: sections.count)
    }

    /// Inserts sections before `toIdentifier`.
    public mutating func insertSections(_ identifiers: [S], beforeSection toIdentifier: S) {
        insertSections(identifiers, next: toIdentifier, after: false)
    }

    /// Inserts sections after `toIdentifier`.
    public mutating func insertSections(_ identifiers: [S], afterSection toIdentifier: S) {
        insertSections(identifiers, next: toIdentifier, after: true)
    }

    private mutating func insertSections(_ identifiers: [S], next destination: S, after: Bool) {
        if identifiers.contains(destination) {
            raise(
                "Invalid update: destination for section operation [\(destination)] is in the inserted section list for update: "
                    + updateDescription(action: "INS", destination: destination, identifiers: identifiers))
            return
        }
        guard checkNewSections(identifiers) else { return }
        guard let position = sectionPositions[destination] else {
            return raiseNotSatisfying("insertIndex != NSNotFound")
        }
        insertSections(identifiers, at: after ? position + 1 : position)
    }

    /// Deletes sections and their items; identifiers not in the snapshot are ignored.
    public mutating func deleteSections(_ identifiers: [S]) {
        let doomed = Set(identifiers)
        for (position, section) in sections.enumerated() where doomed.contains(section) {
            for item in items[position] { itemSections[item] = nil }
        }
        let kept = sections.indices.filter { !doomed.contains(sections[$0]) }
        sections = kept.map { sections[$0] }
        items = kept.map { items[$0] }
        reindexSections()
    }

    /// Moves `identifier`'s section before `toIdentifier`'s.
    public mutating func moveSection(_ identifier: S, beforeSection toIdentifier: S) {
        moveSection(identifier, next: toIdentifier, after: false)
    }

    /// Moves `identifier`'s section after `toIdentifier`'s.
    public mutating func moveSection(_ identifier: S, afterSection toIdentifier: S) {
        moveSection(identifier, next: toIdentifier, after: true)
    }

    private mutating func moveSection(_ identifier: S, next destination: S, after: Bool) {
        if identifier == destination {
            raise(
                "Invalid update: destination for section operation [\(destination)] is in the moved section list for update: "
                    + updateDescription(action: "MOVE", destination: destination, identifiers: [identifier]))
            return
        }
        guard let from = sectionPositions[identifier] else { return raiseNotSatisfying("fromSection != NSNotFound") }
        guard sectionPositions[destination] != nil else { return raiseNotSatisfying("toSection != NSNotFound") }
        sections.remove(at: from)
        let moved = items.remove(at: from)
        let to = (sections.firstIndex(of: destination) ?? 0) + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        items.insert(moved, at: to)
        reindexSections()
    }

    /// Marks sections for reload. A section not in the snapshot raises (recorded).
    public mutating func reloadSections(_ identifiers: [S]) {
        guard let missing = identifiers.first(where: { sectionPositions[$0] == nil }) else {
            return reloadedSections.append(contentsOf: identifiers)
        }
        raise("Attempted to reload section identifier that does not exist in the snapshot: \(missing)")
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

    /// The items of the section at `index`, in order: a read by position, for a diff that walks
    /// the sections of two snapshots side by side.
    package func itemIdentifiers(atSectionIndex index: Int) -> [I] { items[index] }

    // MARK: Helpers

    private func position(ofSection identifier: S) -> Int? {
        if let position = sectionPositions[identifier] { return position }
        raise(
            "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"
        )
        return nil
    }

    private func raise(_ reason: String) {
        raisedExceptions.raise(.internalInconsistencyException, reason: reason)
    }

    private func raiseNotSatisfying(_ condition: String) {
        raise("Invalid parameter not satisfying: \(condition)")
    }

    /// False, recording UIKit's assertion, when `identifiers` names one twice.
    private func checkUnique<T: Hashable>(_ identifiers: [T], kind: String) -> Bool {
        var seen = Set<T>()
        var repeated: [T] = []
        for identifier in identifiers where !seen.insert(identifier).inserted && !repeated.contains(identifier) {
            repeated.append(identifier)
        }
        guard !repeated.isEmpty else { return true }
        raise(
            "Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {\(Self.setDescription(repeated))}"
        )
        return false
    }

    /// False, recording UIKit's assertion, when a section is named twice or is already here.
    private func checkNewSections(_ identifiers: [S]) -> Bool {
        guard checkUnique(identifiers, kind: "section") else { return false }
        let existing = identifiers.filter { sectionPositions[$0] != nil }
        guard !existing.isEmpty else { return true }
        let detected = "Diffable data source detected an attempt to insert or append"
        if existing.count == 1 {
            raise(
                "\(detected) 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. "
                    + "Section identifier that already exists: \(existing[0])")
        } else {
            raise(
                "\(detected) \(existing.count) section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. "
                    + "Section identifiers that already exist: \(Self.arrayDescription(existing))")
        }
        return false
    }

    private mutating func insertSections(_ identifiers: [S], at position: Int) {
        sections.insert(contentsOf: identifiers, at: position)
        items.insert(contentsOf: Array(repeating: [], count: identifiers.count), at: position)
        reindexSections()
    }

    /// Removes the items that are in the snapshot; keeps their sections.
    private mutating func removeItems(_ identifiers: [I]) {
        var bySection: [S: Set<I>] = [:]
        for item in identifiers {
            if let section = itemSections.removeValue(forKey: item) { bySection[section, default: []].insert(item) }
        }
        for (section, doomed) in bySection {
            guard let position = sectionPositions[section] else { continue }
            items[position].removeAll { doomed.contains($0) }
        }
    }

    /// Puts items (not in the snapshot) into `section`, at `row` or at its end.
    private mutating func place(_ identifiers: [I], in section: S, at row: Int?) {
        guard let position = sectionPositions[section] else { return }
        items[position].insert(contentsOf: identifiers, at: row ?? items[position].count)
        for item in identifiers { itemSections[item] = section }
    }

    private mutating func reindexSections() {
        sectionPositions = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1, $0) })
    }

    /// `_UIDiffableDataSourceUpdate`'s description, without the object's address (which a
    /// simulation cannot have).
    private func updateDescription<D, T>(action: String, destination: D, identifiers: [T]) -> String {
        "<_UIDiffableDataSourceUpdate - action: \(action); destinationIdentifier:\(destination); destIsSection: 0; identifiers: [\(identifiers.map { "\($0)" }.joined(separator: ", "))]>"
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
