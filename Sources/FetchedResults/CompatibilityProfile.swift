// What each profile changes in the controller; the profiles themselves are settings vocabulary
// (FetchSimSettings).
extension CompatibilityProfile {
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
