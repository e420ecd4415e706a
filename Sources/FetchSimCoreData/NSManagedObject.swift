import Foundation
import ObjectGraph

/// What a fetch request can return. FetchSim's requests return managed objects
/// (`NSManagedObject` and its subclasses) and, as Core Data's, `NSManagedObjectID` conforms too.
///
/// The untyped spelling of requests and controllers, as the base class's `fetchRequest()` and the
/// delegate methods use it:
///
/// ```swift
/// let request = NSFetchRequest<NSFetchRequestResult>(entityName: "Note")
/// request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
/// let notes = try context.fetch(request) as? [Note] ?? []
/// ```
///
/// Apple's `NSFetchRequest` and `NSFetchedResultsController` constrain their parameter to this
/// protocol; FetchSim's leave it unconstrained, since without Objective-C the protocol's own
/// existential would not satisfy the constraint.
public protocol NSFetchRequestResult {}

/// An object of an entity in a context, as Core Data's `NSManagedObject`, or a subclass of it.
///
/// A context gives one instance per object (an identity map), so `===`, sets of objects and
/// `indexPath(forObject:)` work. Values are read and written through key-value coding
/// (`value(forKey:)`, `setValue(_:forKey:)`) or the properties of a subclass declared with
/// ``Managed`` (`@NSManaged` type-checks on Linux but cannot link):
///
/// ```swift
/// final class Note: NSManagedObject {
///     @Managed var title: String?
///     @Managed var order: Int64
/// }
/// let note = Note(context: context)        // inserted; the entity is the one whose class is Note
/// note.title = "Milk"
/// note.setValue(3, forKey: "order")
/// ```
///
/// Where Core Data raises (an unknown key, a value of the wrong type), FetchSim records Apple's
/// exception in the context's `raisedExceptions` and leaves the object unchanged.
open class NSManagedObject: NSFetchRequestResult, Hashable, CustomStringConvertible {
    /// The object's entity.
    public let entity: NSEntityDescription
    /// The context the object is registered in; nil for an object not inserted yet, or deleted
    /// and saved.
    public internal(set) weak var managedObjectContext: NSManagedObjectContext? {
        didSet {
            idGeneration = managedObjectContext?.objectIDGeneration
            cachedObjectID = nil
            forgetEngineObject()
        }
    }
    /// The object's ID in the engine; 0 until it is inserted.
    var engineID = ObjectID(0)
    /// The values of an object not inserted into any context, by key.
    var detachedValues: [String: Value] = [:]
    /// The engine's object as last seen: a deleted object stays readable through it.
    var lastEngineObject: ManagedObject?

