import Foundation
import ObjectGraph

/// A type a ``Managed`` property can have: what it is made from (`value(forKey:)`'s result) and
/// what it gives `setValue(_:forKey:)`.
///
/// The standard value types also convert directly from and to the attribute's stored value
/// (``ManagedAttributeValue``), which reads and writes them without boxing them in `Any`; a type
/// of an app's own leaves those two requirements to their defaults (nil: the `Any` path).
///
/// FetchSim's addition: Core Data's `@NSManaged` takes the types Objective-C can represent. An
/// app's own type, here an enum kept in a string attribute:
///
/// ```swift
/// enum Priority: String, ManagedValue {
///     case low, high
///     static func managedValue(from objectValue: Any?) -> Priority {
///         (objectValue as? String).flatMap(Priority.init(rawValue:)) ?? .low
///     }
///     var managedObjectValue: Any? { rawValue }
/// }
/// final class Todo: NSManagedObject {
///     @Managed var priority: Priority   // todo.value(forKey: "priority") is "low" or "high"
/// }
/// ```
public protocol ManagedValue {
    /// The value from what `value(forKey:)` returned (nil gives the type's empty value).
    static func managedValue(from objectValue: Any?) -> Self
    /// What `setValue(_:forKey:)` gets.
    var managedObjectValue: Any? { get }
    /// The value `managedValue(from:)` would make of what `value(forKey:)` returns for `attribute`,
    /// or nil to go through `value(forKey:)`.
    static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self?
    /// The value as it is stored, or nil to go through `setValue(_:forKey:)` with `managedObjectValue`.
    var managedAttributeValue: ManagedAttributeValue? { get }
}

extension ManagedValue {
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? { nil }
    public var managedAttributeValue: ManagedAttributeValue? { nil }
}

/// An attribute's value as the object stores it, handed between a ``Managed`` property and the
/// object without `Any` (FetchSim's addition; its contents are internal). Each standard type's
/// conversion gives exactly what the `Any` path gives — the `NSNumber` that `value(forKey:)`
/// returns read back with `int64Value`, and so on — and gives nil for the mixes it leaves to it
/// (an integer attribute read as a `Double`, a narrowing read).
///
/// An app's own ``ManagedValue`` can take the same path by going through a standard type's
/// conversion:
///
/// ```swift
/// extension Priority {
///     static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Priority? {
///         String.managedValue(fromAttribute: attribute).flatMap(Priority.init(rawValue:))
///     }
///     var managedAttributeValue: ManagedAttributeValue? { rawValue.managedAttributeValue }
/// }
/// ```
public struct ManagedAttributeValue {
    /// The stored value.
    @usableFromInline let value: Value
    /// The attribute's type when read from an object; nil for a value on its way to one.
    let attributeType: NSAttributeType?

    /// The integer `value(forKey:)` puts in its `NSNumber` for an integer attribute: truncated to
    /// the attribute's width, as Core Data's 16- and 32-bit attributes hold it.
    var integer: Int64? {
        guard case .int(let number) = value else { return nil }
        switch attributeType {
        case .integer16AttributeType?: return Int64(Int16(truncatingIfNeeded: number))
        case .integer32AttributeType?: return Int64(Int32(truncatingIfNeeded: number))
        case .integer64AttributeType?: return Int64(number)
        default: return nil
        }
    }

    /// The stored value for an attribute of `type`, as `ValueConversion.value(from:for:)` converts
    /// the Swift value this one was made from; nil where that refuses it, or for a mix left to it.
    func engineValue(for type: AttributeType) -> Value? {
        switch (value, type) {
        case (.null, _): .null
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.date, .date): value
        case (.int(let number), .double): .double(Double(number))
        case (.int(let number), .bool): .bool(number != 0)
        case (.double(let number), .int):
            number.rounded(.towardZero) == number ? Int(exactly: number).map(Value.int) : nil
        default: nil
        }
    }
}

extension String: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { objectValue as? String ?? "" }
    public var managedObjectValue: Any? { self }
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        switch attribute.value {
        case .null: ""
        case .string(let text): text
        default: nil
        }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .string(self), attributeType: nil)
    }
}

extension Bool: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.boolValue ?? false }
    public var managedObjectValue: Any? { self }
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        switch attribute.value {
        case .null: false
        case .bool(let flag): flag
        default: nil
        }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .bool(self), attributeType: nil)
    }
}

