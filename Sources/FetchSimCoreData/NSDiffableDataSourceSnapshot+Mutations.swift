// The snapshot's changes: items and sections appended, inserted, deleted, moved and marked.
// Each misuse records UIKit's exception and leaves the snapshot as it was.
extension NSDiffableDataSourceSnapshot {
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

    // MARK: Helpers

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

    /// `_UIDiffableDataSourceUpdate`'s description, without the object's address (which a
    /// simulation cannot have).
    private func updateDescription<D, T>(action: String, destination: D, identifiers: [T]) -> String {
        "<_UIDiffableDataSourceUpdate - action: \(action); destinationIdentifier:\(destination); destIsSection: 0; identifiers: [\(identifiers.map { "\($0)" }.joined(separator: ", "))]>"
    }
}
