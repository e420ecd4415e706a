import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Something that holds Apple's `changeIsUserDriven` flag: set by the data source before it
/// writes a user's drag to the model, cleared by the delegate in `didChangeContent`. The flag is
/// the drag itself (`UserDrag`: its drops and the objects it wrote), so that the delegate can tell
/// the drag's changes from others of the same event; nil when the event is not the user's.
public protocol UserDrivenChangeTracking: AnyObject {
    var userDrag: UserDrag? { get set }
}

/// The app's table data source, backed by a fetched results controller: counts, cells and header
/// titles come from the controller; a user's drag is written back by renumbering the index
/// attribute (docs/semantics.md, rules 18–19).
public final class ListDataSource: TableViewDataSource {
    /// The controller whose results the table shows.
    public let controller: FetchedResultsController
    /// The int attribute that holds the display order, renumbered after a drag; nil when the list
    /// has none (drags are then refused by the caller).
    public let indexKey: String?
    /// How the app titles the section index (`index-titles`); read by its adapter's
    /// `sectionIndexTitleForSectionName` and by `sectionIndexTitles(for:)`.
    public var indexTitleStyle = SectionIndexTitleStyle.firstLetter
    /// Whether a drag sets the user-driven flag before writing (false: `move --unflagged`).
    public var flagsUserMoves = true
    /// Who holds the flag (the adapter).
    public weak var flagHolder: (any UserDrivenChangeTracking)?
    /// The error of the last drag's write-back, if it failed.
    public private(set) var lastMoveError: String?
    /// How many objects the last drag wrote (its section key or its index key changed).
    public private(set) var lastMoveWrites = 0
    /// The fuzzer's self-test: renumber only the rows the table shows, densely, as the seeds'
    /// loop did — which loses the order of hidden objects. Never set outside that test.
    package var renumbersVisibleRowsOnly = false
    /// How a drag renumbers the index attribute; it must accept the attribute's type.
    public private(set) var strategy: ReorderStrategy = .dense

    /// Creates the data source. `indexKey`, when given, must be an int, double or string attribute of the
    /// entity that the list is sorted by right after the section key (`sort SECTION, INDEX, …`, or
    /// `sort INDEX, …` without sections), in either direction, and of a type `strategy` accepts.
    public init(controller: FetchedResultsController, indexKey: String?, strategy: ReorderStrategy = .dense)
        throws(AdapterError)
    {
        self.controller = controller
        self.indexKey = indexKey
        if let indexKey {
            let request = controller.fetchRequest
            let entity = controller.context.schema.entity(named: request.entityName)
            guard let type = entity?.attribute(named: indexKey)?.type,
                type == .int || type == .double || type == .string
            else {
                throw .invalidIndexAttribute(indexKey)
            }
            if let sectionKey = request.sectionNameKeyPath, sectionKey.contains(".") {
                throw .sectionKeyPathNotWritable(sectionKey)
            }
            let expected = [request.sectionNameKeyPath, indexKey].compactMap { $0 }
            let sorted = request.sortDescriptors.prefix(expected.count).map(\.key)
            guard sorted == expected else {
                throw .indexNotSorted(indexKey, expected: expected, actual: request.sortDescriptors.map(\.key))
            }
        }
        try setStrategy(strategy)
    }

    /// Switches the strategy; refused when it cannot keep its keys in the index attribute.
    public func setStrategy(_ strategy: ReorderStrategy) throws(AdapterError) {
        if let indexKey, let type = indexType, !strategy.accepts(type) {
            throw .strategyNeedsType(strategy, key: indexKey, type: type)
        }
        self.strategy = strategy
    }

    /// The index attribute's type.
    public var indexType: AttributeType? {
        indexKey.flatMap {
            controller.context.schema.entity(named: controller.fetchRequest.entityName)?.attribute(named: $0)?.type
        }
    }

    /// Whether the list sorts the index attribute ascending.
    public var sortsIndexAscending: Bool {
        controller.fetchRequest.sortDescriptors.first { $0.key == indexKey }?.ascending ?? true
    }

    /// The cell the app configures for `object`: every attribute's value as text, in entity order.
    public func cell(for object: ManagedObject) -> TableCell {
        cell(for: object, values: object.values)
    }

    /// The cell the app would configure for `object` if it had `values`.
    public func cell(for object: ManagedObject, values: [Value]) -> TableCell {
        TableCell(identifier: object.objectID.rawValue, columns: values.map(\.description), source: CellValues(values))
    }

    public func numberOfSections(in tableView: SimulatedTableView) -> Int {
        controller.numberOfSections
    }

