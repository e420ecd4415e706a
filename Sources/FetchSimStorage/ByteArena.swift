/// Bytes copied into one buffer that stays where it is until the arena is emptied: what a C API
/// that keeps pointers to bytes it was given (SQLite's `SQLITE_STATIC` text) needs.
///
/// `reserve(_:)` empties the arena and makes room for everything that follows it, so the
/// buffer never moves while earlier bytes are still in use; `append(_:_:)` copies a string's
/// UTF-8 bytes after the last ones and says where they are. Each copy is checked against the
/// room reserved.
///
/// ```swift
/// let arena = ByteArena()
/// arena.reserve(8)
/// arena.append("Milk") { start, count in count }   // 4: the bytes stay at `start` until the next reserve
/// arena.append("Eggs") { start, count in count }   // 4, after them
/// ```
public final class ByteArena {
    @usableFromInline var buffer: UnsafeMutableRawPointer
    /// The bytes the buffer holds, at least 1.
    @usableFromInline var capacity: Int
    /// The bytes the last `reserve(_:)` made room for.
    @usableFromInline var reserved = 0
    /// The bytes in use since the last `reserve(_:)`.
    @usableFromInline var used = 0

    /// An empty arena with room for `capacity` bytes (at least 1).
    /// - Parameter capacity: The first room, in bytes.
    public init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 1)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        buffer.deallocate()
    }

    /// The bytes in use since the last `reserve(_:)`.
    public var count: Int { used }

    /// Empties the arena and makes room for `byteCount` bytes; bytes given out before are no
    /// longer kept.
    /// - Parameter byteCount: The bytes the appends until the next reserve copy in all.
    public func reserve(_ byteCount: Int) {
        precondition(byteCount >= 0, "room for \(byteCount) bytes")
        used = 0
        reserved = byteCount
        if byteCount > capacity {
            buffer.deallocate()
            capacity = max(byteCount, 2 * capacity)
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        }
        checkInvariantsIfEnabled()
    }

    /// Copies `string`'s UTF-8 bytes after the bytes in use and calls `body` with where they
    /// start and their count. They stay there until the next `reserve(_:)` or the arena goes.
    /// - Parameters:
    ///   - string: The text to copy; the last `reserve(_:)` counted its bytes.
    ///   - body: What to do with the bytes' start and count.
    /// - Returns: What `body` returns.
    @inlinable
    public func append<R>(_ string: String, _ body: (UnsafeMutableRawPointer, Int) throws -> R) rethrows -> R {
        var string = string
        let start = buffer + used
        let count = string.withUTF8 { bytes in
            precondition(used + bytes.count <= reserved, "the arena was not reserved for these \(bytes.count) bytes")
            if let base = bytes.baseAddress { start.copyMemory(from: base, byteCount: bytes.count) }
            return bytes.count
        }
        used += count
        checkInvariantsIfEnabled()
        return try body(start, count)
    }
}

extension ByteArena {
    /// `checkInvariants()` when `StorageChecks.isEnabled`. Out of line, so that the inlined
    /// append reads the build's flag where it is defined.
    @usableFromInline
    func checkInvariantsIfEnabled() {
        if StorageChecks.isEnabled { checkInvariants() }
    }

    /// Traps with a description of the first broken invariant: no room at all, more room
    /// reserved than the buffer holds, or more bytes in use than were reserved (or fewer than
    /// none).
    package func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("ByteArena: \(problem)") }
    }

    /// The first broken invariant, described; nil when there is none.
    func invariantViolation() -> String? {
        guard capacity >= 1 else { return "capacity \(capacity)" }
        guard reserved >= 0, reserved <= capacity else { return "\(reserved) bytes reserved of \(capacity)" }
        guard used >= 0, used <= reserved else { return "\(used) bytes used of \(reserved) reserved" }
        return nil
    }
}
