/// Which platform's controller behaviour to reproduce (docs/semantics.md, rules 2, 7–10 and 19–24).
public enum CompatibilityProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Today's CoreData (a public decompilation of iOS 26.1's): moves lowered to updates where
    /// a valid change set does not need them, updates carry their new index path, object deletes
    /// delivered before the section changes, `fetchLimit`/`fetchOffset` applied at fetch and
    /// ignored afterwards.
    case modern
    /// iOS 9 (HDR-9.3, openradar 22380191, 23037698 and 27957917): every object whose position
    /// changed is a move; a sort-key change that keeps the position is reported as `move p → p`;
    /// updates carry no new index path; and an object whose sort key and other attributes both
    /// changed is reported both updated (old path) and moved.
    case ios9
    /// iOS 10 (openradar 27957917): moves lowered to updates as in `modern` — two objects that swap
    /// places give one move and one update — with the section changes delivered first (HDR-10.12).
    case ios10
    /// `modern` with limit and offset enforced after every event: evicted objects are deleted,
    /// promoted ones inserted.
    case strict

    public var description: String { rawValue }

    /// Whether moves that a valid change set does not need are reported as updates (rules 19 and
    /// 22): since iOS 10; before, a swap was two moves (openradar 27957917).
    public var lowersMoves: Bool { self != .ios9 }

    /// Whether a section cache is checked as today's Core Data checks it — entity, version,
    /// section key path, object count, sort keys; a mismatch rebuilds it silently — rather than
    /// against the whole request with the fatal "illegally mutated" error (`ios9`, `ios10`).
    public var checksCacheLikeToday: Bool { self == .modern || self == .strict }

    /// The order of one event's callbacks between `willChangeContent` and `didChangeContent` (rule 2).
    public var deliveryOrder: DeliveryOrder { self == .ios9 || self == .ios10 ? .sectionsFirst : .objectDeletesFirst }
}

/// The order in which a change event's section and object changes reach the delegate (rule 2).
public enum DeliveryOrder: String, Sendable, CaseIterable {
    /// Section deletes, section inserts, then object deletes, inserts, moves, updates — "changes
    /// on section info are reported before changes on fetchedObjects" (the iOS 9–10 headers).
    case sectionsFirst
    /// Object deletes, section inserts, section deletes, object inserts, then moves and updates —
    /// today's CoreData (known only from a public decompilation of iOS 26.1's).
    case objectDeletesFirst
}