extension Int: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.intValue ?? 0 }
    public var managedObjectValue: Any? { self }
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        if case .null = attribute.value { return 0 }
        return attribute.integer.map { Int($0) }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .int(self), attributeType: nil)
    }
}

extension Int16: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.int16Value ?? 0 }
    public var managedObjectValue: Any? { self }
    /// Read directly only from a 16-bit attribute; a wider one narrows through `NSNumber`.
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        if case .null = attribute.value { return 0 }
        guard attribute.attributeType == .integer16AttributeType else { return nil }
        return attribute.integer.map { Int16(truncatingIfNeeded: $0) }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .int(Int(self)), attributeType: nil)
    }
}

extension Int32: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.int32Value ?? 0 }
    public var managedObjectValue: Any? { self }
    /// Read directly only from a 16- or 32-bit attribute; a wider one narrows through `NSNumber`.
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        if case .null = attribute.value { return 0 }
        guard attribute.attributeType == .integer16AttributeType || attribute.attributeType == .integer32AttributeType
        else { return nil }
        return attribute.integer.map { Int32(truncatingIfNeeded: $0) }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .int(Int(self)), attributeType: nil)
    }
}

extension Int64: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.int64Value ?? 0 }
    public var managedObjectValue: Any? { self }
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        if case .null = attribute.value { return 0 }
        return attribute.integer
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        Int(exactly: self).map { ManagedAttributeValue(value: .int($0), attributeType: nil) }
    }
}

extension Double: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.doubleValue ?? 0 }
    public var managedObjectValue: Any? { self }
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        switch (attribute.value, attribute.attributeType) {
        case (.null, _): 0
        case (.double(let number), .doubleAttributeType?): number
        case (.double(let number), .floatAttributeType?): Double(Float(number))
        default: nil
        }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .double(self), attributeType: nil)
    }
}

extension Float: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.floatValue ?? 0 }
    public var managedObjectValue: Any? { self }
    /// Read directly only from a float attribute; a double one narrows through `NSNumber`.
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        switch (attribute.value, attribute.attributeType) {
        case (.null, _): 0
        case (.double(let number), .floatAttributeType?): Float(number)
        default: nil
        }
    }
}

extension Date: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self {
        objectValue as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
    }
    public var managedObjectValue: Any? { self }
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        switch attribute.value {
        case .null: Date(timeIntervalSinceReferenceDate: 0)
        case .date(let date): date
        default: nil
        }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        ManagedAttributeValue(value: .date(self), attributeType: nil)
    }
}

extension Optional: ManagedValue where Wrapped: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self {
        objectValue.map { Wrapped.managedValue(from: $0) }
    }
    public var managedObjectValue: Any? { self?.managedObjectValue }
    // Inlinable, as `Managed`'s accessors: specialised for the wrapped type where they are.
    @inlinable
    public static func managedValue(fromAttribute attribute: ManagedAttributeValue) -> Self? {
        if case .null = attribute.value { return .some(nil) }
        return Wrapped.managedValue(fromAttribute: attribute).map { .some($0) }
    }
    public var managedAttributeValue: ManagedAttributeValue? {
        guard let self else { return ManagedAttributeValue(value: .null, attributeType: nil) }
        return self.managedAttributeValue
    }
}

extension NSManagedObject: ManagedValue {
    /// The related object, or for a nil non-optional relationship an object of no context.
    public static func managedValue(from objectValue: Any?) -> Self {
        if let object = objectValue as? Self { return object }
        return Self.init(entity: NSEntityDescription(), insertInto: nil)
    }
    public var managedObjectValue: Any? { self }
}

extension Set: ManagedValue where Element: NSManagedObject {
    /// A to-many relationship's objects as a Swift set (`@Managed var notes: Set<Note>`, as
    /// `@NSManaged var notes: Set<Note>` in Xcode's manual code). `NSSet?` and `NSOrderedSet?`
    /// properties are not offered: Foundation's classes on Linux have no required initializer to
    /// make an empty one of `Self`; read those with `value(forKey:)`.
    public static func managedValue(from objectValue: Any?) -> Self {
        switch objectValue {
        case let set as NSSet: Set(set.allObjects.compactMap { $0 as? Element })
        case let set as NSOrderedSet: Set(set.array.compactMap { $0 as? Element })
        default: []
        }
    }
    public var managedObjectValue: Any? { NSSet(array: Array(self)) }
}
