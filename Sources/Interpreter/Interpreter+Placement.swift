import Adapters
import CommandLanguage
import FetchSimCore
import ObjectGraph

extension Interpreter {
    /// `insert ENTITY KEY=VALUE … at S.R`: inserts an object that the fetched list shows at
    /// `path` — the section key of section S and an index key placed as a drop at row R would
    /// place it (`ListDataSource.planDrop`, the current strategy). Not a user-driven change: the
    /// controller reports the insert (and any respaced keys) and the adapter applies them.
    /// Returns the new object and how many objects were written.
    func insert(_ entity: String, _ assignments: [Command.Assignment], at path: IndexPath) throws -> (ObjectID, Int) {
        guard let table = workspace.table, let dataSource = workspace.dataSource else {
            throw InterpreterError("nothing is fetched yet; use 'fetch' first")
        }
        let indexKey: String
        do {
            indexKey = try dataSource.requireIndexAttribute().key
        } catch {
            throw InterpreterError(error.description)
        }
        let fetched = dataSource.controller.fetchRequest.entityName
        guard entity == fetched else {
            throw located("'at' places objects in the fetched list of '\(fetched)', not '\(entity)'", at: .entity)
        }
        let sectionKey = dataSource.controller.fetchRequest.sectionNameKeyPath
        for (index, assignment) in assignments.enumerated()
        where assignment.key == indexKey || assignment.key == sectionKey {
            throw located("'\(assignment.key)' is set by 'at \(path.shortDescription)'; leave it out", at: .key(index))
        }
        let rows =
            path.section >= 0 && path.section < table.numberOfSections
            ? table.numberOfRows(inSection: path.section) : nil
        guard let rows, (0...rows).contains(path.row) else {
            let detail =
                rows.map { "section \(path.section) takes rows 0…\($0)" }
                ?? "the table has \(table.numberOfSections) sections"
            throw located("cannot insert at \(path.shortDescription) (\(detail))", at: .path)
        }
        let row = { (r: Int) in table.rowIdentifier(at: IndexPath(row: r, section: path.section)).map(ObjectID.init) }
        let drop: DropWrites
        do {
            drop = try dataSource.planDrop(
                of: nil, into: path.section, above: path.row > 0 ? row(path.row - 1) : nil,
                below: row(path.row), crossesSections: true)
        } catch {
            throw InterpreterError(error.description)
        }
        var values = assignments.map { ($0.key, $0.value) }
        if let sectionKey, let value = drop.sectionValue { values.append((sectionKey, value)) }
        values.append((indexKey, drop.key))
        do {
            let id = try context.insert(entity, values: values).objectID
            for (other, key) in drop.rewrites { try context.setValue(key, forKey: indexKey, of: other) }
            return (id, 1 + drop.rewrites.count)
        } catch {
            throw locate(error, assignments: assignments)
        }
    }
}
