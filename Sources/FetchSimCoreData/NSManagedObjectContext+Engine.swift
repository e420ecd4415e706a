import ObjectGraph

// Not Core Data's API: what a tool that also drives the engine directly needs (`fetchsim bench
// --stack apple` replays edits recorded on engine object IDs through this layer).
extension NSManagedObjectContext {
    /// This context's object for the engine's `id`, loaded from the store if needed; nil when
    /// neither the context nor the store has it.
    package func object(forEngineID id: ObjectID) -> NSManagedObject? {
        existingWrapper(for: id)
    }
}
