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
    @usableFromInline let token: Int
    /// The property's name, found on first use and kept with the object: finding it again costs
    /// a key-path hash and a lock on every access.
    @usableFromInline var name: String?

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
    ///
    /// Inlinable, so that the app's module specializes it for its class and property: the storage
    /// key path is then a literal, its read a field read, and the value's conversion direct.
    @inlinable
    public static subscript<Object: NSManagedObject>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> Value {
        get {
            let name = propertyName(object, storageKeyPath)
            ManagedPropertyNames.recordRead(of: name)
            if let stored = object.storedAttributeValue(forKey: name),
                let value = Value.managedValue(fromAttribute: stored)
            {
                return value
            }
            return Value.managedValue(from: object.value(forKey: name))
        }
        set {
            let name = propertyName(object, storageKeyPath)
            if let value = newValue.managedAttributeValue, object.setAttributeValue(value, forKey: name) { return }
            object.setValue(newValue.managedObjectValue, forKey: name)
        }
    }

    /// The name of the property `storageKeyPath` stores, kept in the storage after the first use.
    @inlinable
    static func propertyName<Object: NSManagedObject>(
        _ object: Object, _ storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> String {
        if let name = object[keyPath: storageKeyPath].name { return name }
        return findPropertyName(object, storageKeyPath)
    }

    /// Finds the name of the property `storageKeyPath` stores and keeps it in the storage.
    @usableFromInline
    static func findPropertyName<Object: NSManagedObject>(
        _ object: Object, _ storageKeyPath: ReferenceWritableKeyPath<Object, Managed<Value>>
    ) -> String {
        let name = ManagedPropertyNames.name(of: storageKeyPath, in: object)
        object[keyPath: storageKeyPath].name = name
        return name
    }
}

/// The storage of a ``Managed`` property, seen without its value type.
@usableFromInline
protocol ManagedStorage {
    var token: Int { get }
}

/// Finds the name of a ``Managed`` property: once per class and storage key path, by reflecting an
/// instance and matching the storage's token.
@usableFromInline
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

    @usableFromInline
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
