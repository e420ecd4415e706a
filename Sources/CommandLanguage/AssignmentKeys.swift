/// The keys of one command's `key=value`s read so far, to reject a repeated key.
///
/// A command has a handful of assignments: it looks the key up among them by a linear search
/// (hashing every key into a `Set<String>` costs more for so few), and keeps
/// a set only once a command has more than `linearLimit`, so a line of many keys stays linear.
struct AssignmentKeys {
    static let linearLimit = 8
    private var set: Set<String>?

    /// Whether `key` differs from the keys of `assignments` (the command's assignments parsed
    /// before it, in order); a new key is remembered with them.
    mutating func insert(_ key: String, after assignments: [Command.Assignment]) -> Bool {
        if set == nil {
            if assignments.count < Self.linearLimit { return !assignments.contains { $0.key == key } }
            set = Set(assignments.lazy.map(\.key))
        }
        guard var keys = set else { return false }
        set = nil  // keeps the storage uniquely referenced while inserting
        let inserted = keys.insert(key).inserted
        set = keys
        return inserted
    }
}
