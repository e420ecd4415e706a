import FetchSimStorage
import ObjectGraph

/// The UTF-8 bytes of one batch's strings, kept in one buffer so that a statement can bind them
/// without SQLite copying each one.
///
/// Bound as `SQLITE_TRANSIENT`, every string would cost SQLite a `malloc`, a copy and a `free`
/// (docs/performance.md, "The store's save and open"). Here (`ByteArena`) `reserve(_:)` makes
/// room for all the strings of a batch before any is bound (so the buffer never moves while
/// the statement holds pointers into it), and `bind(_:to:at:)` copies a string's bytes in and
/// binds them as `SQLITE_STATIC`. The bytes must outlive the statement's next run: the buffer
/// is rewritten only by the next batch's `reserve(_:)`, after that run, and whoever drops the
/// arena first clears the statement's bindings (`RowWriter`'s batch, when it goes).
final class TextArena {
    private let bytes = ByteArena()

    /// Empties the arena and makes room for the UTF-8 bytes of every string in `objects`.
    func reserve(_ objects: [StoredObject]) {
        var needed = 0
        for object in objects {
            for case .string(let string) in object.values { needed += string.utf8.count }
        }
        bytes.reserve(needed)
    }

    /// Copies `string`'s bytes into the arena and binds them to parameter `index` of `statement`.
    /// - Precondition: `reserve(_:)` counted `string`.
    func bind(_ string: String, to statement: RawStatement, at index: Int32) {
        bytes.append(string) { start, count in statement.bind(staticText: start, count: count, at: index) }
    }
}
