import Foundation
import ObjectGraph

/// An object's identity in a store, as Core Data's `NSManagedObjectID`: equal for the same
/// object in every context on one coordinator, hashable, usable across contexts with
/// `NSManagedObjectContext.object(with:)`.
///
/// The engine gives an object its permanent ID at insertion: `isTemporaryID` says whether the
/// object is unsaved (Core Data's temporary IDs), but the ID does not change at save, so the
/// temporary and the permanent ID of one object compare equal here (in Core Data they differ).
///
/// ```swift
/// let id = note.objectID
/// let same = backgroundContext.object(with: id)   // the note, as the other context sees it
/// print(id.uriRepresentation())                   // x-coredata://…/Note/p1
/// ```
public final class NSManagedObjectID: Hashable, NSFetchRequestResult, CustomStringConvertible, @unchecked Sendable {
    // `@unchecked`: every stored property is a `let`; the entity description is read only.

    /// The entity of the object.
    public let entity: NSEntityDescription
    /// Whether the object was unsaved when this ID was taken.
    public let isTemporaryID: Bool
    let engineID: ObjectID
    /// The store the object lives in: IDs of different stores never compare equal.
    let storeIdentifier: String

    init(entity: NSEntityDescription, engineID: ObjectID, storeIdentifier: String, isTemporaryID: Bool) {
        self.entity = entity
        self.engineID = engineID
        self.storeIdentifier = storeIdentifier
        self.isTemporaryID = isTemporaryID
    }

    public static func == (lhs: NSManagedObjectID, rhs: NSManagedObjectID) -> Bool {
        lhs === rhs || (lhs.engineID == rhs.engineID && lhs.storeIdentifier == rhs.storeIdentifier)
    }

    /// The engine's ID alone: the IDs of one number in two stores share a hash and differ by
    /// `==`, which is rare, where hashing the store's identifier (a UUID string) too costs a
    /// string hash per ID in every table of a diffable snapshot.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(engineID)
    }

    /// The URI Core Data archives an ID as: `x-coredata://STORE/Entity/pN` (permanent) or
    /// `x-coredata:///Entity/tN` (temporary).
    public func uriRepresentation() -> URL {
        let entityName = entity.name ?? ""
        let text =
            isTemporaryID
            ? "x-coredata:///\(entityName)/t\(engineID.rawValue)"
            : "x-coredata://\(storeIdentifier)/\(entityName)/p\(engineID.rawValue)"
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// `0x… <x-coredata://…/Note/p1>` as Core Data prints it, without the address.
    public var description: String { "<\(uriRepresentation().absoluteString)>" }
}
