/// Which platform's controller behaviour to reproduce (docs/semantics.md, rules 7–10 and 21–24).
public enum CompatibilityProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// iOS 10+ headers: a move only when the object's own change moved it, updates carry their
    /// new index path, `fetchLimit`/`fetchOffset` applied at fetch and ignored afterwards.
    case modern
    /// iOS 9 (HDR-9.3, openradar 22380191 and 23037698): a sort-key change that keeps the
    /// position is reported as `move p → p`; updates carry no new index path; and a moved object
    /// whose other attributes changed too is reported both updated (old path) and moved.
    case ios9
    /// iOS 10 (openradar 27957917): two objects that swap places give one move and one update.
    case ios10
    /// Limit and offset enforced after every event: evicted objects are deleted, promoted ones inserted.
    case strict

    public var description: String { rawValue }
}
