/// An object in a context: a stable ID, its entity, and its current attribute values.
///
/// Values change only through the owning `ObjectContext`, which records every change for its next
/// change event. Like `NSManagedObject`, a deleted object stays readable (with its last values)
/// for whoever still holds it.
public final class ManagedObject: CustomStringConvertible {
    /// The object's identity: stable for its lifetime, never reused.
    public let objectID: ObjectID
    /// The object's entity: its attributes, in order.
    public let entity: Entity
    /// Attribute values in `entity.attributes` order.
    public internal(set) var values: [Value]
    /// Whether the object has been deleted from its context.
    public internal(set) var isDeleted = false
    /// The context the object lives in, through which key paths follow relationships (as
    /// `NSManagedObject.managedObjectContext`); nil once the context is gone.
    public internal(set) weak var managedObjectContext: ObjectContext?

    init(objectID: ObjectID, entity: Entity, values: [Value]) {
        self.objectID = objectID
        self.entity = entity
        self.values = values
    }

    /// The value for the attribute named `key`, or `nil` if the entity has no such attribute.
    public func value(forKey key: String) -> Value? {
        entity.index(of: key).map { values[$0] }
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