    public func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int {
        controller.numberOfObjects(inSection: section)
    }

    public func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        controller.object(at: indexPath).map(cell(for:)) ?? TableCell(identifier: 0, columns: [])
    }

    public func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        controller.object(at: indexPath)?.objectID.rawValue ?? 0
    }

    public func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        controller.fetchRequest.sectionNameKeyPath == nil ? nil : controller.sectionName(at: section)
    }

    public func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? {
        controller.fetchRequest.sectionNameKeyPath == nil || indexTitleStyle == .none
            ? nil : controller.sectionIndexTitles
    }

    /// The user dropped a row: the table already shows it at `destination`. Writes the section key
    /// when the row crossed sections and gives the row an index key that sorts it directly after
    /// the row above it (or before the row below it, at the top) in the section's full order —
    /// hidden objects included — using the current strategy (docs/reorder.md); and, when flagging,
    /// sets the user-driven flag so that the delegate bypasses the change event these writes cause
    /// — also when the drop writes nothing but edits of the same turn are pending, whose event the
    /// table's drop is part of (docs/semantics.md, "A drop that writes nothing").
    public func tableView(_ tableView: SimulatedTableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        lastMoveError = nil
        lastMoveWrites = 0
        guard indexKey != nil, let movedRaw = tableView.rowIdentifier(at: destination) else { return }
        let moved = ObjectID(movedRaw)
        let neighbour = { (row: Int) in
            tableView.rowIdentifier(at: IndexPath(row: row, section: destination.section)).map(ObjectID.init)
        }
        if renumbersVisibleRowsOnly {
            renumberVisibleRows(
                tableView, sections: [source.section, destination.section], moved: moved, into: destination.section,
                from: source, to: destination)
            return
        }
        do {
            let drop = try planDrop(
                of: moved, into: destination.section, of: tableView,
                above: destination.row > 0 ? neighbour(destination.row - 1) : nil,
                below: neighbour(destination.row + 1), crossesSections: source.section != destination.section)
            lastMoveWrites = try write(drop, for: moved)
            // The table shows the drop whether or not it wrote anything. A drop that writes
            // nothing belongs to the turn's event only when other edits of the turn wait: they
            // already put the row's key where the user dropped it, and the event's old index
            // paths are then read through the drop. With nothing pending it changed nothing.
            if lastMoveWrites > 0 || controller.context.hasPendingChanges {
                flag(from: source, to: destination, wrote: [moved] + drop.rewrites.map(\.id))
            }
        } catch let error as ObjectGraphError {
            lastMoveError = error.description
        } catch {
            lastMoveError = String(describing: error)
        }
    }

    /// Sets the user-driven flag, when flagging: adds the drop and the objects its write-back
    /// wrote to the event's drag (a line may hold more than one drop).
    private func flag(from source: IndexPath, to destination: IndexPath, wrote: some Sequence<ObjectID>) {
        guard flagsUserMoves, let flagHolder else { return }
        var drag = flagHolder.userDrag ?? UserDrag()
        drag.add(from: source, to: destination, wrote: wrote)
        flagHolder.userDrag = drag
    }

    /// The seeds' write-back, kept only as the fuzzer's deliberately broken renumbering: the
    /// section key of the moved row, then 0…n−1 over the visible rows of the sections involved.
    private func renumberVisibleRows(
        _ tableView: SimulatedTableView, sections: Set<Int>, moved: ObjectID, into section: Int,
        from source: IndexPath, to destination: IndexPath
    ) {
        guard let indexKey else { return }
        let context = controller.context
        var wrote: [ObjectID] = [moved]
        do {
            if let sectionKey = controller.fetchRequest.sectionNameKeyPath,
                let sample = tableView.rowIdentifiers(inSection: section).first(where: { $0 != moved.rawValue }),
                let value = context.object(with: ObjectID(sample))?[sectionKey],
                context.object(with: moved)?[sectionKey] != value
            {
                try context.setValue(value, forKey: sectionKey, of: moved)
                lastMoveWrites += 1
            }
            for section in sections.sorted() {
                for (position, id) in tableView.rowIdentifiers(inSection: section).enumerated()
                where context.object(with: ObjectID(id))?[indexKey] != .int(position) {
                    try context.setValue(.int(position), forKey: indexKey, of: ObjectID(id))
                    wrote.append(ObjectID(id))
                    lastMoveWrites += 1
                }
            }
        } catch {
            lastMoveError = error.description
        }
        if lastMoveWrites > 0 { flag(from: source, to: destination, wrote: wrote) }
    }
}
