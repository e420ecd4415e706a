import FetchSimCore
import ObjectGraph

extension ChangeClassifier {
    /// A change before it is made: its kind's place in the delivery order and the rank its kind
    /// is ordered by, packed in `key`, its candidate, and its old and new places (section and
    /// row; -1 for none). Plain integers: sorting them moves no object reference and no index
    /// path, the four kinds share one array sorted once, and each candidate's slots are read once.
    struct Pending {
        /// `kind << kindShift | rank << 1 | 1`, kind 0 delete, 1 insert, 2 move, 3 update; iOS 9's
        /// twin update (`init(twinUpdateAt:…)`) is `2 << kindShift | rank << 1`, just before its
        /// move.
        let key: Int
        let candidate: Int
        let oldSection: Int, oldRow: Int
        let newSection: Int, newRow: Int

        static let kindShift = 60

        init(kind: Int, rank: Int, candidate: Int, old: (section: Int, row: Int), new: (section: Int, row: Int)) {
            key = kind << Self.kindShift | rank << 1 | 1
            self.candidate = candidate
            (oldSection, oldRow) = old
            (newSection, newRow) = new
        }

        /// iOS 9's update of a moved object, ordered directly before the move at `rank` (rule 21).
        init(twinUpdateAt rank: Int, candidate: Int, old: (section: Int, row: Int)) {
            key = 2 << Self.kindShift | rank << 1
            self.candidate = candidate
            (oldSection, oldRow) = old
            (newSection, newRow) = (-1, -1)
        }

        /// The place in the delivery order: the kind, except that a twin update sorts with moves.
        var group: Int { key >> Self.kindShift }
        /// Whether this is iOS 9's twin update, sorted among the moves.
        var isTwinUpdate: Bool { key & 1 == 0 }
        var oldPath: IndexPath { IndexPath(row: oldRow, section: oldSection) }
        var newPath: IndexPath { IndexPath(row: newRow, section: newSection) }
    }

    /// iOS 10 and later: every key change of a staying object is a move, then lowered
    /// (`MoveLowering`); deletes by old rank, inserts by new rank, moves and updates by old rank.
    /// An event without a move builds no input for the lowering. Each change is made once, in
    /// delivery order, from the places read in the first pass.
    /// - Complexity: O(k log k) for k candidates.
    func loweredChanges(for candidates: [Candidate]) -> [ObjectChange] {
        var pending: [Pending] = []
        pending.reserveCapacity(candidates.count)
        var moving: [MoveLowering.Move] = []
        var entered = 0, left = 0
        let none = (section: -1, row: -1)
        // By index, each slot bound once (binding a slot copies it, its index path and value).
        for i in candidates.indices {
            guard let old = candidates[i].old else {
                if let new = candidates[i].new {
                    pending.append(Pending(kind: 1, rank: new.rank, candidate: i, old: none, new: (new.path.section, new.path.row)))
                    entered += 1
                }
                continue
            }
            let oldPlace = (section: old.path.section, row: old.path.row)
            guard let new = candidates[i].new else {
                pending.append(Pending(kind: 0, rank: old.rank, candidate: i, old: oldPlace, new: none))
                left += 1
                continue
            }
            if candidates[i].keyChanged {
                moving.append(MoveLowering.Move(candidate: i, old: old, new: new))
            } else if candidates[i].isUpdated {
                pending.append(Pending(kind: 3, rank: old.rank, candidate: i, old: oldPlace, new: (new.path.section, new.path.row)))
            }
        }
        if !moving.isEmpty {
            var entering: [MoveLowering.Placed] = [], leaving: [MoveLowering.Placed] = []
            entering.reserveCapacity(entered)
            leaving.reserveCapacity(left)
            for change in pending {
                switch change.group {
                case 0: leaving.append(MoveLowering.Placed(candidate: change.candidate, section: change.oldSection, row: change.oldRow))
                case 1: entering.append(MoveLowering.Placed(candidate: change.candidate, section: change.newSection, row: change.newRow))
                default: continue
                }
            }
            let lowered = MoveLowering.lowered(moves: moving, inserts: entering, deletes: leaving, count: candidates.count)
            for move in moving {
                pending.append(Pending(kind: lowered[move.candidate] ? 3 : 2, rank: move.oldRank, candidate: move.candidate,
                                       old: (move.oldSection, move.oldRow), new: (move.newSection, move.newRow)))
            }
        }
        // A kind's ranks are distinct, so the keys are: the unstable in-place sort is exact.
        UnstableSort.sort(&pending) { $0.key < $1.key }
        return Self.changes(from: pending, of: candidates)
    }

    /// The changes `pending` (sorted) stands for, in its order. An update carries its new index
    /// path when it has a new place (iOS 10+); iOS 9's updates and twin updates have none.
    static func changes(from pending: [Pending], of candidates: [Candidate]) -> [ObjectChange] {
        var changes: [ObjectChange] = []
        changes.reserveCapacity(pending.count)
        for change in pending {
            let object = candidates[change.candidate].object
            switch change.group {
            case 0: changes.append(ObjectChange(type: .delete, object: object, indexPath: change.oldPath, newIndexPath: nil))
            case 1: changes.append(ObjectChange(type: .insert, object: object, indexPath: nil, newIndexPath: change.newPath))
            case 2 where !change.isTwinUpdate:
                changes.append(ObjectChange(type: .move, object: object, indexPath: change.oldPath, newIndexPath: change.newPath))
            default:
                changes.append(ObjectChange(type: .update, object: object, indexPath: change.oldPath,
                                            newIndexPath: change.newSection >= 0 ? change.newPath : nil))
            }
        }
        return changes
    }
}
