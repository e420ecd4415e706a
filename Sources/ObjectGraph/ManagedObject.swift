/// An object in a context: a stable ID, its entity, and its current attribute values.
///
/// Values change only through the owning `ObjectContext`, which records every change for its next
/// change event. Like `NSManagedObject`, a deleted object stays readable (with its last values)
/// for whoever still holds it.
///
/// One allocation holds everything: a 16-byte header (the object's `ObjectKind`, shared with
/// every object of its entity in its context, and the ID with the deleted flag) followed by the
/// values inline — 112 bytes for three attributes, where a class with an `Entity`, a weak
/// context and a separate `[Value]` array took two allocations and 208 bytes
/// (docs/performance.md, "Memory per object in the context"). The class itself declares no
/// stored properties: `ManagedBufferPointer` lays it out.
public final class ManagedObject: CustomStringConvertible {
    @usableFromInline typealias Storage = ManagedBufferPointer<ObjectHeader, Value>

    /// A new object of `kind` with `values` (missing values are nil, extra ones ignored: callers
    /// check the count against the entity first).
    static func make(_ id: ObjectID, kind: ObjectKind, values: some Collection<Value>) -> ManagedObject {
        make(id, kind: kind) { slots, count in
            var filled = 0
            for value in values.prefix(count) {
                (slots + filled).initialize(to: value)
                filled += 1
            }
            if filled < count { (slots + filled).initialize(repeating: .null, count: count - filled) }
        }
    }

    /// A new object of `kind` whose values `initialize` writes: it must initialize exactly
    /// `count` values at the pointer it gets.
    static func make(_ id: ObjectID, kind: ObjectKind,
                     initializingValues initialize: (UnsafeMutablePointer<Value>, _ count: Int) throws -> Void) rethrows -> ManagedObject {
        let storage = Storage(bufferClass: ManagedObject.self, minimumCapacity: kind.valueCount) { _, _ in
            ObjectHeader(kind: kind, id: id)
        }
        let object = unsafeDowncast(storage.buffer, to: ManagedObject.self)
        do {
            try storage.withUnsafeMutablePointerToElements { try initialize($0, kind.valueCount) }
        } catch {
            // deinit reads every value: give them one before the object goes away.
            storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: .null, count: kind.valueCount) }
            throw error
        }
        return object
    }

    deinit {
        Storage(unsafeBufferObject: self).withUnsafeMutablePointers { header, values in
            _ = values.deinitialize(count: header.pointee.kind.valueCount)
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
    /// Reading it copies the values: `value(at:)` and `withValues(_:)` read them in place.
    @inlinable public internal(set) var values: [Value] {
        get { withValues { Array($0) } }
        set { replaceValues(with: newValue) }
    }

    /// The number of values: the entity's attribute count.
    @inlinable public var valueCount: Int { storage.header.kind.valueCount }

    /// The value of the attribute at `index` in `entity.attributes`.
    /// - Precondition: `index` is below `valueCount`.
    @inlinable public func value(at index: Int) -> Value {
        storage.withUnsafeMutablePointers { header, values in
            precondition(index >= 0 && index < header.pointee.kind.valueCount, "value index \(index) out of range")
            return values[index]
        }
    }

    /// Calls `body` with the values in place (valid only during the call), without copying them.
    @inlinable public func withValues<R>(_ body: (UnsafeBufferPointer<Value>) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { header, values in
            try body(UnsafeBufferPointer(start: values, count: header.pointee.kind.valueCount))
        }
    }

    /// Sets the value at `index` (the context records the change).
    func setValue(_ value: Value, at index: Int) {
        storage.withUnsafeMutablePointers { header, values in
            precondition(index >= 0 && index < header.pointee.kind.valueCount, "value index \(index) out of range")
            values[index] = value
        }
    }

    /// Sets every value from `newValues` in order (missing ones nil, extra ones ignored).
    @usableFromInline func replaceValues(with newValues: [Value]) {
        storage.withUnsafeMutablePointers { header, values in
            let count = header.pointee.kind.valueCount
            for index in 0..<count { values[index] = index < newValues.count ? newValues[index] : .null }
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
