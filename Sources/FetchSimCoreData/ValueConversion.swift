import Foundation
import ObjectGraph

/// Swift values as an app hands them to Core Data (`setValue(_:forKey:)`, `%@` arguments, default
/// values) to engine values, and engine values back to what Core Data's `value(forKey:)` returns.
///
/// Numbers come back as `NSNumber`, as Core Data's key-value coding returns them, so `as? Int`,
/// `as? Int16` and `as? Double` all work; strings as `String`, dates as `Date`, and a to-one
/// relationship as the related object.
enum ValueConversion {
    /// The engine value for `value` in an attribute of `type`, or nil when the value cannot be one
    /// (a string for a number, …). `nil` and `NSNull` are `.null`; numbers convert between integer
    /// and floating point as `NSNumber` does.
    static func value(from value: Any?, for type: AttributeType) -> Value? {
        guard let value = unwrapped(value), !(value is NSNull) else { return .null }
        switch type {
        case .string:
            return (value as? String).map(Value.string)
        case .int:
            if value is Bool { return nil }
            if let number = integer(value) { return .int(number) }
            if let number = value as? Double, number.rounded(.towardZero) == number, let exact = Int(exactly: number) {
                return .int(exact)
            }
            return nil
        case .double:
            if value is Bool { return nil }
            if let number = integer(value) { return .double(Double(number)) }
            if let number = value as? Double { return .double(number) }
            if let number = value as? Float { return .double(Double(number)) }
            return nil
        case .bool:
            if let flag = value as? Bool { return .bool(flag) }
            if let number = integer(value) { return .bool(number != 0) }
            return nil
        case .date:
            return (value as? Date).map(Value.date)
        case .relationship, .toMany:
            return nil
        }
    }

    /// An `Optional` inside `Any` taken out (`Any?` holding `String?.none` is nil).
    static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        guard let optional = value as? any AnyOptional else { return value }
        return unwrapped(optional.wrappedAny)
    }

    /// The integer in `value` when it is one of Swift's integer types or an integral `NSNumber`.
    static func integer(_ value: Any) -> Int? {
        switch value {
        case let number as Int: number
        case let number as Int8: Int(number)
        case let number as Int16: Int(number)
        case let number as Int32: Int(number)
        case let number as Int64: Int(exactly: number)
        case let number as UInt: Int(exactly: number)
        case let number as UInt8: Int(number)
        case let number as UInt16: Int(number)
        case let number as UInt32: Int(number)
        case let number as UInt64: Int(exactly: number)
        case let number as NSNumber where !(value is Double) && !(value is Float):
            Double(number.int64Value) == number.doubleValue ? Int(number.int64Value) : nil
        default: nil
        }
    }

    /// The engine value for a predicate's `%@` argument: strings, numbers, booleans, dates,
    /// managed objects and their IDs; nil for anything else.
    static func argumentValue(_ value: Any?) -> Value? {
        guard let value = unwrapped(value), !(value is NSNull) else { return .null }
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let date as Date: return .date(date)
        case let object as NSManagedObject: return .object(object.engineID)
        case let id as NSManagedObjectID: return .object(id.engineID)
        case let number as Double: return .double(number)
        case let number as Float: return .double(Double(number))
        default:
            if let number = integer(value) { return .int(number) }
            if let number = value as? NSNumber { return .double(number.doubleValue) }
            return nil
        }
    }

    /// What Core Data's `value(forKey:)` gives for `value` of an attribute of `type`: `NSNumber`
    /// for numbers and booleans, `String`, `Date`, nil — and for a relationship the object, found
    /// by `object`.
    static func foundationValue(_ value: Value, type: NSAttributeType?, object: (ObjectID) -> NSManagedObject?) -> Any?
    {
        switch value {
        case .null: nil
        case .string(let text): text
        case .int(let number):
            switch type {
            case .integer16AttributeType?: NSNumber(value: Int16(truncatingIfNeeded: number))
            case .integer32AttributeType?: NSNumber(value: Int32(truncatingIfNeeded: number))
            default: NSNumber(value: Int64(number))
            }
        case .double(let number): type == .floatAttributeType ? NSNumber(value: Float(number)) : NSNumber(value: number)
        case .bool(let flag): NSNumber(value: flag)
        case .date(let date): date
        case .object(let id): object(id)
        // `NSManagedObject.value(forKey:)` turns a to-many relationship into an NSSet or
        // NSOrderedSet before reaching here; other callers get the related objects in order.
        case .objects(let ids): ids.compactMap(object)
        }
    }
}

/// An `Optional` of any wrapped type, seen through `Any`.
protocol AnyOptional {
    var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
    var wrappedAny: Any? { self.map { $0 as Any } }
}
