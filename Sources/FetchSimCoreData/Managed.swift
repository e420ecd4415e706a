import Foundation
import ObjectGraph
import Synchronization

/// A Core Data property of an `NSManagedObject` subclass, in `@NSManaged`'s place.
///
/// `@NSManaged` type-checks on Linux but cannot link (its accessors come from the Objective-C
/// runtime), so a subclass declares its properties with this wrapper instead — the one edit besides
/// dropping `@objc(Note)` that Swift on Linux forces on Xcode's generated code:
///
/// ```swift
/// final class Note: NSManagedObject {
///     @Managed var title: String?
///     @Managed var order: Int64
///     @Managed var list: List?        // a to-one relationship
///     @Managed var tags: Set<Tag>     // a to-many relationship
/// }
/// ```
///
/// Reading and writing do what the object's `value(forKey:)` and `setValue(_:forKey:)` do with the
/// property's name (without the underscore Swift gives the wrapper's storage). A key path does not
/// carry the name on Linux, so the name is found once per class and property by reflecting an
/// instance (`Mirror`) and matching the wrapper's storage. An attribute of one of the standard value
/// types (strings, integers, `Double`, `Bool`, `Date`, their optionals) is read and written without
/// boxing it in `Any` (``ManagedAttributeValue``), so, as with Core Data's generated accessors, an
/// override of `value(forKey:)` in the subclass is not called for it.
///
/// A nil value of a non-optional property reads as Core Data's scalar accessors read it: 0, false,
/// an empty string, the reference date.
@propertyWrapper
public struct Managed<Value: ManagedValue>: ManagedStorage {
    /// Identifies this property of this instance among its siblings, for finding its name.
    let token: Int
    /// The property's name, found on first use and kept with the object: finding it again costs
    /// a key-path hash and a lock on every access.
    var name: String?

    /// A property whose value lives in the managed object.
    public init() {
        token = ManagedPropertyNames.nextToken()
    }

    /// Only for properties of `NSManagedObject` subclasses, which read through
    /// `subscript(_enclosingInstance:wrapped:storage:)`.
    @available(*, unavailable, message: "@Managed is for properties of NSManagedObject subclasses")
    public var wrappedValue: Value {
        get { preconditionFailure("@Managed is for properties of NSManagedObject subclasses") }
        set { preconditionFailure("@Managed is for properties of NSManagedObject subclasses") }
    }

    /// The property's value in `object`.
    public static subscript<Object: NSManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> Value {
        get {
            let name = propertyName(object, storageKeyPath)
            ManagedPropertyNames.recordRead(of: name)
            if let value = object.attributeValue(forKey: name, as: Value.self) { return value }
            return Value.managedValue(from: object.value(forKey: name))
        }
        set {
            let name = propertyName(object, storageKeyPath)
            if let value = newValue.managedAttributeValue, object.setAttributeValue(value, forKey: name) { return }
            object.setValue(newValue.managedObjectValue, forKey: name)
        }
    }

    /// The name of the property `storageKeyPath` stores, kept in the storage after the first use.
    private static func propertyName<Object: NSManagedObject>(
        _ object: Object, _ storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> String {
        if let name = object[keyPath: storageKeyPath].name { return name }
        let name = ManagedPropertyNames.name(of: storageKeyPath, in: object)
        object[keyPath: storageKeyPath].name = name
        return name
    }
}

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
    let value: Value
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

/// The storage of a ``Managed`` property, seen without its value type.
protocol ManagedStorage {
    var token: Int { get }
}

/// Finds the name of a ``Managed`` property: once per class and storage key path, by reflecting an
/// instance and matching the storage's token.
enum ManagedPropertyNames {
    private static let tokens = Atomic<Int>(0)
    private static let names = Mutex<[Key: String]>([:])

    private struct Key: Hashable, @unchecked Sendable {
        // `@unchecked`: a key path is an immutable value.
        let type: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    static func nextToken() -> Int {
        tokens.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The name of the property whose storage `storageKeyPath` reaches in `object`'s class.
    static func name<Object: NSManagedObject, Storage: ManagedStorage>(
        of storageKeyPath: KeyPath<Object, Storage>, in object: Object
    ) -> String {
        let key = Key(type: ObjectIdentifier(type(of: object)), keyPath: storageKeyPath)
        if let name = names.withLock({ $0[key] }) { return name }
        let token = object[keyPath: storageKeyPath].token
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let storage = child.value as? any ManagedStorage, storage.token == token
                else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                names.withLock { $0[key] = name }
                return name
            }
            mirror = current.superclassMirror
        }
        return ""
    }

    // MARK: Key paths to names

    /// Collects the name of the first `@Managed` property read while it is set.
    private final class ReadRecorder: Sendable {
        let name = Mutex<String?>(nil)
    }

    @TaskLocal private static var recorder: ReadRecorder?

    /// How many key-path-to-name recordings are running: a read checks this counter before the
    /// task-local recorder, which costs more to look up, on every property access.
    private static let recordings = Atomic<Int>(0)

    static func recordRead(of name: String) {
        guard recordings.load(ordering: .relaxed) > 0, let recorder else { return }
        recorder.name.withLock { if $0 == nil { $0 = name } }
    }

    /// The name of the `@Managed` property `keyPath` reads, found by reading it on a scratch object
    /// of no context; nil when `Root` is not an `NSManagedObject` subclass or no such property is read.
    static func name<Root, Value>(of keyPath: KeyPath<Root, Value>) -> String? {
        guard let type = Root.self as? NSManagedObject.Type,
            let scratch = type.init(entity: NSEntityDescription(), insertInto: nil) as? Root
        else { return nil }
        let recorder = ReadRecorder()
        recordings.add(1, ordering: .relaxed)
        defer { recordings.subtract(1, ordering: .relaxed) }
        $recorder.withValue(recorder) { _ = scratch[keyPath: keyPath] }
        return recorder.name.withLock { $0 }
    }
}
