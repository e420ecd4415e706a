import FetchSimStorage
import Foundation

/// How a `ManagedObject` keeps its values in its own allocation (`PackedRecord`): a slot per
/// value, of 16 bytes of payload and a tag byte, instead of the 24-byte stride of `Value`.
///
/// `Value` is 17 bytes (a 16-byte `String` payload and a tag byte: `Int` leaves no spare bits to
/// hide the tag in), so an array of them wastes 7 bytes per value in padding. Packed, three
/// values take 48 + 8 bytes instead of 72, which puts an object of three attributes in a
/// 96-byte malloc chunk instead of 112 (docs/performance.md, "Object storage").
///
/// A slot's kind is the value's case (the constants below); its payload is the value's `String`,
/// its `[ObjectID]`, or the 64 bits of its number, date (the `Double` seconds since the reference
/// date), bool or object ID: every value reads back exactly as written.
@usableFromInline
enum PackedValues {
    @usableFromInline typealias Record = PackedRecord<ObjectHeader, ObjectID>

    @usableFromInline static let null: UInt8 = 0
    @usableFromInline static let string: UInt8 = 1
    @usableFromInline static let int: UInt8 = 2
    @usableFromInline static let double: UInt8 = 3
    @usableFromInline static let bool: UInt8 = 4
    @usableFromInline static let date: UInt8 = 5
    @usableFromInline static let object: UInt8 = 6
    @usableFromInline static let objects: UInt8 = 7

    /// The slot that holds `value`.
    @inlinable @inline(__always)
    static func slot(_ value: Value) -> PackedSlot<ObjectID> {
        switch value {
        case .null: .bits(kind: null, 0)
        case .string(let s): .string(kind: string, s)
        case .int(let i): .bits(kind: int, UInt64(bitPattern: Int64(i)))
        case .double(let d): .bits(kind: double, d.bitPattern)
        case .bool(let b): .bits(kind: bool, b ? 1 : 0)
        case .date(let d): .bits(kind: date, d.timeIntervalSinceReferenceDate.bitPattern)
        case .object(let id): .bits(kind: object, UInt64(bitPattern: Int64(id.rawValue)))
        case .objects(let ids): .elements(kind: objects, ids)
        }
    }

    /// The value slot `index` of `record` holds.
    @inlinable @inline(__always)
    static func value(in record: Record, at index: Int) -> Value {
        switch record.slot(at: index) {
        case .string(_, let s): return .string(s)
        case .elements(_, let ids): return .objects(ids)
        case .bits(let kind, let bits):
            switch kind {
            case int: return .int(Int(Int64(bitPattern: bits)))
            case double: return .double(Double(bitPattern: bits))
            case bool: return .bool(bits != 0)
            case date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
            case object: return .object(ObjectID(Int(Int64(bitPattern: bits))))
            default: return .null
            }
        }
    }
}

extension ObjectHeader: PackedRecordHeader {
    /// The number of value slots: the entity's attribute count.
    @inlinable var slotCount: Int { kind.valueCount }
}
