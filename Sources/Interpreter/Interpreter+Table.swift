import Adapters
import CommandLanguage
import FetchSimCore

extension Interpreter {
    /// `table [table|collection]`: switches the simulated view (its rows stay as they are: only the
    /// batch messages and how the Apple template issues its batch change) and prints it.
    func setTableStyle(_ style: TableViewStyle?) -> LineOutcome {
        if let style { workspace.tableStyle = style }
        let current = workspace.tableStyle.rawValue
        return text(["table \(current)"], json: [("table", .string(current))])
    }

    /// Refuses `adapter diffable items=KEY` when the fetched entity has no attribute KEY.
    /// `slot`: where the line names the key (nil when the option was set before).
    func checkItemKey(_ options: AdapterOptions, at slot: TokenPositions.Slot?) throws {
        guard let key = options.itemKey, let controller = workspace.controller else { return }
        let entityName = controller.fetchRequest.entityName
        let attributes = context.schema.entity(named: entityName)?.attributes.map(\.name) ?? []
        guard attributes.contains(key) else {
            let message = "unknown attribute '\(key)' of \(entityName) for 'items'"
            throw slot.map { located(message, at: $0) } ?? InterpreterError(message)
        }
    }
}
