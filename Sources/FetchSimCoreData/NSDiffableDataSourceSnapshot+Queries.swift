// The snapshot's reads: counts, identifiers, positions and the reload marks.
extension NSDiffableDataSourceSnapshot {

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

    /// The items of the section at `index`, in order: a read by position, for a diff that walks
    /// the sections of two snapshots side by side.
    package func itemIdentifiers(atSectionIndex index: Int) -> [I] { items[index] }

    /// The item at `row` of the section at `section`, or nil when there is none: a data source's
    /// read for each row its table asks about, without copying the section's items.
    package func item(atSectionIndex section: Int, row: Int) -> I? {
        let items = self.items  // read from the contents once
        guard section >= 0, section < items.count, row >= 0, row < items[section].count else { return nil }
        return items[section][row]
    }

    /// The number of items of the section at `index`, or 0 when there is no such section.
    package func numberOfItems(atSectionIndex index: Int) -> Int {
        index >= 0 && index < items.count ? items[index].count : 0
    }

    func position(ofSection identifier: S) -> Int? {
        if let position = sectionPositions[identifier] { return position }
        raise(
            "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"
        )
        return nil
    }
}
