/// An object in a context: a stable ID, its entity, and its current attribute values.
///
/// Values change only through the owning `ObjectContext`, which records every change for its next
/// change event. Like `NSManagedObject`, a deleted object stays readable (with its last values)
/// for whoever still holds it.
///
/// One allocation holds everything: a 16-byte header (the object's `ObjectKind`, shared with
/// every object of its entity in its context, and the ID with the deleted flag) followed by the
/// values packed 16 bytes each with their tag bytes after them (`PackedValues`) — 88 bytes in a
/// 96-byte malloc chunk for three attributes, where a class with an `Entity`, a weak context and
/// a separate `[Value]` array would take two allocations and 208 bytes, and values inline as
/// `Value`s 112 (docs/performance.md, "Object storage").
/// The class itself declares no stored properties: `ManagedBufferPointer` lays it out.
///
/// ```swift
/// let note = try context.insert("Note", values: [("title", .string("Milk"))])
/// note.objectID   // #1
/// note["title"]   // .string("Milk")
/// try context.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
/// note["title"]   // .string("Eggs")
/// ```
public final class ManagedObject: CustomStringConvertible {
    @usableFromInline typealias Storage = ManagedBufferPointer<ObjectHeader, UInt64>

    /// A new object of `kind` with `values` (missing values are nil, extra ones ignored: callers
    /// check the count against the entity first).
    static func make(_ id: ObjectID, kind: ObjectKind, values: some Collection<Value>) -> ManagedObject {
        let count = kind.valueCount
        let storage = Storage(bufferClass: ManagedObject.self, minimumCapacity: PackedValues.words(for: count)) {
            _, _ in
            ObjectHeader(kind: kind, id: id)
        }
        // The loop runs outside any closure: a counter captured by one would be checked for
        // exclusive access on every value (swift::runtime::AccessSet).
        let base = storage.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
        var source = values.makeIterator()
        for index in 0..<count {
            PackedValues.initialize(base, count: count, at: index, to: source.next() ?? .null)
        }
        return unsafeDowncast(storage.buffer, to: ManagedObject.self)
    }

    deinit {
        Storage(unsafeBufferObject: self).withUnsafeMutablePointers { header, words in
            let count = header.pointee.kind.valueCount
            for index in 0..<count {
                PackedValues.deinitialize(UnsafeMutableRawPointer(words), count: count, at: index)
            }
            _ = header.deinitialize(count: 1)
        }
    }

    @inlinable var storage: Storage { Storage(unsafeBufferObject: self) }
    @inlinable var kind: ObjectKind { storage.header.kind }

    /// The object's identity: stable for its lifetime, never reused.
    @inlinable public var objectID: ObjectID { storage.header.objectID }

    /// The object's entity: its attributes, in order.
    @inlinable public var entity: Entity { storage.header.kind.entity }

    /// Whether the object has been deleted from its context.
    @inlinable public internal(set) var isDeleted: Bool {
        get { storage.header.isDeleted }
        set { storage.withUnsafeMutablePointerToHeader { $0.pointee.isDeleted = newValue } }
    }

    /// The context the object lives in, through which key paths follow relationships (as
    /// `NSManagedObject.managedObjectContext`); nil once the context is gone.
    public var managedObjectContext: ObjectContext? { kind.context }

    /// Attribute values in `entity.attributes` order, as a new array.
    ///
    /// Reading it builds an array: `value(at:)` and `withValues(_:)` read without one.
    @inlinable public internal(set) var values: [Value] {
        get {
            storage.withUnsafeMutablePointers { header, words in
                let count = header.pointee.kind.valueCount
                let base = UnsafeMutableRawPointer(words)
                return (0..<count).map { PackedValues.load(base, count: count, at: $0) }
            }
        }
        set { replaceValues(with: newValue) }
    }

    /// The number of values: the entity's attribute count.
    @inlinable public var valueCount: Int { storage.header.kind.valueCount }

    /// The value of the attribute at `index` in `entity.attributes`.
    /// - Precondition: `index` is below `valueCount`.
    @inlinable public func value(at index: Int) -> Value {
        storage.withUnsafeMutablePointers { header, words in
            let count = header.pointee.kind.valueCount
            precondition(index >= 0 && index < count, "value index \(index) out of range")
            return PackedValues.load(UnsafeMutableRawPointer(words), count: count, at: index)
        }
    }

