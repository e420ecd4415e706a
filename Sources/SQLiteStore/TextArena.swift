import ObjectGraph

/// The UTF-8 bytes of one batch's strings, kept in one buffer so that a statement can bind them
/// without SQLite copying each one.
///
/// Bound as `SQLITE_TRANSIENT`, every string would cost SQLite a `malloc`, a copy and a `free`
/// (docs/performance.md, "The store's save and open"). Here `reserve(_:)` makes
/// room for all the strings of a batch before any is bound (so the buffer never moves while
/// the statement holds pointers into it), and `bind(_:to:at:)` copies a string's bytes in and
/// binds them as `SQLITE_STATIC`. The bytes must outlive the statement's next run: the buffer
/// is rewritten only by the next batch's `reserve(_:)`, after that run, and whoever drops the
/// arena first clears the statement's bindings (`RowWriter`'s batch, when it goes).
final class TextArena {
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var used = 0

    init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 1)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        buffer.deallocate()
    }

    /// Empties the arena and makes room for the UTF-8 bytes of every string in `objects`.
    func reserve(_ objects: [StoredObject]) {
        used = 0
        var needed = 0
        for object in objects {
            for case .string(let string) in object.values { needed += string.utf8.count }
        }
        guard needed > capacity else { return }
        buffer.deallocate()
        capacity = max(needed, 2 * capacity)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    }

    /// Copies `string`'s bytes into the arena and binds them to parameter `index` of `statement`.
    /// - Precondition: `reserve(_:)` counted `string`.
    func bind(_ string: String, to statement: RawStatement, at index: Int32) {
        var string = string
        let start = buffer + used
        let count = string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            precondition(used + bytes.count <= capacity, "the arena was not reserved for this string")
            start.copyMemory(from: base, byteCount: bytes.count)
            return bytes.count
        }
        used += count
        statement.bind(staticText: start, count: count, at: index)
    }
}
