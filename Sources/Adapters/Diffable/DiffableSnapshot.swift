import FetchSimCore
import FetchedResults
import ObjectGraph

/// What a diffable data source holds, as `NSDiffableDataSourceSnapshot`: section identifiers
/// (the controller's section names) and, per section, item identifiers in order.
///
/// An item is identified by its object ID, as `NSFetchedResultsController`'s snapshot does, or by
/// the value of one attribute (`items=KEY`), as an app does that builds its snapshot from values
/// — then two objects with the same value are the same item, the duplicate UIKit asserts on.
/// Each item remembers the object it was made from, so that the table can show it.
package struct DiffableSnapshot: Equatable, Sendable {
    /// An item identifier.
    package enum Item: Hashable, Sendable, CustomStringConvertible {
        case object(ObjectID)
        case value(Value)

        /// `#7`, or the value as the REPL writes it (`"Milk"`).
        package var description: String {
            switch self {
            case .object(let id): id.description
            case .value(let value): value.description
            }
        }
    }

    /// One section: its identifier, its items and the object each item shows.
    package struct Section: Equatable, Sendable {
        package var name: String
        package var items: [Item]
        package var objects: [ObjectID]

        /// A section named `name` with `items`, each showing the object at its index in `objects`.
        package init(name: String, items: [Item], objects: [ObjectID]) {
            self.name = name
            self.items = items
            self.objects = objects
        }
    }

    /// The sections, in order.
    package internal(set) var sections: [Section]

    /// A snapshot with no sections.
    package init() { sections = [] }

    /// A snapshot of `sections`, for a diffable data source that keeps its own identifiers.
    package init(sections: [Section]) { self.sections = sections }

    /// The controller's snapshot with items identified by object ID, or by the value of `itemKey`
    /// read from `context`.
    package init(_ snapshot: ResultsSnapshot, itemKey: String?, context: ObjectContext) {
        sections = snapshot.sections.map { section in
            let items: [Item] = section.objectIDs.map { id in
                guard let itemKey else { return .object(id) }
                return .value(context.object(with: id)?[itemKey] ?? .null)
            }
            return Section(name: section.name, items: items, objects: section.objectIDs)
        }
    }

    /// The number of items in all sections.
    package var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Where each item is, by identifier; the first place of an item that appears twice.
    /// - Complexity: O(items).
    func indexPaths() -> [Item: IndexPath] {
        var paths: [Item: IndexPath] = [:]
        for (s, section) in sections.enumerated() {
            for (r, item) in section.items.enumerated() where paths[item] == nil {
                paths[item] = IndexPath(row: r, section: s)
            }
        }
        return paths
    }

    /// The items that appear more than once, in order of their second appearance.
    package var duplicateItems: [Item] {
        var seen = Set<Item>()
        var duplicates: [Item] = []
        for item in sections.lazy.flatMap(\.items) where !seen.insert(item).inserted && !duplicates.contains(item) {
            duplicates.append(item)
        }
        return duplicates
    }

    /// Moves the item at `source` to `destination` (numbered after its removal), as UIKit does to
    /// its own snapshot when the user reorders with `reorderingHandlers` set. Empty sections stay.
    mutating func moveItem(from source: IndexPath, to destination: IndexPath) {
        guard sections.indices.contains(source.section), sections[source.section].items.indices.contains(source.row),
            sections.indices.contains(destination.section)
        else { return }
        let item = sections[source.section].items.remove(at: source.row)
        let object = sections[source.section].objects.remove(at: source.row)
        let row = min(destination.row, sections[destination.section].items.count)
        sections[destination.section].items.insert(item, at: row)
        sections[destination.section].objects.insert(object, at: row)
    }
}
