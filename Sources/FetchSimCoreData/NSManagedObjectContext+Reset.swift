import Foundation
import ObjectGraph

extension NSManagedObjectContext {
    /// Returns the context to its base state, as Core Data's `reset()`: "All the receiver's
    /// managed objects are 'forgotten'" and "invalid afterwards" (Apple). Unsaved changes are
    /// discarded without a change event; every object handed out so far loses its context
    /// (`managedObjectContext` nil, its last values still readable); the next use reads the
    /// store (a child context: its parent) afresh. The undo manager's actions for the context go.
    ///
    /// A fetched results controller on the context reports nothing (docs/semantics.md, rule 5) and
    /// follows the context no more: it keeps its results — the invalid objects — until
    /// `performFetch()` fetches the context's new objects. The context posts
    /// `NSManagedObjectContextObjectsDidChange` with `NSInvalidatedAllObjectsKey` (the IDs of the
    /// objects it held).
    ///
    /// ```swift
    /// context.reset()
    /// try fetchedResultsController.performFetch()
    /// tableView.reloadData()
    /// ```
    public func reset() {
        guard wrappedModel == nil else {
            raisedExceptions.raise(
                .internalInconsistencyException,
                reason: "reset() is not simulated on a context that wraps a FetchSim session's context: "
                    + "the session would stop reaching the app's objects")
            return
        }
        guard engineContext != nil else { return }
        objectIDsMayChange()
        let held = wrappers.values
        for object in held { object.managedObjectContext = nil }
        forgottenWrappers = wrappers
        wrappers.removeAll()
        engineContext = nil
        // Opened again at once, so that the objects of the old engine context a controller still
        // holds are told apart from the new ones (`wrapper(for:)`).
        _ = engine
        undoManager?.removeAllActions(withTarget: self)
        NotificationCenter.default.post(
            name: .NSManagedObjectContextObjectsDidChange, object: self,
            userInfo: [NSInvalidatedAllObjectsKey: held.map(\.objectID)])
    }

    /// Forgets the engine context and the objects of it (a new coordinator or parent): the next
    /// use opens the context afresh.
    func forgetEngine() {
        objectIDsMayChange()
        // The objects keep this context but not its engine context: each asks the next one.
        for wrapper in wrappers.values { wrapper.forgetEngineObject() }
        engineContext = nil
        wrappers.removeAll()
    }

    /// The object for `object`, an object of an engine context this one used before `reset()`:
    /// the invalid instance handed out then, or a new one of no context.
    func forgottenWrapper(for object: ManagedObject) -> NSManagedObject {
        if let forgotten = forgottenWrappers[object.objectID], forgotten.lastEngineObject === object {
            return forgotten
        }
        let entity = model?.entitiesByName[object.entity.name] ?? NSEntityDescription()
        let wrapper = entity.objectClass.init(entity: entity, insertInto: nil)
        wrapper.engineID = object.objectID
        wrapper.lastEngineObject = object
        return wrapper
    }
}
