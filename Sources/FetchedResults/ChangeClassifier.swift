import FetchSimCore
import ObjectGraph

/// Decides what each candidate of a change event is reported as (rules 7, 8, 11, 12 and the
/// profiles of docs/semantics.md, rules 21–24), and in which order.
///
/// An object that stays among the results is a **move** when its own sort or section key changed
/// and that moved it: its section changed, its index path changed, or it crossed an object whose
/// position was not reported (its count of such "pinned" objects before it changed). Otherwise it
/// is an **update** if the context reported it updated. The crossing test keeps every change set
/// valid for UITableView: the objects reported neither deleted, inserted nor moved keep their
/// relative order.
///
/// Delivery order: deletes by old index path, inserts by new index path, moves by old index path,
/// updates by old index path.
struct ChangeClassifier {
    let profile: CompatibilityProfile

    func objectChanges(for candidates: [Candidate]) -> [ObjectChange] {
        // Ranks of the objects whose position is reported (not pinned), old and new.
        var movingOld: [Int] = [], movingNew: [Int] = []
        for c in candidates {
            if let old = c.old, c.new == nil || c.keyChanged { movingOld.append(old.rank) }
            if let new = c.new, c.old == nil || c.keyChanged { movingNew.append(new.rank) }
        }
        movingOld.sort()
        movingNew.sort()

        var deletes: [ObjectChange] = [], inserts: [ObjectChange] = []
        var moves: [ObjectChange] = [], updates: [ObjectChange] = []
        for c in candidates {
            switch (c.old, c.new) {
            case (nil, nil):
                continue
            case (nil, let new?):
                inserts.append(ObjectChange(type: .insert, object: c.object, indexPath: nil, newIndexPath: new.path))
            case (let old?, nil):
                deletes.append(ObjectChange(type: .delete, object: c.object, indexPath: old.path, newIndexPath: nil))
            case (let old?, let new?):
                if c.keyChanged {
                    let pinnedBefore = old.rank - movingOld.countOfElements(below: old.rank)
                    let pinnedAfter = new.rank - movingNew.countOfElements(below: new.rank)
                    if old.section != new.section || old.path != new.path || pinnedBefore != pinnedAfter {
                        moves.append(ObjectChange(type: .move, object: c.object, indexPath: old.path, newIndexPath: new.path))
                        // iOS 9 (rule 21): a moved object whose other attributes changed as well
                        // is reported twice, updated at its old path and moved.
                        if profile == .ios9, c.otherAttributesChanged {
                            updates.append(ObjectChange(type: .update, object: c.object, indexPath: old.path, newIndexPath: nil))
                        }
                    } else if profile == .ios9 {
                        moves.append(ObjectChange(type: .move, object: c.object, indexPath: old.path, newIndexPath: old.path))
                    } else {
                        updates.append(ObjectChange(type: .update, object: c.object, indexPath: old.path, newIndexPath: new.path))
                    }
                } else if c.isUpdated {
                    updates.append(ObjectChange(type: .update, object: c.object, indexPath: old.path,
                                                newIndexPath: profile == .ios9 ? nil : new.path))
                }
            }
        }
        if profile == .ios10 { Self.reportSwapsAsMoveAndUpdate(&moves, &updates) }
        let origin = IndexPath(row: 0, section: 0)
        deletes.sort { ($0.indexPath ?? origin) < ($1.indexPath ?? origin) }
        inserts.sort { ($0.newIndexPath ?? origin) < ($1.newIndexPath ?? origin) }
        moves.sort { ($0.indexPath ?? origin) < ($1.indexPath ?? origin) }
        updates.sort { ($0.indexPath ?? origin) < ($1.indexPath ?? origin) }
        return deletes + inserts + moves + updates
    }

    /// iOS 10 (openradar 27957917): of two objects that exchange index paths, the one further down
    /// is reported as an update (old path, new path) instead of a move.
    static func reportSwapsAsMoveAndUpdate(_ moves: inout [ObjectChange], _ updates: inout [ObjectChange]) {
        var byPaths: [[IndexPath]: Int] = [:]
        for (i, move) in moves.enumerated() {
            if let from = move.indexPath, let to = move.newIndexPath { byPaths[[from, to]] = i }
        }
        var demoted: Set<Int> = []
        for (i, move) in moves.enumerated() {
            guard let from = move.indexPath, let to = move.newIndexPath,
                  let j = byPaths[[to, from]], j != i, !demoted.contains(j), from > to else { continue }
            demoted.insert(i)
        }
        for i in demoted.sorted() {
            let move = moves[i]
            updates.append(ObjectChange(type: .update, object: move.object, indexPath: move.indexPath, newIndexPath: move.newIndexPath))
        }
        moves = moves.enumerated().filter { !demoted.contains($0.offset) }.map(\.element)
    }
}
