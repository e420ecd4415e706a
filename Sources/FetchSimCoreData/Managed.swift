import Foundation
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
/// Reading and writing go through the object's `value(forKey:)` and `setValue(_:forKey:)` with the
/// property's name (without the underscore Swift gives the wrapper's storage). A key path does not
/// carry the name on Linux, so the name is found once per class and property by reflecting an
/// instance (`Mirror`) and matching the wrapper's storage.
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
            return Value.managedValue(from: object.value(forKey: name))
        }
        set {
            object.setValue(newValue.managedObjectValue, forKey: propertyName(object, storageKeyPath))
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
public protocol ManagedValue {
    /// The value from what `value(forKey:)` returned (nil gives the type's empty value).
    static func managedValue(from objectValue: Any?) -> Self
    /// What `setValue(_:forKey:)` gets.
    var managedObjectValue: Any? { get }
}

extension String: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { objectValue as? String ?? "" }
    public var managedObjectValue: Any? { self }
}

extension Bool: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.boolValue ?? false }
    public var managedObjectValue: Any? { self }
}

extension Int: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.intValue ?? 0 }
    public var managedObjectValue: Any? { self }
}

extension Int16: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.int16Value ?? 0 }
    public var managedObjectValue: Any? { self }
}

extension Int32: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.int32Value ?? 0 }
    public var managedObjectValue: Any? { self }
}

extension Int64: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.int64Value ?? 0 }
    public var managedObjectValue: Any? { self }
}

extension Double: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.doubleValue ?? 0 }
    public var managedObjectValue: Any? { self }
}

extension Float: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self { (objectValue as? NSNumber)?.floatValue ?? 0 }
    public var managedObjectValue: Any? { self }
}

extension Date: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self {
        objectValue as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
    }
    public var managedObjectValue: Any? { self }
}

extension Optional: ManagedValue where Wrapped: ManagedValue {
    public static func managedValue(from objectValue: Any?) -> Self {
        objectValue.map { Wrapped.managedValue(from: $0) }
    }
    public var managedObjectValue: Any? { self?.managedObjectValue }
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
