/// The key paths a predicate reads, for checks that look at keys rather than values — such as
/// whether a fetch against a SQLite store reads a transient attribute (docs/semantics.md,
/// "Transient attributes").
extension Predicate {
    /// Every key path the predicate reads, left to right, each once: a subquery's collection,
    /// then its own keys with the collection in place of its variable (`SUBQUERY(notes, $n,
    /// $n.done == NO)` reads `notes` and `notes.done`).
    ///
    /// ```swift
    /// try Predicate(format: "title BEGINSWITH 'a' AND list.name == 'Home'").keyPaths  // ["title", "list.name"]
    /// ```
    package var keyPaths: [String] {
        var keys: [String] = []
        Self.collectKeys(of: root, replacing: nil, into: &keys)
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// Appends the keys of `node` to `keys`; `replacing` maps a subquery's `$variable` prefix to
    /// its collection's key path.
    private static func collectKeys(
        of node: PredicateNode, replacing: (variable: String, path: String)?, into keys: inout [String]
    ) {
        node.forEachComparison { comparison in
            for operand in [comparison.lhs, comparison.rhs] {
                switch operand.kind {
                case .key(let key):
                    keys.append(expanded(key, replacing: replacing))
                case .subqueryCount(let collection, let variable, let predicate):
                    let path = expanded(collection, replacing: replacing)
                    keys.append(path)
                    collectKeys(of: predicate, replacing: (variable, path), into: &keys)
                case .value, .list:
                    continue
                }
            }
        }
    }

    /// `key` with a leading `$variable` (alone or before a dot) replaced by `replacing.path`.
    private static func expanded(_ key: String, replacing: (variable: String, path: String)?) -> String {
        guard let replacing else { return key }
        let variable = replacing.variable.hasPrefix("$") ? replacing.variable : "$" + replacing.variable
        if key == variable { return replacing.path }
        if key.hasPrefix(variable + ".") { return replacing.path + key.dropFirst(variable.count) }
        return key
    }
}
