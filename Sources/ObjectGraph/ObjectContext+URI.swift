/// The store part of the `x-coredata://` URIs Core Data prints for object IDs.
extension ObjectContext {
    /// A fixed made-up store UUID, so that transcripts stay deterministic (as the fixed table
    /// address in UIKit's messages): Core Data's is the store's own `NSStoreUUID`.
    public static let defaultStoreIdentifier = "5F1B0C2E-7A3D-4E69-9C1A-0000000000F5"

    /// The URI of the object `id` as Core Data writes a permanent ID, `x-coredata://STORE/Note/p3`:
    /// the store's identifier, the object's entity, `p` and the object's number. An object no
    /// longer registered keeps the entity name `entity` (nil: empty, as for an unknown one).
    ///
    ///     context.uriString(of: ObjectID(3))  // x-coredata://5F1B0C2E-…/Note/p3
    public func uriString(of id: ObjectID, entity: String? = nil) -> String {
        let name = object(with: id)?.entity.name ?? entity ?? ""
        return "x-coredata://\(storeIdentifier)/\(name)/p\(id.rawValue)"
    }
}
