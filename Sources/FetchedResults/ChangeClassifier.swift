import FetchSimCore
import ObjectGraph

/// Decides what each candidate of a change event is reported as (rules 7, 8, 11, 12 and the
/// profiles of docs/semantics.md, rules 19 and 21–22), and in which order.
///
/// Since iOS 10 (profiles `ios10`, `modern`, `strict`) an object that stays among the results and
/// whose own sort or section key changed starts as a **move**; `MoveLowering` then reports as
/// **updates** the moves a valid change set does not need, as Apple does (openradar 27957917).
///
/// Before (profile `ios9`) an object whose key changed is a move when that moved it: its section
/// changed, its index path changed, or it crossed an object whose position was not reported (its
/// count of such "pinned" objects before it changed); a key change in place is `move p → p`.
/// Either way the objects reported neither deleted, inserted nor moved keep their relative order.
///
/// Order within a kind: deletes by old index path, inserts by new index path, moves by old index
/// path, updates by old index path — except in `ios9`, where an object's twin update comes just
/// before its move — (`deliver` interleaves them with the section changes as the
/// profile's `deliveryOrder` says).
struct ChangeClassifier {
    let profile: CompatibilityProfile

    func objectChanges(for candidates: [Candidate]) -> [ObjectChange] {
        if profile.lowersMoves { return loweredChanges(for: candidates) }
        var deletes: [Ranked] = [], inserts: [Ranked] = []
        var moves: [Ranked] = [], updates: [Ranked] = []
        deletes.reserveCapacity(candidates.count)
        inserts.reserveCapacity(candidates.count)
        moves.reserveCapacity(candidates.count)
        updates.reserveCapacity(candidates.count)
        classifyLegacy(candidates, &deletes, &inserts, &moves, &updates)
        var changes: [ObjectChange] = []
        changes.reserveCapacity(deletes.count + inserts.count + moves.count + updates.count)
        Self.append(&deletes, to: &changes)
        Self.append(&inserts, to: &changes)
        if !moves.isEmpty, !updates.isEmpty {
            var sortedMoves: [ObjectChange] = []
            var sortedUpdates: [ObjectChange] = []
            Self.append(&moves, to: &sortedMoves)
            Self.append(&updates, to: &sortedUpdates)
            changes += Self.updatesBeforeTheirMoves(sortedMoves, sortedUpdates)
            return changes
        }
        Self.append(&moves, to: &changes)
        Self.append(&updates, to: &changes)
        return changes
    }

    /// A change and the rank (among the results, before or after the event) of the index path
    /// its kind is ordered by: ranks order as the index paths do (sections are contiguous runs of
    /// ranks), and comparing them reads no `IndexPath`.
    private struct Ranked {
        let rank: Int
        let change: ObjectChange
    }

    /// Appends `kind` to `changes` sorted by rank, that is by old (or new) index path. The
    /// changes are sorted where they are, moved rather than copied (`UnstableSort`, an in-place
    /// introsort; a kind's ranks are distinct, so stability does not matter). O(m log m).
    private static func append(_ kind: inout [Ranked], to changes: inout [ObjectChange]) {
        UnstableSort.sort(&kind) { $0.rank < $1.rank }
        for ranked in kind { changes.append(ranked.change) }
    }

    /// iOS 9's twin report (rule 21): the update of an object that is also moved comes directly
    /// before its move — "called twice: Once with the NSFetchedResultsChangeUpdate event and then
    /// again with the NSFetchedResultsChangeMove event" (XLData PR 15, Stack Overflow 31383760) —
    /// and the other updates after the moves.
    static func updatesBeforeTheirMoves(_ moves: [ObjectChange], _ updates: [ObjectChange]) -> [ObjectChange] {
        var twins: [ObjectID: ObjectChange] = [:]
        let moved = Set(moves.map(\.object.objectID))
        var rest: [ObjectChange] = []
        for update in updates {
            if moved.contains(update.object.objectID) { twins[update.object.objectID] = update } else { rest.append(update) }
        }
        var ordered: [ObjectChange] = []
        ordered.reserveCapacity(moves.count + updates.count)
        for move in moves {
            if let twin = twins[move.object.objectID] { ordered.append(twin) }
            ordered.append(move)
        }
        return ordered + rest
    }

    /// iOS 9: the position rule with the crossing test, `move p → p` for a key change in place,
    /// updates without a new path, and a moved object whose other attributes changed reported twice.
    private func classifyLegacy(_ candidates: [Candidate], _ deletes: inout [Ranked], _ inserts: inout [Ranked],
                                _ moves: inout [Ranked], _ updates: inout [Ranked]) {
        // Ranks of the objects whose position is reported (not pinned), old and new.
        var movingOld: [Int] = [], movingNew: [Int] = []
        for c in candidates {
            if let old = c.old, c.new == nil || c.keyChanged { movingOld.append(old.rank) }
            if let new = c.new, c.old == nil || c.keyChanged { movingNew.append(new.rank) }
        }
        movingOld.sort()
        movingNew.sort()
        for c in candidates {
            switch (c.old, c.new) {
            case (nil, nil):
                continue
            case (nil, let new?):
                inserts.append(Ranked(rank: new.rank, change: ObjectChange(type: .insert, object: c.object, indexPath: nil, newIndexPath: new.path)))
            case (let old?, nil):
                deletes.append(Ranked(rank: old.rank, change: ObjectChange(type: .delete, object: c.object, indexPath: old.path, newIndexPath: nil)))
            case (let old?, let new?):
                if c.keyChanged {
                    let pinnedBefore = old.rank - movingOld.countOfElements(below: old.rank)
                    let pinnedAfter = new.rank - movingNew.countOfElements(below: new.rank)
                    let moved = old.section != new.section || old.path != new.path || pinnedBefore != pinnedAfter
                    moves.append(Ranked(rank: old.rank, change: ObjectChange(type: .move, object: c.object, indexPath: old.path,
                                                                             newIndexPath: moved ? new.path : old.path)))
                    // Rule 21: an object whose other attributes changed as well is reported
                    // twice, updated at its old path and moved — also when the move is p → p,
                    // the shape XLData PR 15 and Stack Overflow 31383760 crash on.
                    if c.otherAttributesChanged {
                        updates.append(Ranked(rank: old.rank, change: ObjectChange(type: .update, object: c.object, indexPath: old.path,
                                                                                   newIndexPath: nil)))
                    }
                } else if c.isUpdated {
                    updates.append(Ranked(rank: old.rank, change: ObjectChange(type: .update, object: c.object, indexPath: old.path,
                                                                               newIndexPath: nil)))
                }
            }
        }
    }
}
