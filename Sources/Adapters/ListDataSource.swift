import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// Something that holds Apple's `changeIsUserDriven` flag: set by the data source before it
/// writes a user's drag to the model, cleared by the delegate in `didChangeContent`.
public protocol UserDrivenChangeTracking: AnyObject {
    var isUserDrivenChange: Bool { get set }
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
    /// Whether a drag sets the user-driven flag before writing (false: `move --unflagged`).
    public var flagsUserMoves = true
    /// Who holds the flag (the adapter).
    public weak var flagHolder: (any UserDrivenChangeTracking)?
    /// The error of the last drag's write-back, if it failed.
    public private(set) var lastMoveError: ObjectGraphError?

    /// Creates the data source; `indexKey`, when given, must be an int attribute of the entity.
    public init(controller: FetchedResultsController, indexKey: String?) throws(AdapterError) {
        if let indexKey {
            let entity = controller.context.schema.entity(named: controller.fetchRequest.entityName)
            guard entity?.attribute(named: indexKey)?.type == .int else { throw .invalidIndexAttribute(indexKey) }
        }
        self.controller = controller
        self.indexKey = indexKey
    }

    /// The cell the app configures for `object`: every attribute's value as text, in entity order.
    public func cell(for object: ManagedObject) -> TableCell {
        cell(for: object, values: object.values)
    }

    /// The cell the app would configure for `object` if it had `values`.
    public func cell(for object: ManagedObject, values: [Value]) -> TableCell {
        TableCell(identifier: object.objectID.rawValue, columns: values.map(\.description))
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
        controller.fetchRequest.sectionNameKeyPath == nil ? nil : controller.sectionIndexTitles
    }

    /// The user dropped a row: the table already shows it at `destination`. Writes the section key
    /// when the row crossed sections, then renumbers the index attribute densely (0…n−1) in the
    /// table's new order in the sections involved, and — when flagging — sets the user-driven flag
    /// so that the delegate bypasses the change event these writes cause.
    public func tableView(_ tableView: SimulatedTableView, moveRowAt source: IndexPath, to destination: IndexPath) {
        lastMoveError = nil
        guard let indexKey else { return }
        let context = controller.context
        var wrote = false
        do {
            if source.section != destination.section, let sectionKey = controller.fetchRequest.sectionNameKeyPath,
               let movedID = tableView.rowIdentifier(at: destination),
               let sample = controller.object(at: IndexPath(row: 0, section: destination.section)) {
                let value = sample[sectionKey]
                if context.object(with: ObjectID(movedID))?[sectionKey] != value {
                    try context.setValue(value, forKey: sectionKey, of: ObjectID(movedID))
                    wrote = true
                }
            }
            for section in Set([source.section, destination.section]).sorted() {
                for (position, id) in tableView.rowIdentifiers(inSection: section).enumerated() {
                    guard let object = context.object(with: ObjectID(id)), object[indexKey] != .int(position) else { continue }
                    try context.setValue(.int(position), forKey: indexKey, of: object.objectID)
                    wrote = true
                }
            }
        } catch {
            lastMoveError = error
        }
        if wrote, flagsUserMoves { flagHolder?.isUserDrivenChange = true }
    }
}