    /// An object of `entity`, inserted into `context` when one is given, as Core Data's
    /// designated initializer. Subclasses inherit it; it is `required` so that a context can
    /// make objects of the class an entity names.
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        context?.insert(self)
    }

    /// A new object inserted into `context`, of the entity whose class is this one
    /// (`managedObjectClassName`), as Core Data's `init(context:)`.
    ///
    /// Without such an entity in the context's model Core Data raises `NSInvalidArgumentException`;
    /// FetchSim records it in `context.raisedExceptions` and returns an object of no context.
    public convenience init(context: NSManagedObjectContext) {
        ManagedObjectClasses.see(Self.self)
        if let entity = context.entity(forClass: Self.self) {
            self.init(entity: entity, insertInto: context)
        } else {
            context.raisedExceptions.raise(
                .invalidArgumentException,
                reason:
                    "An NSManagedObject of class '\(NSStringFromClass(Self.self))' must have a valid NSEntityDescription."
            )
            self.init(entity: NSEntityDescription(), insertInto: nil)
        }
    }

    // MARK: Identity

    /// The object's ID; temporary while the object is unsaved.
    ///
    /// The ID is made once and handed out again until something that can change it happens: to
    /// this object (an insert, a delete, a change of context), or to the context's objects
    /// (`NSManagedObjectContext.objectIDGeneration`). A diffable snapshot names every object of
    /// the list by its ID at every change event.
    public var objectID: NSManagedObjectID {
        if let cachedObjectID, let idGeneration, cachedObjectID.generation == idGeneration.value,
            cachedObjectID.id.engineID == engineID
        {
            return cachedObjectID.id
        }
        guard let context = managedObjectContext else {
            return NSManagedObjectID(
                entity: entity, engineID: engineID, storeIdentifier: "", isTemporaryID: engineID.rawValue == 0)
        }
        let id = NSManagedObjectID(
            entity: entity, engineID: engineID, storeIdentifier: context.storeIdentifier,
            isTemporaryID: context.isTemporaryID(of: self))
        cachedObjectID = CachedObjectID(id: id, generation: context.objectIDGeneration.value)
        return id
    }

    /// Makes `objectID` make the ID again: something changed whether it is temporary.
    func forgetObjectID() {
        cachedObjectID = nil
    }

    /// The ID `objectID` made last, and the context's `objectIDGeneration` then.
    private var cachedObjectID: CachedObjectID?
    /// The context's counter, held while the object is in the context.
    private var idGeneration: ObjectIDGeneration?

    private struct CachedObjectID {
        let id: NSManagedObjectID
        let generation: Int
    }

    public static func == (lhs: NSManagedObject, rhs: NSManagedObject) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    // MARK: State

    /// Whether the object was inserted since the last save.
    public var isInserted: Bool { managedObjectContext?.unsavedState(of: self) == .inserted }
    /// Whether the object has unsaved changes of its values (and is not inserted or deleted).
    public var isUpdated: Bool { managedObjectContext?.unsavedState(of: self) == .updated }
    /// Whether the object was deleted since the last save.
    public var isDeleted: Bool { managedObjectContext?.unsavedState(of: self) == .deleted }
    /// Whether the object was inserted, updated or deleted since the last save.
    public var hasChanges: Bool { managedObjectContext?.unsavedState(of: self) != nil }
    /// Whether the object's values are not loaded yet; FetchSim keeps every object loaded.
    public var isFault: Bool { false }

    /// The engine's object for this one: the live one in its context, else the last one seen.
    ///
    /// The answer is handed out again while the engine context registered no object under an old
    /// ID (`ObjectContext.registrations`) and the object kept its context: every `@Managed` read
    /// asks, and asking the engine costs loading the context through the weak reference.
    var engineObject: ManagedObject? {
        if let lastEngineObject, let engineRegistrations, engineRegistrations.value == registrationsSeen {
            return lastEngineObject
        }
        guard let engine = managedObjectContext?.engine else { return lastEngineObject }
        if let live = engine.object(with: engineID) { lastEngineObject = live }
        engineRegistrations = engine.registrations
        registrationsSeen = engine.registrations.value
        return lastEngineObject
    }

    /// Makes `engineObject` ask the engine again: the object's context or its engine context changed.
    func forgetEngineObject() {
        engineRegistrations = nil
    }

    /// The engine context's registration count when `engineObject` last asked it.
    private var engineRegistrations: RegistrationCount?
    private var registrationsSeen = 0

    // MARK: Key-value coding

    /// The value of the property `key`: `String`, `NSNumber` (numbers and booleans), `Date`, the
    /// related object, or nil — as Core Data's key-value coding returns them; for a to-many
    /// relationship an `NSSet` of the related objects (`as? Set<Note>` works), an `NSOrderedSet`
    /// for an ordered one.
    ///
    /// An unknown key raises `NSUnknownKeyException` in Core Data; FetchSim records it in the
    /// context's `raisedExceptions` and returns nil.
    open func value(forKey key: String) -> Any? {
        guard let attribute = entity.propertiesByName[key] else {
            raise(
                .unknownKeyException,
                "[<\(entity.name ?? "NSManagedObject") \(address)> valueForUndefinedKey:]: "
                    + "the entity \(entity.name ?? "") is not key value coding-compliant for the key \"\(key)\".")
            return nil
        }
        let value = engineObject?.value(forKey: key) ?? detachedValues[key] ?? Self.defaultValue(of: attribute)
        if let relationship = attribute as? NSRelationshipDescription, relationship.isToMany {
            let objects = value.objectIDs.compactMap { managedObjectContext?.existingWrapper(for: $0) }
            return relationship.isOrdered ? NSOrderedSet(array: objects) : NSSet(array: objects)
        }
        return ValueConversion.foundationValue(value, type: (attribute as? NSAttributeDescription)?.attributeType) {
            [managedObjectContext] id in
            managedObjectContext?.existingWrapper(for: id)
        }
    }

    /// The attribute `key` as it is stored, for a ``Managed`` property to read without
    /// `value(forKey:)`'s `NSNumber` and `Any` (`ManagedValue.managedValue(fromAttribute:)`); nil
    /// when `key` is not an attribute.
    @usableFromInline
    func storedAttributeValue(forKey key: String) -> ManagedAttributeValue? {
        guard let attribute = entity.attribute(named: key) else { return nil }
        let value = engineObject?.value(forKey: key) ?? detachedValues[key] ?? Self.defaultValue(of: attribute)
        return ManagedAttributeValue(value: value, attributeType: attribute.attributeType)
    }

    /// Sets the attribute `key` to `value` as `setValue(_:forKey:)` sets the Swift value it was
    /// made from; false, changing nothing, when `key` is not an attribute or the value needs that
    /// path's conversion (or its exception).
    @usableFromInline
    func setAttributeValue(_ value: ManagedAttributeValue, forKey key: String) -> Bool {
        guard let attribute = entity.attribute(named: key),
            let type = attribute.attributeType.engineType, let converted = value.engineValue(for: type)
        else { return false }
        guard let context = managedObjectContext, engineID.rawValue != 0 else {
            detachedValues[key] = converted
            return true
        }
        context.setEngineValue(converted, forKey: key, of: self)
        return true
    }

    /// Sets the property `key` to `value` (a Swift value of the attribute's type, an `NSNumber`,
    /// nil, or for a relationship an object of the same context — for a to-many one an `NSSet`,
    /// `NSOrderedSet`, `Set` or array of them; nil empties it).
    ///
    /// Where Core Data raises — an unknown key (`NSUnknownKeyException`), a value of the wrong
    /// type (`NSInvalidArgumentException`, "Unacceptable type of value …") — FetchSim records the
    /// exception in the context's `raisedExceptions` and changes nothing.
    open func setValue(_ value: Any?, forKey key: String) {
        guard let property = entity.propertiesByName[key] else {
            raise(
                .unknownKeyException,
                "[<\(entity.name ?? "NSManagedObject") \(address)> setValue:forUndefinedKey:]: "
                    + "the entity \(entity.name ?? "") is not key value coding-compliant for the key \"\(key)\".")
            return
        }
        guard let converted = engineValue(value, for: property) else { return }
        guard let context = managedObjectContext, engineID.rawValue != 0 else {
            detachedValues[key] = converted
            return
        }
        context.setEngineValue(converted, forKey: key, of: self)
    }

    /// A mutable set that reads and writes the to-many relationship `key`, as Core Data's
    /// `mutableSetValue(forKey:)`: `add(_:)`, `remove(_:)`, `removeAllObjects()` and the others
    /// change the relationship at once (inverses follow, the change shows in the next event).
    ///
    /// ```swift
    /// folder.mutableSetValue(forKey: "notes").add(note)   // note.folder is folder now
    /// ```
    ///
    /// On Linux `as? Set<Note>` of this proxy gives an empty set (Foundation bridges its own
    /// storage, not the proxy's); read `value(forKey:)` or `allObjects` instead.
    open func mutableSetValue(forKey key: String) -> NSMutableSet {
        RelationshipMutableSet(owner: self, key: key)
    }

    /// A mutable ordered set that reads and writes the ordered to-many relationship `key`, as
    /// Core Data's `mutableOrderedSetValue(forKey:)`.
    ///
    /// ```swift
    /// list.mutableOrderedSetValue(forKey: "items").insert(item, at: 0)
    /// ```
    open func mutableOrderedSetValue(forKey key: String) -> NSMutableOrderedSet {
        RelationshipMutableOrderedSet(owner: self, key: key)
    }

    /// What an object of no context holds for `property` until set: the attribute's default value.
    static func defaultValue(of property: NSPropertyDescription) -> Value {
        if let relationship = property as? NSRelationshipDescription, relationship.isToMany { return .objects([]) }
        guard let attribute = property as? NSAttributeDescription, let type = attribute.attributeType.engineType else {
            return .null
        }
        return ValueConversion.value(from: attribute.defaultValue, for: type) ?? .null
    }

    /// Records an exception Core Data would raise, in the context's log (an object of no
    /// context has no log; the call is then only refused).
    func raise(_ name: NSExceptionName, _ reason: String) {
        managedObjectContext?.raisedExceptions.raise(name, reason: reason)
    }

    /// A stand-in for the object's address in Core Data's messages: its object ID.
    private var address: String { "#\(engineID.rawValue)" }

    // MARK: Class methods

    /// The entity whose class is this one, in the models of the contexts made so far, as Core
    /// Data's `entity()`; an unnamed entity when there is none.
    ///
    /// ```swift
    /// Note.entity().name   // "Note"
    /// ```
    open class func entity() -> NSEntityDescription {
        ManagedObjectClasses.see(self)
        return ModelRegistry.entity(forClass: self) ?? NSEntityDescription()
    }

    /// A fetch request for the entity whose class is this one, as Core Data's `fetchRequest()`.
    /// Xcode's generated subclasses add `fetchRequest() -> NSFetchRequest<Note>`; write
    /// `let request: NSFetchRequest<Note> = Note.fetchRequest()` to choose it, as on Apple's platforms.
    ///
    /// ```swift
    /// let request: NSFetchRequest<NSFetchRequestResult> = Note.fetchRequest()   // entity "Note"
    /// request.predicate = NSPredicate(format: "title == %@", "Milk")
    /// let count = try context.count(for: request)
    /// ```
    open class func fetchRequest() -> NSFetchRequest<NSFetchRequestResult> {
        NSFetchRequest<NSFetchRequestResult>(entityName: entity().name ?? "")
    }

    // MARK: Description

    /// `<Note> (entity: Note; id: <x-coredata://…/Note/p1>; data: {order = 3; title = Milk;})`.
    open var description: String {
        let values = entity.allProperties.map { property in
            let value =
                engineObject?.value(forKey: property.name) ?? detachedValues[property.name]
                ?? Self.defaultValue(of: property)
            return "\(property.name) = \(value.isNull ? "nil" : value.description);"
        }
        return
            "<\(NSStringFromClass(type(of: self)))> (entity: \(entity.name ?? ""); id: \(objectID); data: {\(values.joined(separator: " "))})"
    }
}