    /// Calls `body` with the values (valid only during the call), without building an array:
    /// up to four are unpacked into a buffer on the stack, more into a temporary array.
    @inlinable @inline(__always) package func withValues<R>(_ body: (UnsafeBufferPointer<Value>) throws -> R) rethrows
        -> R
    {
        let count = valueCount
        guard count <= 4 else { return try values.withUnsafeBufferPointer(body) }
        return try withUnpacked(count, at: { $0 }, body)
    }

    /// Calls `body` with the values at `indexes` (attribute positions, each below `valueCount`),
    /// in that order, without building an array and without reading the other values: up to four
    /// are unpacked into words on the stack, more into a temporary array. A sort key reads only
    /// its attributes — unpacking the others copied their strings out and released them again.
    @inlinable @inline(__always)
    package func withValues<R>(at indexes: [Int], _ body: (UnsafeBufferPointer<Value>) throws -> R) rethrows -> R {
        guard indexes.count <= 4 else { return try indexes.map { value(at: $0) }.withUnsafeBufferPointer(body) }
        return try withUnpacked(indexes.count, at: { indexes[$0] }, body)
    }

    /// Calls `body` with `wanted` (at most four) values, the `k`th the one at attribute position
    /// `position(k)`, unpacked into words on the stack.
    ///
    /// A plain local rather than `withUnsafeTemporaryAllocation`, whose closure makes callers copy
    /// what their own closure captured (a fetch request's resolved keys) on every call. Raw words,
    /// not a tuple of four `Value`s: only the values written are destroyed, each by `Value`'s own
    /// code, where a tuple is destroyed whole through the runtime's generic tuple witness on
    /// every call; moved out one by one, since `deinitialize(count:)` goes through the
    /// runtime's generic array destroy.
    @inlinable @inline(__always)
    func withUnpacked<R>(_ wanted: Int, at position: (Int) -> Int, _ body: (UnsafeBufferPointer<Value>) throws -> R)
        rethrows -> R
    {
        let count = valueCount
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return try withExtendedLifetime(self) {
            let base = storage.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
            return try withUnsafeMutableBytes(of: &scratch) { raw in
                precondition(
                    wanted <= 4 && MemoryLayout<Value>.stride * 4 <= raw.count && MemoryLayout<Value>.alignment <= 8)
                return try raw.withMemoryRebound(to: Value.self) { buffer in
                    let start = buffer.baseAddress.unsafelyUnwrapped
                    for k in 0..<wanted {
                        let index = position(k)
                        precondition(index >= 0 && index < count, "value index \(index) out of range")
                        (start + k).initialize(to: PackedValues.load(base, count: count, at: index))
                    }
                    defer { for k in 0..<wanted { _ = (start + k).move() } }
                    return try body(UnsafeBufferPointer(start: start, count: wanted))
                }
            }
        }
    }

    /// Sets the value at `index` (the context records the change).
    func setValue(_ value: Value, at index: Int) {
        storage.withUnsafeMutablePointers { header, words in
            let count = header.pointee.kind.valueCount
            precondition(index >= 0 && index < count, "value index \(index) out of range")
            PackedValues.assign(UnsafeMutableRawPointer(words), count: count, at: index, to: value)
        }
    }

    /// Sets every value from `newValues` in order (missing ones nil, extra ones ignored).
    @usableFromInline func replaceValues(with newValues: [Value]) {
        storage.withUnsafeMutablePointers { header, words in
            let count = header.pointee.kind.valueCount
            for index in 0..<count {
                PackedValues.assign(
                    UnsafeMutableRawPointer(words), count: count, at: index,
                    to: index < newValues.count ? newValues[index] : .null)
            }
        }
    }

    /// The value for the attribute named `key`, or `nil` if the entity has no such attribute.
    public func value(forKey key: String) -> Value? {
        entity.index(of: key).map { value(at: $0) }
    }

    /// The value for the attribute named `key`; `.null` for an unknown key.
    public subscript(key: String) -> Value {
        value(forKey: key) ?? .null
    }

    /// `#7 Note{title="Milk", order=3}`.
    public var description: String {
        let fields = zip(entity.attributes, values).map { "\($0.name)=\($1.literal)" }
        return "\(objectID) \(entity.name){\(fields.joined(separator: ", "))}"
    }
}
