import FetchSimStorage

/// An object in a context: a stable ID, its entity, and its current attribute values.
///
/// Values change only through the owning `ObjectContext`, which records every change for its next
/// change event. Like `NSManagedObject`, a deleted object stays readable (with its last values)
/// for whoever still holds it.
///
/// One allocation holds everything: a 16-byte header (the object's `ObjectKind`, shared with
/// every object of its entity in its context, and the ID with the deleted flag) followed by the
/// values packed 16 bytes each with their tag bytes after them (`PackedValues` over
/// `PackedRecord`) — 88 bytes in a 96-byte malloc chunk for three attributes, where a class with
/// an `Entity`, a weak context and a separate `[Value]` array would take two allocations and 208
/// bytes, and values inline as `Value`s 112 (docs/performance.md, "Object storage").
/// The class itself declares no stored properties: `PackedRecord` lays it out.
///
/// ```swift
/// let note = try context.insert("Note", values: [("title", .string("Milk"))])
/// note.objectID   // #1
/// note["title"]   // .string("Milk")
/// try context.setValue(.string("Eggs"), forKey: "title", of: note.objectID)
/// note["title"]   // .string("Eggs")
/// ```
public final class ManagedObject: CustomStringConvertible {
    @usableFromInline typealias Record = PackedValues.Record

    /// A new object of `kind` with `values` (missing values are nil, extra ones ignored: callers
    /// check the count against the entity first).
    static func make(_ id: ObjectID, kind: ObjectKind, values: some Collection<Value>) -> ManagedObject {
        Record.make(
            ManagedObject.self, header: ObjectHeader(kind: kind, id: id), slots: values.lazy.map(PackedValues.slot))
    }

    /// A new object of `kind` with the values of a borrowed view, such as the row a store hands
    /// over (missing values are nil, extra ones ignored, as above).
    static func make(_ id: ObjectID, kind: ObjectKind, values: Span<Value>) -> ManagedObject {
        Record.make(ManagedObject.self, header: ObjectHeader(kind: kind, id: id)) { index in
            index < values.count ? PackedValues.slot(values[index]) : .bits(kind: PackedValues.null, 0)
        }
    }

    deinit {
        Record.destroy(self)
    }

    @inlinable var storage: Record { Record(record: self) }
    @inlinable var kind: ObjectKind { storage.header.kind }

    /// The object's identity: stable for its lifetime, never reused.
    @inlinable public var objectID: ObjectID { storage.header.objectID }

    /// The object's entity: its attributes, in order.
    @inlinable public var entity: Entity { storage.header.kind.entity }

    /// Whether the object has been deleted from its context.
    @inlinable public internal(set) var isDeleted: Bool {
        get { storage.header.isDeleted }
        set { storage.updateHeader { $0.isDeleted = newValue } }
    }

    /// The context the object lives in, through which key paths follow relationships (as
    /// `NSManagedObject.managedObjectContext`); nil once the context is gone.
    public var managedObjectContext: ObjectContext? { kind.context }

    /// Attribute values in `entity.attributes` order, as a new array.
    ///
    /// Reading it builds an array: `value(at:)` and `withValues(_:)` read without one.
    @inlinable public internal(set) var values: [Value] {
        get {
            let record = storage
            return (0..<record.count).map { PackedValues.value(in: record, at: $0) }
        }
        set { replaceValues(with: newValue) }
    }

    /// The number of values: the entity's attribute count.
    @inlinable public var valueCount: Int { storage.header.kind.valueCount }

    /// The value of the attribute at `index` in `entity.attributes`.
    /// - Precondition: `index` is below `valueCount`.
    @inlinable public func value(at index: Int) -> Value {
        PackedValues.value(in: storage, at: index)
    }

    /// Calls `body` with the values, without building an array for up to four of them.
    @inlinable @inline(__always) package func withValues<R>(_ body: (SmallList<Value>) throws -> R) rethrows -> R {
        try body(SmallList(count: valueCount) { value(at: $0) })
    }

    /// Calls `body` with the values at `indexes` (attribute positions, each below `valueCount`),
    /// in that order, without building an array for up to four and without reading the other
    /// values. A sort key reads only its attributes: unpacking the others would copy their
    /// strings out and release them again.
    @inlinable @inline(__always)
    package func withValues<R>(at indexes: [Int], _ body: (SmallList<Value>) throws -> R) rethrows -> R {
        try body(SmallList(count: indexes.count) { value(at: indexes[$0]) })
    }

    /// Sets the value at `index` (the context records the change).
    func setValue(_ value: Value, at index: Int) {
        storage.set(PackedValues.slot(value), at: index)
    }

    /// Sets every value from `newValues` in order (missing ones nil, extra ones ignored).
    @usableFromInline func replaceValues(with newValues: [Value]) {
        let record = storage
        for index in 0..<record.count {
            record.set(PackedValues.slot(index < newValues.count ? newValues[index] : .null), at: index)
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
