/// Which platform's controller behaviour to reproduce (docs/semantics.md, rules 2, 7–10 and
/// 19–24; `profile modern|ios9|ios10|strict`). What each profile changes in the controller is the
/// controller's (`FetchedResults`: `lowersMoves`, `deliveryOrder`, …).
///
///     CompatibilityProfile(rawValue: "ios9")  // .ios9, as `profile ios9` names it
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

    /// One line of `help profile` for this profile.
    package var help: String {
        switch self {
        case .modern:
            "today's Core Data — moves a valid change set does not need become updates, updates carry "
                + "their new index path, object deletes come before section changes, limit and offset apply at fetch only."
        case .ios9:
            "every object whose position changed is a move (a sort-key change in place is 'move p → p'), "
                + "updates carry no new index path, an object both moved and changed is reported twice."
        case .ios10: "moves lowered to updates as today (a swap is one move and one update), section changes first."
        case .strict:
            "modern with limit and offset enforced after every event (evicted objects deleted, promoted ones inserted)."
        }
    }
}
