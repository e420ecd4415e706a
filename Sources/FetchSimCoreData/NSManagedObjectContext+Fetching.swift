import ObjectGraph

extension NSManagedObjectContext {
    /// The objects `request` fetches, as Core Data's `fetch(_:)`: unsaved changes included,
    /// filtered by the predicate, sorted, the offset and limit applied.
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        let engine = try requireEngine()
        let objects: [ManagedObject]
        do {
            objects = try request.engineRequest().objects(in: engine)
        } catch {
            throw CoreDataError.fetch("fetch of '\(request.entityName ?? "")': \(error)")
        }
        return try objects.map { object in
            let wrapper = self.wrapper(for: object)
            guard let result = wrapper as? T else {
                throw CoreDataError.fetch(
                    "fetch of '\(request.entityName ?? "")': an object of class \(NSStringFromClass(type(of: wrapper))) "
                        + "is not a \(T.self) (check the entity's managedObjectClassName)")
            }
            return result
        }
    }

    /// How many objects `request` fetches, as Core Data's `count(for:)`.
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        let engine = try requireEngine()
        do {
            return try request.engineRequest().objects(in: engine).count
        } catch {
            throw CoreDataError.fetch("count of '\(request.entityName ?? "")': \(error)")
        }
    }
}
