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
        profile.lowersMoves ? loweredChanges(for: candidates) : legacyChanges(for: candidates)
    }

    /// iOS 9: the position rule with the crossing test, `move p → p` for a key change in place,
    /// updates without a new path, and a moved object whose other attributes changed reported
    /// twice (rule 21): its update comes directly before its move — "called twice: Once with the
    /// NSFetchedResultsChangeUpdate event and then again with the NSFetchedResultsChangeMove
    /// event" (XLData PR 15, Stack Overflow 31383760) — and the other updates after the moves.
    /// The twin sorts among the moves, just before its own (`Pending.twinUpdate`).
    /// - Complexity: O(k log k) for k candidates.
    func legacyChanges(for candidates: [Candidate]) -> [ObjectChange] {
        // Ranks of the objects whose position is reported (not pinned), old and new.
        var movingOld: [Int] = []
        var movingNew: [Int] = []
        for c in candidates {
            if let old = c.old, c.new == nil || c.keyChanged { movingOld.append(old.rank) }
            if let new = c.new, c.old == nil || c.keyChanged { movingNew.append(new.rank) }
        }
        movingOld.sort()
        movingNew.sort()
        var pending: [Pending] = []
        pending.reserveCapacity(candidates.count)
        for i in candidates.indices {
            switch (candidates[i].old, candidates[i].new) {
            case (nil, nil):
                continue
            case (nil, let new?):
                pending.append(Pending(.insert, rank: new.rank, candidate: i, old: nil, new: Pending.Place(new)))
            case (let old?, nil):
                pending.append(Pending(.delete, rank: old.rank, candidate: i, old: Pending.Place(old), new: nil))
            case (let old?, let new?):
                let oldPlace = Pending.Place(old)
                if candidates[i].keyChanged {
                    let pinnedBefore = old.rank - movingOld.countOfElements(below: old.rank)
                    let pinnedAfter = new.rank - movingNew.countOfElements(below: new.rank)
                    let moved =
                        old.section != new.section || (old.sectionIndex, old.row) != (new.sectionIndex, new.row)
                        || pinnedBefore != pinnedAfter
                    pending.append(
                        Pending(
                            .move, rank: old.rank, candidate: i, old: oldPlace,
                            new: moved ? Pending.Place(new) : oldPlace))
                    // Rule 21: an object whose other attributes changed as well is reported
                    // twice, updated at its old path and moved — also when the move is p → p,
                    // the shape XLData PR 15 and Stack Overflow 31383760 crash on.
                    if candidates[i].otherAttributesChanged {
                        pending.append(Pending(twinUpdateAt: old.rank, candidate: i, old: oldPlace))
                    }
                } else if candidates[i].isUpdated {
                    pending.append(Pending(.update, rank: old.rank, candidate: i, old: oldPlace, new: nil))
                }
            }
        }
        // Within a kind ranks are distinct, and a twin differs from its move in the low bit: the
        // keys are distinct, so the sort's order is exact.
        return Self.changes(from: &pending, of: candidates)
    }
}
