import Adapters
import FetchSimCore
import ObjectGraph
import TableSimulation

/// The fuzzer's self-test (`FuzzConfiguration.breaksRenumbering`): a deliberately broken
/// write-back of a drop that the fuzzer puts in the place of the app's, so that its order oracle
/// can be seen to catch it. It writes the moved row's section key, then 0…n−1 over the rows the table shows in the
/// sections the drag touched — which loses the order of the hidden objects among them.
struct VisibleRowsRenumbering: DropWriteBack {
    func writeDrop(
        of moved: ObjectID, from source: IndexPath, to destination: IndexPath, in table: SimulatedTableView,
        for list: ListDataSource
    ) -> (outcome: DropOutcome, wrote: [ObjectID]) {
        var outcome = DropOutcome()
        guard let indexKey = list.indexKey else { return (outcome, []) }
        let context = list.controller.context
        var wrote: [ObjectID] = [moved]
        do {
            if let sectionKey = list.controller.fetchRequest.sectionNameKeyPath,
                let sample = table.rowIdentifiers(inSection: destination.section).first(where: { $0 != moved.rawValue }
                ),
                let value = context.object(with: ObjectID(sample))?[sectionKey],
                context.object(with: moved)?[sectionKey] != value
            {
                try context.setValue(value, forKey: sectionKey, of: moved)
                outcome.writes += 1
            }
            for section in Set([source.section, destination.section]).sorted() {
                for (position, id) in table.rowIdentifiers(inSection: section).enumerated()
                where context.object(with: ObjectID(id))?[indexKey] != .int(position) {
                    try context.setValue(.int(position), forKey: indexKey, of: ObjectID(id))
                    wrote.append(ObjectID(id))
                    outcome.writes += 1
                }
            }
        } catch {
            outcome.error = error.description
        }
        return (outcome, wrote)
    }
}
