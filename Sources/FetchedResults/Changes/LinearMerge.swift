import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// The walk of the linear change path (`applyLinearly`): the old order read leaf by leaf, the
/// leaving entries dropped, the entering ones (sorted) merged in, the result appended to new
/// leaves, and the candidates' old and new slots, the new sections and the fingerprints worked
/// out on the way.
///
/// The walk is one method with its state in local variables and stored properties of this
/// struct — no closure captures a variable, so no access to one is checked at run time in a loop
/// that runs once per listed object — and each staying entry
/// is copied once, from its old leaf into its new one.
struct LinearMerge {
    typealias Tree = OrderStatisticTree<EntryOrdering>

    private(set) var builder: Tree.Builder
    private(set) var sections: SectionAssembler
    private var listIDs = SequenceFingerprint.Builder()
    /// The fingerprint of the whole list (without sections).
    var listFingerprint: SequenceFingerprint { listIDs.fingerprint }
    private let sectioned: Bool
    /// The rank that ends each old section.
    private let oldEnds: [Int]

    /// `buffer`: where the new order is appended before it goes into leaves (empty; the caller
    /// may keep it for the next walk).
    init(
        buffer: Tree.BuilderStorage, expectedCount: Int, sectioned: Bool, oldValues: [Value],
        oldStates: [SectionState?],
        oldEnds: [Int]
    ) {
        builder = Tree.Builder(reusing: buffer, expectedCount: expectedCount)
        sections = SectionAssembler(oldValues: oldValues, oldStates: oldStates)
        self.sectioned = sectioned
        self.oldEnds = oldEnds
    }

    /// Walks `leaves` (the old tree's, in order) once.
    /// - Parameters:
    ///   - leaves: the old tree's leaves, in order.
    ///   - ordering: how entries compare.
    ///   - listed: the candidates that were among the results, by object ID.
    ///   - marks: their IDs (any ID not marked is none of them).
    ///   - leaving: per candidate, whether its old entry goes.
    ///   - entering: the new entries, in any order; `order` sorts them.
    ///   - order: the positions of `entering` in sorted order.
    ///   - enteringCandidates: the candidate of each new entry.
    ///   - candidates: the change candidates, updated with their old and new slots.
    mutating func walk(
        _ leaves: [Tree.Node], ordering: EntryOrdering, listed: IDLookupTable, marks: ObjectIDSet, leaving: [Bool],
        entering: [ResultEntry], order: [Int], enteringCandidates: [Int], candidates: inout [Candidate]
    ) {
        // A leaf's entries are read in place, through its span.
        for leaf in leaves {
            leaf.withElements { elements in
                walkLeaf(
                    elements, ordering: ordering, listed: listed, marks: marks, leaving: leaving,
                    entering: entering, order: order,
                    enteringCandidates: enteringCandidates, candidates: &candidates)
            }
        }
        while next < order.count {
            placeEntering(order[next], entering: entering, candidates: enteringCandidates, &candidates)
            next += 1
        }
        sections.finish()
    }

    /// The walk's position: the old rank, the old section and its first rank, the next entering
    /// entry (in `order`).
    private var rank = 0, section = 0, sectionStart = 0, next = 0

    private mutating func walkLeaf(
        _ elements: Span<ResultEntry>, ordering: EntryOrdering, listed: IDLookupTable,
        marks: ObjectIDSet, leaving: [Bool], entering: [ResultEntry], order: [Int],
        enteringCandidates: [Int], candidates: inout [Candidate]
    ) {
        let count = elements.count
        var i = 0
        while i < count {
            // Where in this leaf the next entering entry goes (count: not in it). It is compared
            // with staying entries only: a leaving entry's full key may no longer be recorded
            // (an inexact key is kept by object ID, and a moved object's ID now has its new key),
            // and where an entering entry falls among leaving ones does not matter.
            var stop = count
            var last = count - 1
            while last >= i, Self.isLeaving(elements[last], marks: marks, listed: listed, leaving: leaving) {
                last -= 1
            }
            if next < order.count, last >= i, ordering.areInIncreasingOrder(entering[order[next]], elements[last]) {
                var lo = i
                var hi = last
                while lo < hi {
                    let mid = (lo + hi) / 2
                    var probe = mid
                    while probe < hi, Self.isLeaving(elements[probe], marks: marks, listed: listed, leaving: leaving) {
                        probe += 1
                    }
                    if probe == hi {
                        hi = mid  // only leaving entries between mid and hi
                    } else if ordering.areInIncreasingOrder(elements[probe], entering[order[next]]) {
                        lo = probe + 1
                    } else {
                        hi = probe
                    }
                }
                stop = lo
            }
            while i < stop {
                while section < oldEnds.count, rank >= oldEnds[section] {
                    sectionStart = oldEnds[section]
                    section += 1
                }
                // A run of objects that are none of the event's, in one old section, goes over
                // whole: the marks (a bit per ID) find its end, and its entries are copied at once.
                let sectionEnd = section < oldEnds.count ? i + (oldEnds[section] - rank) : stop
                let end = min(stop, sectionEnd)
                var j = i
                while j < end, !marks.contains(elements[j].objectID) { j += 1 }
                if j > i {
                    placeRun(elements.extracting(i..<j), oldSection: section)
                    rank += j - i
                    i = j
                    continue
                }
                let c = listed.value(of: elements[i].objectID.rawValue)
                if let c {
                    candidates[c].old =
                        sectioned
                        ? Slot(
                            section: section, row: rank - sectionStart, rank: rank,
                            value: sections.oldValue(at: section))
                        : Slot(section: 0, row: rank, rank: rank, value: nil)
                }
                rank += 1
                if c.map({ !leaving[$0] }) ?? true {
                    place(elements[i].objectID.rawValue, oldSection: section, candidate: c, candidates: &candidates)
                    builder.append(elements[i])
                }
                i += 1
            }
            if stop < count {
                placeEntering(order[next], entering: entering, candidates: enteringCandidates, &candidates)
                next += 1
            }
        }
    }

