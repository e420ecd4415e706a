import Foundation

/// How a `ManagedObject` keeps its values in its own allocation: 16 bytes of payload per value
/// and one tag byte, instead of the 24-byte stride of `Value`.
///
/// `Value` is 17 bytes (a 16-byte `String` payload and a tag byte: `Int` leaves no spare bits to
/// hide the tag in), so an array of them wastes 7 bytes per value in padding. Here the tags of
/// all values sit together after the payloads: three values take 48 + 8 bytes instead of 72,
/// which puts an object of three attributes in a 96-byte malloc chunk instead of 112
/// (docs/performance.md, "Object storage").
///
/// A payload is the value's `String`, or the 64 bits of its number, date (the `Double` seconds
/// since the reference date), bool or object ID: every value reads back exactly as written.
/// A to-many value's `[ObjectID]` is held the way a string is: one reference in the payload,
/// retained while the value lives there and released when it is replaced or the object goes
/// (`deinitialize`). The memory of a payload holding a string or an ID array is bound to that
/// type while it does.
@usableFromInline
enum PackedValues {
    @usableFromInline static let null: UInt8 = 0
    @usableFromInline static let string: UInt8 = 1
    @usableFromInline static let int: UInt8 = 2
    @usableFromInline static let double: UInt8 = 3
    @usableFromInline static let bool: UInt8 = 4
    @usableFromInline static let date: UInt8 = 5
    @usableFromInline static let object: UInt8 = 6
    @usableFromInline static let objects: UInt8 = 7

    /// Payload bytes per value.
    @usableFromInline static let payloadBytes = 16

    /// The 8-byte words an object of `count` values needs: the payloads, then the tags.
    static func words(for count: Int) -> Int {
        2 * count + (count + 7) / 8
    }

    /// Writes `value` into uninitialized payload `index` and its tag.
    @inlinable @inline(__always)
    static func initialize(_ base: UnsafeMutableRawPointer, count: Int, at index: Int, to value: Value) {
        let payload = base + index * payloadBytes
        let tag: UInt8
        switch value {
        case .null: tag = null
        case .string(let s):
            tag = string
            payload.bindMemory(to: String.self, capacity: 1).initialize(to: s)
        case .int(let i):
            tag = int
            payload.storeBytes(of: UInt64(bitPattern: Int64(i)), as: UInt64.self)
        case .double(let d):
            tag = double
            payload.storeBytes(of: d.bitPattern, as: UInt64.self)
        case .bool(let b):
            tag = bool
            payload.storeBytes(of: b ? 1 : 0, as: UInt64.self)
        case .date(let d):
            tag = date
            payload.storeBytes(of: d.timeIntervalSinceReferenceDate.bitPattern, as: UInt64.self)
        case .object(let id):
            tag = object
            payload.storeBytes(of: UInt64(bitPattern: Int64(id.rawValue)), as: UInt64.self)
        case .objects(let ids):
            tag = objects
            initializeObjects(payload, ids)
        }
        (base + count * payloadBytes).storeBytes(of: tag, toByteOffset: index, as: UInt8.self)
    }

    /// The value at `index`.
    @inlinable @inline(__always)
    static func load(_ base: UnsafeMutableRawPointer, count: Int, at index: Int) -> Value {
        let payload = UnsafeRawPointer(base + index * payloadBytes)
        let bits = { payload.load(as: UInt64.self) }
        switch (base + count * payloadBytes).load(fromByteOffset: index, as: UInt8.self) {
        case string: return .string(payload.load(as: String.self))
        case int: return .int(Int(Int64(bitPattern: bits())))
        case double: return .double(Double(bitPattern: bits()))
        case bool: return .bool(bits() != 0)
        case date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits())))
        case object: return .object(ObjectID(Int(Int64(bitPattern: bits()))))
        case objects: return loadObjects(payload)
        default: return .null
        }
    }

    /// The tag of the value at `index` (one of the constants above).
    @inline(__always)
    static func tag(_ base: UnsafeMutableRawPointer, count: Int, at index: Int) -> UInt8 {
        (base + count * payloadBytes).load(fromByteOffset: index, as: UInt8.self)
    }

    /// The 64 payload bits of the value at `index` (meaningful for the tags other than `string`).
    @inline(__always)
    static func bits(_ base: UnsafeMutableRawPointer, at index: Int) -> UInt64 {
        (base + index * payloadBytes).load(as: UInt64.self)
    }

    /// Whether the 16 payload bytes at `index` and at `otherIndex` of `otherBase` are the same.
    @inline(__always)
    static func sameBits(
        _ base: UnsafeMutableRawPointer, at index: Int, _ otherBase: UnsafeMutableRawPointer, at otherIndex: Int
    ) -> Bool {
        let a = base + index * payloadBytes
        let b = otherBase + otherIndex * payloadBytes
        return a.load(as: UInt64.self) == b.load(as: UInt64.self)
            && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
    }

    /// The string the payload at `index` holds, in place (only for the tag `string`).
    @inline(__always)
    static func string(_ base: UnsafeMutableRawPointer, at index: Int) -> UnsafePointer<String> {
        UnsafePointer((base + index * payloadBytes).assumingMemoryBound(to: String.self))
    }

    /// The ID array the payload at `index` holds, in place (only for the tag `objects`).
    @inline(__always)
    static func objects(_ base: UnsafeMutableRawPointer, at index: Int) -> UnsafePointer<[ObjectID]> {
        UnsafePointer((base + index * payloadBytes).assumingMemoryBound(to: [ObjectID].self))
    }

    /// Ends the life of the value at `index` (releases its string or ID array, if it holds one).
    @inlinable @inline(__always)
    static func deinitialize(_ base: UnsafeMutableRawPointer, count: Int, at index: Int) {
        let tag = (base + count * payloadBytes).load(fromByteOffset: index, as: UInt8.self)
        if tag == string {
            (base + index * payloadBytes).assumingMemoryBound(to: String.self).deinitialize(count: 1)
        } else if tag == objects {
            deinitializeObjects(base + index * payloadBytes)
        }
    }

    // The ID array's own code stays out of line: inlined into every read and write of a value,
    // it would make them larger than the optimizer inlines, slowing the paths that never see one.

    /// Writes `ids` into the uninitialized payload at `payload`.
    @usableFromInline @inline(never)
    static func initializeObjects(_ payload: UnsafeMutableRawPointer, _ ids: [ObjectID]) {
        payload.bindMemory(to: [ObjectID].self, capacity: 1).initialize(to: ids)
    }

    /// The to-many value whose ID array the payload at `payload` holds.
    @usableFromInline @inline(never)
    static func loadObjects(_ payload: UnsafeRawPointer) -> Value {
        .objects(payload.load(as: [ObjectID].self))
    }

    /// Releases the ID array the payload at `payload` holds.
    @usableFromInline @inline(never)
    static func deinitializeObjects(_ payload: UnsafeMutableRawPointer) {
        payload.assumingMemoryBound(to: [ObjectID].self).deinitialize(count: 1)
    }

    /// Replaces the value at `index` with `value`.
    @inlinable @inline(__always)
    static func assign(_ base: UnsafeMutableRawPointer, count: Int, at index: Int, to value: Value) {
        deinitialize(base, count: count, at: index)
        initialize(base, count: count, at: index, to: value)
    }
}
