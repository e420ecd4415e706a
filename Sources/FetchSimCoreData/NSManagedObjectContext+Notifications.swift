import Foundation
import ObjectGraph

/// The key of a save notification's inserted objects, as Core Data's `NSInsertedObjectsKey`.
public let NSInsertedObjectsKey = "inserted"
/// The key of a save notification's updated objects, as Core Data's `NSUpdatedObjectsKey`.
public let NSUpdatedObjectsKey = "updated"
/// The key of a save notification's deleted objects, as Core Data's `NSDeletedObjectsKey`.
public let NSDeletedObjectsKey = "deleted"

/// The key of a did-change notification's refreshed objects, as Core Data's `NSRefreshedObjectsKey`.
public let NSRefreshedObjectsKey = "refreshed"
/// The key a did-change notification carries when every object of the context became invalid
/// (`reset()`), as Core Data's `NSInvalidatedAllObjectsKey`; FetchSim's value is the array of the
/// `NSManagedObjectID`s the context held.
public let NSInvalidatedAllObjectsKey = "invalidatedAll"

extension Notification.Name {
    /// Posted by a context each time it processes a change event (`processPendingChanges()`, the
    /// end of a run-loop turn, a save, an undo, a merge), as Core Data's
    /// `NSManagedObjectContextObjectsDidChange`: the object is the context; the user info holds
    /// the changed objects as `Set<NSManagedObject>` under `NSInsertedObjectsKey`,
    /// `NSUpdatedObjectsKey`, `NSDeletedObjectsKey` and `NSRefreshedObjectsKey` — each key only
    /// when it has objects — or `NSInvalidatedAllObjectsKey` after `reset()`.
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name(
        "NSManagedObjectContextObjectsDidChangeNotification")

    /// Posted by a context after each save that wrote something, as Core Data's
    /// `NSManagedObjectContextDidSave`: the object is the context; the user info holds the saved
    /// objects as `Set<NSManagedObject>` under `NSInsertedObjectsKey`, `NSUpdatedObjectsKey` and
    /// `NSDeletedObjectsKey`.
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
}

extension NSManagedObjectContext {
    /// `Notification.Name.NSManagedObjectContextDidSave`, as Core Data's iOS 14 name for it.
    public static let didSaveObjectsNotification = Notification.Name.NSManagedObjectContextDidSave

    /// `Notification.Name.NSManagedObjectContextObjectsDidChange`, as Core Data's iOS 14 name for it.
    public static let didChangeObjectsNotification = Notification.Name.NSManagedObjectContextObjectsDidChange

    /// What the context does when its engine processed a change event: the did-change
    /// notification, then the undo registration.
    func didProcess(_ change: ObjectsDidChange) {
        postObjectsDidChange(change)
        registerUndo(for: change)
    }

    /// Posts the did-change notification for `change`, synchronously on `NotificationCenter.default`
    /// (Core Data posts it on the context's thread, from `processPendingChanges`).
    func postObjectsDidChange(_ change: ObjectsDidChange) {
        guard !change.isEmpty else { return }
        var userInfo: [String: Set<NSManagedObject>] = [:]
        for (key, objects) in [
            (NSInsertedObjectsKey, change.inserted), (NSUpdatedObjectsKey, change.updated),
            (NSDeletedObjectsKey, change.deleted), (NSRefreshedObjectsKey, change.refreshed),
        ] where !objects.isEmpty {
            userInfo[key] = Set(objects.map { wrappers[$0.objectID] ?? wrapper(for: $0) })
        }
        NotificationCenter.default.post(name: .NSManagedObjectContextObjectsDidChange, object: self, userInfo: userInfo)
    }

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
