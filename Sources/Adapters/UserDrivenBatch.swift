import FetchSimCore
import FetchedResults
import ObjectGraph

/// What an adapter needs to apply the changes of a user-driven event that the drag did not cause
/// (docs/semantics.md, "A drag mixed with other changes"): the table already shows the drops, so
/// the controller's old index paths are read through them (`UserDrag.tablePath(forOldPath:)`),
/// and a change of an object the drag wrote is skipped only where the table already shows the
/// object where the event leaves it (`dragRowFixes`).
extension TableAdapter {
    /// The table calls a drag's event still needs for the rows the drag placed: of `movable` —
    /// the objects the drag wrote that no call of the batch deletes, inserts or moves yet, the
    /// table showing each where the user dropped it — those the table does not show where the
    /// event leaves them. Each is a move (`from` and `to`), a delete (`to` nil: its new section is
    /// inserted, which brings the row) or an insert (`from` nil: its row goes with a deleted
    /// section).
    ///
    /// The batch's survivors — the table's rows minus `removed` (rows the batch deletes or moves
    /// away), outside `deletedSections` — keep their relative order in UIKit's batch; they must
    /// be in the controller's new order, each in the section its old section becomes. The rows
    /// the drag did not write are (the controller reports every other object whose place
    /// changed); of the drag's rows, the largest set that fits among them stays and the others
    /// move: a heaviest increasing subsequence by new row in which a row not written by the drag
    /// outweighs all the drag's rows together. A drag alone needs nothing: the table shows the
    /// rows where its writes put them.
    /// - Complexity: O(r log n) for the r rows of the sections that hold a movable row, plus
    ///   O(k²) for the k survivors of a section whose rows are out of order.
    func dragRowFixes(
        _ movable: Set<ObjectID>, removed: Set<ObjectID>, deletedSections: Set<Int>,
        insertedSections: Set<Int>
    ) -> [(id: ObjectID, from: IndexPath?, to: IndexPath?)] {
        guard !movable.isEmpty else { return [] }
        if removed.isEmpty, deletedSections.isEmpty, insertedSections.isEmpty, showsControllersRows() { return [] }
        // The new index of each surviving old section: the new indexes not inserted, in order.
        let newSlots = (0..<controller.numberOfSections).filter { !insertedSections.contains($0) }
        var fixes: [(id: ObjectID, from: IndexPath?, to: IndexPath?)] = []
        var slot = 0
        for section in 0..<table.numberOfSections {
            let rows = table.rowIdentifiers(inSection: section)
            guard rows.contains(where: { movable.contains(ObjectID($0)) }) else {
                if !deletedSections.contains(section) { slot += 1 }
                continue
            }
            if deletedSections.contains(section) {
                // The row goes with its section; it comes back where the controller has it now.
                for raw in rows where movable.contains(ObjectID(raw)) {
                    guard let path = controller.indexPath(forObjectID: ObjectID(raw)),
                        !insertedSections.contains(path.section)
                    else { continue }
                    fixes.append((ObjectID(raw), nil, path))
                }
                continue
            }
            let newSection = slot < newSlots.count ? newSlots[slot] : -1
            slot += 1
            // The survivors with the row the controller has them at now; a drag row now in
            // another section (an edit of the same turn moved it) cannot stay.
            var survivors: [(id: ObjectID, row: Int, old: Int)] = []
            for (row, raw) in rows.enumerated() {
                let id = ObjectID(raw)
                guard !removed.contains(id) else { continue }
                let path = controller.indexPath(forObjectID: id)
                guard let path, path.section == newSection else {
                    guard movable.contains(id) else { continue }
                    let from = IndexPath(row: row, section: section)
                    fixes.append((id, from, path.flatMap { insertedSections.contains($0.section) ? nil : $0 }))
                    continue
                }
                survivors.append((id, path.row, row))
            }
            guard zip(survivors, survivors.dropFirst()).contains(where: { $0.row >= $1.row }) else { continue }
            for index in Self.outOfOrder(survivors.map { ($0.id, $0.row) }, movable: movable) {
                let survivor = survivors[index]
                fixes.append(
                    (
                        survivor.id, IndexPath(row: survivor.old, section: section),
                        IndexPath(row: survivor.row, section: newSection)
                    ))
            }
        }
        return fixes
    }

    /// Whether every section of the table shows the controller's objects in the controller's
    /// order — what a drag alone leaves (its writes put every row where the user dropped it):
    /// one walk of each section, no lookup per row.
    private func showsControllersRows() -> Bool {
        let sections = table.numberOfSections
        guard sections == controller.numberOfSections else { return false }
        for section in 0..<sections {
            let rows = table.rowIdentifiers(inSection: section)
            guard rows.count == controller.numberOfObjects(inSection: section) else { return false }
            var same = true
            controller.forEachObject(inSection: section, rows: 0..<rows.count) { row, object in
                if same, object.objectID.rawValue != rows[row] { same = false }
            }
            if !same { return false }
        }
        return true
    }

    /// The positions in `survivors` of the `movable` IDs left out of a heaviest increasing
    /// subsequence by row, where an ID that is not movable weighs more than all movable ones
    /// together.
    private static func outOfOrder(_ survivors: [(id: ObjectID, row: Int)], movable: Set<ObjectID>) -> [Int] {
        let heavy = survivors.count + 1
        let weight = survivors.map { movable.contains($0.id) ? 1 : heavy }
        var best = weight
        var previous = Array(repeating: -1, count: survivors.count)
        for i in survivors.indices {
            for j in 0..<i where survivors[j].row < survivors[i].row && best[j] + weight[i] > best[i] {
                best[i] = best[j] + weight[i]
                previous[i] = j
            }
        }
        var kept = Set<Int>()
        var index = best.indices.max { best[$0] < best[$1] } ?? -1
        while index >= 0 {
            kept.insert(index)
            index = previous[index]
        }
        return survivors.indices.filter { !kept.contains($0) && movable.contains(survivors[$0].id) }
    }
}
