import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Something that holds Apple's `changeIsUserDriven` flag: set by the data source before it
/// writes a user's drag to the model, cleared by the delegate in `didChangeContent`. The flag is
/// the drag itself (`UserDrag`: its drops and the objects it wrote), so that the delegate can tell
/// the drag's changes from others of the same event; nil when the event is not the user's.
/// Every `TableAdapter` is one; an app's own delegate adopts it to get the flag from a
/// `ListDataSource`.
///
/// ```swift
/// final class NotesDelegate: FetchedResultsControllerDelegate, UserDrivenChangeTracking {
///     var userDrag: UserDrag?  // set by the data source before it writes the user's drag
///     func controller(_ controller: FetchedResultsController, didChange object: ManagedObject,
///                     at indexPath: IndexPath?, for type: ChangeType, newIndexPath: IndexPath?) {
///         if let drag = userDrag, drag.wrote(object.objectID), let indexPath {
///             // The table already shows the row where the user dropped it: refresh its cell there.
///             try? table.reloadRows(at: [drag.tablePath(forOldPath: indexPath)])
///             return
///         }
///         …
///     }
///     func controllerDidChangeContent(_ controller: FetchedResultsController) { userDrag = nil }
///     …
/// }
/// dataSource.flagHolder = delegate
/// ```
public protocol UserDrivenChangeTracking: AnyObject {
    /// The drags of the event under way; nil when the event is not the user's.
    var userDrag: UserDrag? { get set }
}

