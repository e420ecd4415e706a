import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// Where an object sits in the results: its index path, its rank among all fetched objects, and
/// the section key value of its section (nil without a section key path).
///
/// The index path is kept as two integers and built on request (`path`): an `IndexPath` is
/// Foundation's, made by two calls into it, and copied and destroyed through its own code —
/// per changed object, several times an event (docs/performance.md, "The classifier and move
/// lowering").
struct Slot: Equatable {
    /// The section's index and the row within it.
    var sectionIndex: Int
    var row: Int
    var rank: Int
    var section: Value?

    init(section index: Int, row: Int, rank: Int, value: Value?) {
        sectionIndex = index
        self.row = row
        self.rank = rank
        section = value
    }

    /// The index path `[sectionIndex, row]`.
    var path: IndexPath { IndexPath(row: row, section: sectionIndex) }
}

/// The results as a materialised window `[offset, offset + limit)` over the tracked objects, used
/// when the strict profile enforces the fetch window after every event.
/// - Complexity: O(log n + limit) to build.
struct WindowLayout {
    struct Section {
        let value: Value?
        let start: Int
        var count: Int
        /// The fingerprint of the section's object IDs, in order.
        var fingerprint = SequenceFingerprint()
    }

    let entries: [ResultEntry]
    let sections: [Section]
    let slots: [ObjectID: Slot]

    /// `firstValue`: the value of the first sort key an entry was made from.
    init(
        tree: OrderStatisticTree<EntryOrdering>, offset: Int, limit: Int, isSectioned: Bool,
        firstValue: (ResultEntry) -> Value
    ) {
        var entries: [ResultEntry] = []
        let wanted = limit > 0 ? limit : Int.max
        tree.forEach(from: offset) { entry, _ in
            entries.append(entry)
            return entries.count < wanted
        }
        var sections: [Section] = []
        var slots: [ObjectID: Slot] = [:]
        for (rank, entry) in entries.enumerated() {
            let value: Value? = isSectioned ? firstValue(entry).sectionIdentity : nil
            if let last = sections.last, isSectioned ? Value.compare(last.value ?? .null, value ?? .null) == 0 : true {
                sections[sections.count - 1].count += 1
            } else {
                sections.append(Section(value: value, start: rank, count: 1))
            }
            slots[entry.objectID] = Slot(
                section: sections.count - 1, row: rank - sections[sections.count - 1].start, rank: rank,
                value: value)
        }
        if !isSectioned, sections.isEmpty {
            sections.append(Section(value: nil, start: 0, count: 0))
        }
        for i in sections.indices {
            let range = sections[i].start..<(sections[i].start + sections[i].count)
            sections[i].fingerprint = SequenceFingerprint(entries[range].lazy.map(\.objectID.rawValue))
        }
        self.entries = entries
        self.sections = sections
        self.slots = slots
    }
}