    /// Whether `entry` is the old entry of a candidate that leaves the tree. The marks (a bit per
    /// ID) answer for most entries, which are none of the event's, before the lookup's probe.
    @inline(__always)
    private static func isLeaving(
        _ entry: ResultEntry, marks: ObjectIDSet, listed: IDLookupTable, leaving: [Bool]
    ) -> Bool {
        guard marks.contains(entry.objectID), let c = listed.value(of: entry.objectID.rawValue) else { return false }
        return leaving[c]
    }

    /// The new tree, of every entry the walk appended, in `spare` leaves where nothing else
    /// references them (`Tree.Builder.finish(ordering:reusing:)`).
    mutating func newTree(ordering: EntryOrdering, reusing spare: inout [Tree.Node]) -> Tree {
        builder.finish(ordering: ordering, reusing: &spare)
    }

    /// Appends entering entry `index` to the new order.
    private mutating func placeEntering(
        _ index: Int, entering: [ResultEntry], candidates enteringCandidates: [Int],
        _ candidates: inout [Candidate]
    ) {
        let id = entering[index].objectID.rawValue
        let candidate = enteringCandidates[index]
        let rank = builder.count
        if sectioned {
            // The candidate's section identity, worked out once: reading the key copies it.
            let section = candidates[candidate].newSection
            sections.addEntering(id, section: section)
            candidates[candidate].new = Slot(
                section: sections.index, row: rank - sections.start, rank: rank, value: section)
        } else {
            listIDs.append(id)
            candidates[candidate].new = Slot(section: 0, row: rank, rank: rank, value: nil)
        }
        builder.append(entering[index])
    }

    /// Places `run`, staying objects of old section `oldSection` that are none of the event's,
    /// next in the new order, and appends their entries.
    private mutating func placeRun(_ run: Span<ResultEntry>, oldSection: Int) {
        if sectioned {
            sections.addStaying(run, oldSection: oldSection)
        } else {
            for index in run.indices { listIDs.append(run[index].objectID.rawValue) }
        }
        builder.append(contentsOf: run)
    }

    /// Places the staying object `id` of old section `oldSection` next in the new order (the
    /// caller appends its entry); `candidate` is its candidate index, nil when it is none.
    @inline(__always)
    private mutating func place(_ id: Int, oldSection: Int, candidate: Int?, candidates: inout [Candidate]) {
        if sectioned {
            sections.addStaying(id, oldSection: oldSection)
        } else {
            listIDs.append(id)
        }
        if let candidate { setNewSlot(of: candidate, &candidates) }
    }

    /// Gives `candidate` (staying, or leaving under its old key and entering under a new one
    /// elsewhere — then its new slot is set when its entering entry is placed) the slot of the
    /// entry about to be appended, if it has a new key.
    private func setNewSlot(of candidate: Int, _ candidates: inout [Candidate]) {
        let rank = builder.count
        if sectioned {
            guard candidates[candidate].hasNewKey else { return }
            let section = candidates[candidate].newSection
            candidates[candidate].new = Slot(
                section: sections.index, row: rank - sections.start, rank: rank, value: section)
        } else {
            guard candidates[candidate].hasNewKey else { return }
            candidates[candidate].new = Slot(section: 0, row: rank, rank: rank, value: nil)
        }
    }
}
