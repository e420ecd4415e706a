import FetchSimCore
import FetchSimStorage
import ObjectGraph

extension ChangeClassifier {
    /// A change before it is made: its kind's place in the delivery order and the rank its kind
    /// is ordered by, packed in `key`, its candidate, and its old and new places. Plain values:
    /// sorting them moves no object reference and no index path, the four kinds share one array
    /// sorted once, and each candidate's slots are read once.
    struct Pending {
        /// What a change is, in delivery order: Core Data reports deletes, then inserts, moves
        /// and updates.
        enum Kind: Int {
            case delete, insert, move, update

            /// The change type the delegate receives.
            var changeType: ChangeType {
                switch self {
                case .delete: .delete
                case .insert: .insert
                case .move: .move
                case .update: .update
                }
            }
        }

        /// A row of the results: a section's index and a row in it.
        struct Place {
            let section: Int
            let row: Int

            var indexPath: IndexPath { IndexPath(row: row, section: section) }
        }

        /// `kind << kindShift | rank << 1 | 1`; iOS 9's twin update (`init(twinUpdateAt:…)`) is
        /// `Kind.move << kindShift | rank << 1`, just before its move.
        let key: Int
        let candidate: Int
        /// Where the object was: nil for an insert.
        let old: Place?
        /// Where the object goes: nil for a delete, and for an update iOS 9 reports at its old
        /// path only.
        let new: Place?

        static let kindShift = 60
        /// The bits of `key` below the kind: the rank and the twin bit.
        static let rankMask = (1 << kindShift) - 1

        init(_ kind: Kind, rank: Int, candidate: Int, old: Place?, new: Place?) {
            key = kind.rawValue << Self.kindShift | rank << 1 | 1
            self.candidate = candidate
            self.old = old
            self.new = new
        }

        /// iOS 9's update of a moved object, ordered directly before the move at `rank` (rule 21).
        init(twinUpdateAt rank: Int, candidate: Int, old: Place) {
            key = Kind.move.rawValue << Self.kindShift | rank << 1
            self.candidate = candidate
            self.old = old
            new = nil
        }

        /// The place in the delivery order: the kind's, except that a twin update sorts with moves.
        var group: Int { key >> Self.kindShift }
        /// Whether this is iOS 9's twin update, sorted among the moves.
        var isTwinUpdate: Bool { key & 1 == 0 }
        /// The change this is.
        var kind: Kind { isTwinUpdate ? .update : Kind(rawValue: group) ?? .update }
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
        moving.reserveCapacity(candidates.count)
        var entered = 0
        var left = 0
        // By index, each slot bound once (binding a slot copies it, its index path and value; a
        // read of its fields in place through a pointer or `Optional.map` copied it more often).
        for i in candidates.indices {
            guard let old = candidates[i].old else {
                if let new = candidates[i].new {
                    pending.append(
                        Pending(.insert, rank: new.rank, candidate: i, old: nil, new: Pending.Place(new)))
                    entered += 1
                }
                continue
            }
            let oldPlace = Pending.Place(old)
            guard let new = candidates[i].new else {
                pending.append(Pending(.delete, rank: old.rank, candidate: i, old: oldPlace, new: nil))
                left += 1
                continue
            }
            if candidates[i].keyChanged {
                moving.append(MoveLowering.Move(candidate: i, old: old, new: new))
            } else if candidates[i].isUpdated {
                pending.append(Pending(.update, rank: old.rank, candidate: i, old: oldPlace, new: Pending.Place(new)))
            }
        }
        if !moving.isEmpty {
            var entering: [MoveLowering.Placed] = []
            var leaving: [MoveLowering.Placed] = []
            entering.reserveCapacity(entered)
            leaving.reserveCapacity(left)
            for change in pending {
                switch (change.kind, change.old, change.new) {
                case (.delete, let old?, _):
                    leaving.append(MoveLowering.Placed(candidate: change.candidate, section: old.section, row: old.row))
                case (.insert, _, let new?):
                    entering.append(
                        MoveLowering.Placed(candidate: change.candidate, section: new.section, row: new.row))
                default: continue
                }
            }
            let lowered = MoveLowering.lowered(moves: moving, inserts: entering, deletes: leaving)
            for (index, move) in moving.enumerated() {
                pending.append(
                    Pending(
                        lowered[index] ? .update : .move, rank: move.oldRank, candidate: move.candidate,
                        old: Pending.Place(section: move.oldSection, row: move.oldRow),
                        new: Pending.Place(section: move.newSection, row: move.newRow)))
            }
        }
        // A kind's ranks are distinct, so the keys are: the sort's order is exact.
        return Self.changes(from: &pending, of: candidates)
    }

    /// Changes from this many on are ordered by a radix sort of packed integers; fewer are
    /// sorted in place by the introsort (the order array and the radix buckets cost more).
    static let radixMinimum = 64

    /// The changes `pending` stands for, in the order of its keys (`pending` is sorted in place
    /// when it is short). An update carries its new index path when it has a new place (iOS 10+);
    /// iOS 9's updates and twin updates have none.
    ///
    /// From `radixMinimum` changes the order is a radix sort of integers, `key << indexBits |
    /// index` with the kind and the rank packed densely in `key` (the rank's bits are those of the
    /// largest rank present, which is bounded by the list's size): 8 bytes move per element and
    /// pass, not a 48-byte `Pending`. Within a kind ranks are distinct (a twin differs from its
    /// move in the low bit), so the keys are and the order is exact.
    static func changes(from pending: inout [Pending], of candidates: [Candidate]) -> [ObjectChange] {
        guard pending.count >= radixMinimum else { return sortedChanges(from: &pending, of: candidates) }
        var ranks = 0
        var lowBits = 1
        for change in pending {
            ranks |= change.key & Pending.rankMask
            lowBits &= change.key
        }
        // Without a twin update every key's low bit is 1: it orders nothing.
        let low = lowBits
        ranks &>>= low
        let rankBits = Int.bitWidth - ranks.leadingZeroBitCount
        let indexBits = Int.bitWidth - pending.count.leadingZeroBitCount
        let indexMask = (1 << indexBits) - 1
        // Ranks and indexes too wide to share an integer (not met: ranks past 2^40).
        guard rankBits + 2 + indexBits < Int.bitWidth - 1 else { return sortedChanges(from: &pending, of: candidates) }
        var order = pending.indices.map { index in
            let change = pending[index]
            return (change.group &<< rankBits | (change.key & Pending.rankMask) &>> low) &<< indexBits | index
        }
        UnstableSort.sort(&order, keysBelow: 4 << rankBits) { $0 &>> indexBits }
        return order.map { make(pending[$0 & indexMask], candidates) }
    }

    /// The changes of `pending` sorted in place by the introsort.
    private static func sortedChanges(from pending: inout [Pending], of candidates: [Candidate]) -> [ObjectChange] {
        UnstableSort.sort(&pending) { $0.key < $1.key }
        var changes: [ObjectChange] = []
        changes.reserveCapacity(pending.count)
        for change in pending { changes.append(make(change, candidates)) }
        return changes
    }

    /// The change `change` stands for.
    @inline(__always)
    private static func make(_ change: Pending, _ candidates: [Candidate]) -> ObjectChange {
        ObjectChange(
            type: change.kind.changeType, object: candidates[change.candidate].object,
            indexPath: change.old?.indexPath, newIndexPath: change.new?.indexPath)
    }
}

extension ChangeClassifier.Pending.Place {
    /// The place of `slot`.
    init(_ slot: Slot) { self.init(section: slot.sectionIndex, row: slot.row) }
}
