import Foundation
import ObjectGraph

/// The key of a save notification's inserted objects, as Core Data's `NSInsertedObjectsKey`.
public let NSInsertedObjectsKey = "inserted"
/// The key of a save notification's updated objects, as Core Data's `NSUpdatedObjectsKey`.
public let NSUpdatedObjectsKey = "updated"
/// The key of a save notification's deleted objects, as Core Data's `NSDeletedObjectsKey`.
public let NSDeletedObjectsKey = "deleted"

extension Notification.Name {
    /// Posted by a context after each save that wrote something, as Core Data's
    /// `NSManagedObjectContextDidSave`: the object is the context; the user info holds the saved
    /// objects as `Set<NSManagedObject>` under `NSInsertedObjectsKey`, `NSUpdatedObjectsKey` and
    /// `NSDeletedObjectsKey`.
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
}

extension NSManagedObjectContext {
    /// `Notification.Name.NSManagedObjectContextDidSave`, as Core Data's iOS 14 name for it.
    public static let didSaveObjectsNotification = Notification.Name.NSManagedObjectContextDidSave

    /// Posts the save notification for what the engine saved (during the engine's save, while
    /// the deleted objects still have their instances here).
    func postDidSave(_ summary: SaveSummary) {
        guard !summary.isEmpty else { return }
        func objects(_ ids: Set<ObjectID>) -> Set<NSManagedObject> {
            Set(ids.compactMap { existingWrapper(for: $0) })
        }
        NotificationCenter.default.post(
            name: .NSManagedObjectContextDidSave, object: self,
            userInfo: [
                NSInsertedObjectsKey: objects(summary.insertedIDs),
                NSUpdatedObjectsKey: objects(summary.updatedIDs),
                NSDeletedObjectsKey: objects(summary.deletedIDs),
            ])
    }

    /// Merges what another context on the same coordinator saved, from its save notification, as
    /// Core Data's `mergeChanges(fromContextDidSave:)`: the updated objects refreshed, the inserted
    /// registered, the deleted deleted — one change event for the controllers, nothing left unsaved.
    public func mergeChanges(fromContextDidSave notification: Notification) {
        func ids(_ key: String) -> Set<ObjectID> {
            Set((notification.userInfo?[key] as? Set<NSManagedObject> ?? []).map(\.engineID))
        }
        merge(
            SaveSummary(
                inserted: ids(NSInsertedObjectsKey), updated: ids(NSUpdatedObjectsKey),
                deleted: ids(NSDeletedObjectsKey)))
    }
}
