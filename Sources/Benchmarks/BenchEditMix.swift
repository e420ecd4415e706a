import FetchSimCore
import ObjectGraph

/// The benchmark's mix of edits: which kind each edit of an event is, and which live object it
/// edits. `BenchWorkload` and `SchemaBenchWorkload` draw the values for their entity; the mix
/// keeps the live objects, so that both insert, delete, move and update in the same proportions.
struct BenchEditMix {
    /// The shares, in percent, of inserts, deletes, sort key changes and section key changes:
    /// inserts and deletes balance, so the list keeps its size. The remaining 25 % are plain
    /// updates, which move nothing.
    static let insertShare = 20, deleteShare = 20, sortKeyShare = 20, sectionKeyShare = 15

    /// One edit's kind, with the live object it edits.
    enum Kind {
        case insert
        case delete(ObjectID)
        case sortKey(ObjectID)
        case sectionKey(ObjectID)
        case plain(ObjectID)
    }

    private var live: [ObjectID] = []
    /// The ID the next new object takes.
    private(set) var nextObjectID = 1

    /// Counts a new object live and returns its ID.
    mutating func newObject() -> ObjectID {
        let id = ObjectID(nextObjectID)
        nextObjectID += 1
        live.append(id)
        return id
    }

    /// The next edit's kind, drawn from `rng`: an insert counts its object live (there is always
    /// one while none is live), a delete takes its object out.
    mutating func next(using rng: inout SeededGenerator) -> Kind {
        let roll = Int.random(in: 0..<100, using: &rng)
        if roll < Self.insertShare || live.isEmpty {
            _ = newObject()
            return .insert
        }
        let index = Int.random(in: 0..<live.count, using: &rng)
        let id = live[index]
        switch roll - Self.insertShare {
        case ..<Self.deleteShare:
            live.swapAt(index, live.count - 1)
            live.removeLast()
            return .delete(id)
        case ..<(Self.deleteShare + Self.sortKeyShare): return .sortKey(id)
        case ..<(Self.deleteShare + Self.sortKeyShare + Self.sectionKeyShare): return .sectionKey(id)
        default: return .plain(id)
        }
    }
}
