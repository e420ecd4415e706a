/// What every object of one entity in one context shares: the entity and the context.
///
/// A `ManagedObject` keeps one reference to its kind instead of its own copy of the `Entity`
/// (32 bytes) and its own weak reference to the context: a context makes one kind per entity
/// definition (`ObjectContext.kind(for:)`), and a redefined entity gets a new kind, so an
/// object's values always match its kind's attributes.
@usableFromInline
final class ObjectKind {
    /// The entity of the objects, whose attributes give their values' order and count.
    @usableFromInline let entity: Entity
    /// The number of values each object of this kind holds.
    @usableFromInline let valueCount: Int
    /// The context the objects live in; nil once it is gone (as `NSManagedObject`'s).
    @usableFromInline weak var context: ObjectContext?

    init(entity: Entity, context: ObjectContext?) {
        self.entity = entity
        valueCount = entity.attributes.count
        self.context = context
    }
}

/// The fixed part of a `ManagedObject`'s allocation, before its values: 16 bytes.
@usableFromInline
struct ObjectHeader {
    @usableFromInline let kind: ObjectKind
    /// The object ID shifted left by one, with the deleted flag in the lowest bit.
    @usableFromInline var bits: Int

    init(kind: ObjectKind, id: ObjectID) {
        self.kind = kind
        bits = id.rawValue &<< 1
    }

    @inlinable var objectID: ObjectID { ObjectID(bits &>> 1) }

    @inlinable var isDeleted: Bool {
        get { bits & 1 != 0 }
        set { bits = newValue ? bits | 1 : bits & ~1 }
    }
}

extension ObjectID {
    /// The IDs an object can have: the deleted flag shares the ID's word (`ObjectHeader`).
    /// A store that hands out anything else is refused as damaged.
    public static let validRange = (Int.min >> 1)...(Int.max >> 1)
}
