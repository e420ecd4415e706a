import FetchSimStorage
import ObjectGraph

/// Finds slots (section, row, rank and section value) in a controller's two trees, held as
/// plain references for one pass over an event's candidates: the controller's own `slot(…)`
/// methods read its `tree` and `sectionTree` properties on every call, a retain and a release of
/// each per candidate (and a run-time exclusivity check).
struct SlotLookup {
    let tree: OrderStatisticTree<EntryOrdering>
    let sectionTree: OrderStatisticTree<SectionOrdering>?

    /// Where `entry` sits in the tree, or `nil` if the tree does not hold it.
    /// - Complexity: O(log n + log s).
    func slot(for entry: ResultEntry) -> Slot? {
        guard let position = tree.find(entry) else { return nil }
        return slot(ofPresentRank: position.rank)
    }

    /// The slot of the entry the tree holds at global rank `rank`, with its section's value.
    /// - Complexity: O(log s).
    func slot(ofPresentRank rank: Int) -> Slot? {
        guard let sectionTree else { return Slot(section: 0, row: rank, rank: rank, value: nil) }
        // The section's own value (the entry holds its key in compact form only), read where
        // the section tree holds it: a copy of the section entry retained its state.
        return sectionTree.withPlace(containingWeightOffset: rank) { section, index, before in
            Slot(section: index, row: rank - before, rank: rank, value: section.value)
        }
    }

    /// The slot of global rank `rank`, whose object has section key value `value`.
    /// The section tree's weights are object counts: the section is found by rank, not by value.
    /// - Complexity: O(log s).
    func slot(atRank rank: Int, section value: Value) -> Slot? {
        guard let sectionTree else { return Slot(section: 0, row: rank, rank: rank, value: nil) }
        guard let (section, first) = sectionTree.rank(containingWeightOffset: rank) else { return nil }
        return Slot(section: section, row: rank - first, rank: rank, value: value)
    }
}