/// The app's table data source, backed by a fetched results controller: counts, cells and header
/// titles come from the controller; a user's drag is written back by renumbering the index
/// attribute (docs/semantics.md, rules 18–19), with the user-driven flag of `flagHolder` set.
///
/// ```swift
/// let dataSource = try ListDataSource(controller: controller, indexKey: "order")  // sorted by group, order
/// let table = SimulatedTableView(dataSource: dataSource)
/// table.reloadData()  // the controller's 4 notes, Milk, Eggs, Bread, Coffee
/// try table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
/// coffee["order"]  // .int(1): the drop renumbered the section (dense); Eggs 2, Bread 3
/// ```
public final class ListDataSource: TableViewDataSource, DropWritingDataSource {
    /// The controller whose results the table shows.
    public let controller: FetchedResultsController
    /// The int, double or string attribute that holds the display order, renumbered after a
    /// drag; nil when the list has none (drags are then refused: `dragRefusal(in:from:to:)`).
    public let indexKey: String?
    /// The index attribute's type, read from the schema once: the entity cannot be redefined
    /// while a controller fetches it.
    package let indexType: AttributeType?
    /// How the app titles the section index (`index-titles`); read by its adapter's
    /// `sectionIndexTitleForSectionName` and by `sectionIndexTitles(for:)`.
    public var indexTitleStyle = SectionIndexTitleStyle.firstLetter
    /// Who holds the flag: the adapter, or the app's own delegate (`UserDrivenChangeTracking`).
    public weak var flagHolder: (any UserDrivenChangeTracking)?
    /// A write-back that replaces the planner's, for a tool that checks the checks against a
    /// broken app (the fuzzer's self-test); nil in the product.
    package var replacedWriteBack: (any DropWriteBack)?
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
        var indexType: AttributeType?
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
            indexType = type
        }
        self.indexType = indexType
        try setStrategy(strategy)
    }

    /// Switches the strategy; refused when it cannot keep its keys in the index attribute.
    public func setStrategy(_ strategy: ReorderStrategy) throws(AdapterError) {
        if let (indexKey, type) = try? requireIndexAttribute(), !strategy.accepts(type) {
            throw .strategyNeedsType(strategy, key: indexKey, type: type)
        }
        self.strategy = strategy
    }

    /// Whether the list sorts the index attribute ascending.
    package var sortsIndexAscending: Bool {
        controller.fetchRequest.sortDescriptors.first { $0.key == indexKey }?.ascending ?? true
    }

    /// The cell the app configures for `object`: every attribute's value as text, in entity order.
    public func cell(for object: ManagedObject) -> TableCell {
        cell(for: object, values: object.values)
    }

    /// The cell the app would configure for `object` if it had `values`.
    package func cell(for object: ManagedObject, values: [Value]) -> TableCell {
        TableCell(identifier: object.objectID.rawValue, columns: values.map(\.description), source: CellValues(values))
    }

    /// The controller's section count.
    public func numberOfSections(in tableView: SimulatedTableView) -> Int {
        controller.numberOfSections
    }

    /// The controller's object count in `section`.
    public func tableView(_ tableView: SimulatedTableView, numberOfRowsInSection section: Int) -> Int {
        controller.numberOfObjects(inSection: section)
    }

    /// `cell(for:)` of the controller's object at `indexPath`.
    public func tableView(_ tableView: SimulatedTableView, cellForRowAt indexPath: IndexPath) -> TableCell {
        controller.object(at: indexPath).map(cell(for:)) ?? TableCell(identifier: 0, columns: [])
    }

    /// The object ID of the controller's object at `indexPath`.
    public func tableView(_ tableView: SimulatedTableView, identifierForRowAt indexPath: IndexPath) -> Int {
        controller.object(at: indexPath)?.objectID.rawValue ?? 0
    }

    /// The controller's section name, when the request has a section key.
    public func tableView(_ tableView: SimulatedTableView, titleForHeaderInSection section: Int) -> String? {
        controller.fetchRequest.sectionNameKeyPath == nil ? nil : controller.sectionName(at: section)
    }

    /// The controller's section index titles, unless the list has no sections or `indexTitleStyle` is `.none`.
    public func sectionIndexTitles(for tableView: SimulatedTableView) -> [String]? {
        controller.fetchRequest.sectionNameKeyPath == nil || indexTitleStyle == .none
            ? nil : controller.sectionIndexTitles
    }

    /// The user dropped a row: the table already shows it at `destination`. Writes it back with
    /// the user-driven flag set (`writeDrop(in:from:to:flagged:)`).
    public func tableView(_ tableView: SimulatedTableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        _ = writeDrop(in: tableView, from: source, to: destination, flagged: true)
    }

    /// Writes the section key when the row crossed sections and gives the row an index key that
    /// sorts it directly after the row above it (or before the row below it, at the top) in the
    /// section's full order — hidden objects included — using the current strategy
    /// (docs/reorder.md); and, when `flagged`, sets the user-driven flag so that the delegate
    /// bypasses the change event these writes cause — also when the drop writes nothing but
    /// edits of the same turn are pending, whose event the table's drop is part of
    /// (docs/semantics.md, "A drop that writes nothing"). Without an index key it writes nothing.
    package func writeDrop(
        in tableView: SimulatedTableView, from source: IndexPath, to destination: IndexPath, flagged: Bool
    ) -> DropOutcome {
        guard indexKey != nil, let movedRaw = tableView.rowIdentifier(at: destination) else { return DropOutcome() }
        let moved = ObjectID(movedRaw)
        let neighbour = { (row: Int) in
            tableView.rowIdentifier(at: IndexPath(row: row, section: destination.section)).map(ObjectID.init)
        }
        if let replacedWriteBack {
            let (outcome, wrote) = replacedWriteBack.writeDrop(
                of: moved, from: source, to: destination, in: tableView, for: self)
            if flagged, outcome.writes > 0 { flag(from: source, to: destination, wrote: wrote) }
            return outcome
        }
        do {
            let drop = try planDrop(
                of: moved, into: destination.section,
                above: destination.row > 0 ? neighbour(destination.row - 1) : nil,
                below: neighbour(destination.row + 1), crossesSections: source.section != destination.section)
            let writes = try write(drop, for: moved)
            // The table shows the drop whether or not it wrote anything. A drop that writes
            // nothing belongs to the turn's event only when other edits of the turn wait: they
            // already put the row's key where the user dropped it, and the event's old index
            // paths are then read through the drop. With nothing pending it changed nothing.
            if flagged, writes > 0 || controller.context.hasPendingChanges {
                flag(from: source, to: destination, wrote: [moved] + drop.rewrites.map(\.id))
            }
            return DropOutcome(writes: writes)
        } catch let error as ObjectGraphError {
            return DropOutcome(error: error.description)
        } catch {
            return DropOutcome(error: String(describing: error))
        }
    }

    /// Sets the user-driven flag: adds the drop and the objects its write-back wrote to the
    /// event's drag (a line may hold more than one drop).
    private func flag(from source: IndexPath, to destination: IndexPath, wrote: some Sequence<ObjectID>) {
        guard let flagHolder else { return }
        var drag = flagHolder.userDrag ?? UserDrag()
        drag.add(from: source, to: destination, wrote: wrote)
        flagHolder.userDrag = drag
    }
}

/// How a tool writes a user's drop back in the place of the planner's (`ListDataSource.planDrop`):
/// the fuzzer's deliberately broken renumbering lives with the fuzzer, not in the product.
package protocol DropWriteBack: Sendable {
    /// Writes the drop of `moved` from `source` to `destination`, which `table` already shows,
    /// to `list`'s model.
    /// - Parameters:
    ///   - moved: The dropped row's object.
    ///   - source: Where the row was.
    ///   - destination: Where the table now shows it.
    ///   - table: The table the user dragged in.
    ///   - list: The data source whose controller's context the drop writes to.
    /// - Returns: What the drop wrote, and the objects it wrote (the user-driven flag names them).
    func writeDrop(
        of moved: ObjectID, from source: IndexPath, to destination: IndexPath, in table: SimulatedTableView,
        for list: ListDataSource
    ) -> (outcome: DropOutcome, wrote: [ObjectID])
}
