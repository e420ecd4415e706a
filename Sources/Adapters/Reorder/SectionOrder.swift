import FetchSimCore
import FetchedResults
import ObjectGraph

/// One section of a list in its *full* order — every object of the entity with the section's
/// key value, whether the predicate, limit or offset hide it or not, sorted as the fetch sorts
/// (ties by object ID) — with the dragged object left out. What `RowPlacement` plans against.
struct SectionOrder {
    let count: Int
    private let objectAt: (Int) -> ManagedObject?
    private let positionOf: (ObjectID) -> Int?

    /// The object at `position`.
    func object(at position: Int) -> ManagedObject? { objectAt(position) }

    /// The position of the object with `id`, or nil if it is not in the section.
    func position(of id: ObjectID) -> Int? { positionOf(id) }

    /// Read from the controller's own tree, when that holds every object of the entity (no
    /// predicate, limit or offset, and no pending edits the controller has not seen).
    /// - Complexity: O(log n) per read.
    static func controllerSection(_ controller: FetchedResultsController, section: Int, excluding moved: ObjectID) -> SectionOrder? {
        let request = controller.fetchRequest
        guard request.predicate == nil, request.fetchLimit == 0, request.fetchOffset == 0,
              !controller.context.hasPendingChanges,
              section >= 0, section < controller.numberOfSections else { return nil }
        let total = controller.numberOfObjects(inSection: section)
        let movedRow = controller.indexPath(forObjectID: moved).flatMap { $0.section == section ? $0.row : nil }
        return SectionOrder(
            count: total - (movedRow == nil ? 0 : 1),
            objectAt: { position in
                let row = movedRow.map { position >= $0 ? position + 1 : position } ?? position
                return controller.object(at: IndexPath(row: row, section: section))
            },
            positionOf: { id in
                guard id != moved, let path = controller.indexPath(forObjectID: id), path.section == section else { return nil }
                return movedRow.map { path.row > $0 ? path.row - 1 : path.row } ?? path.row
            })
    }

    /// Every object of the entity whose section key equals `sectionValue` (all of them without a
    /// section key), sorted by the request's sort descriptors.
    /// - Complexity: O(n log n) for n objects of the entity.
    static func scanning(_ context: ObjectContext, request: FetchRequest, sectionValue: Value?, excluding moved: ObjectID) -> SectionOrder {
        // Keys are resolved to attribute positions once, not by name in every comparison; a key
        // the entity does not have reads as nil, as `object[key]` does.
        let entity = context.schema.entity(named: request.entityName)
        let position = { (key: String) in entity?.index(of: key) }
        // In place: `values` is a copy of all of them.
        let read = { (object: ManagedObject, index: Int?) -> Value in
            guard let index, index < object.valueCount else { return .null }
            return object.value(at: index)
        }
        let sectionIndex = request.sectionNameKeyPath.map(position)
        var objects = context.objects(ofEntity: request.entityName).filter { object in
            guard object.objectID != moved else { return false }
            guard let sectionIndex, let sectionValue else { return true }
            // Compared where the object holds it: reading it out copied (and retained) a string.
            guard let index = sectionIndex, index < object.valueCount else { return Value.compare(.null, sectionValue) == 0 }
            return object.compareValue(at: index, with: sectionValue) == 0
        }
        // Each object's sort keys are read once into one flat array; the sort permutes indexes.
        let sort = request.sortDescriptors.map { (index: position($0.key), ascending: $0.ascending) }
        var keys: [Value] = []
        keys.reserveCapacity(objects.count * sort.count)
        for object in objects {
            for descriptor in sort { keys.append(read(object, descriptor.index)) }
        }
        var permutation = Array(objects.indices)
        permutation.sort { i, j in
            for (n, descriptor) in sort.enumerated() {
                let c = Value.compare(keys[i * sort.count + n], keys[j * sort.count + n])
                if c != 0 { return descriptor.ascending ? c < 0 : c > 0 }
            }
            return objects[i].objectID < objects[j].objectID
        }
        objects = permutation.map { objects[$0] }
        var positions: [ObjectID: Int] = [:]
        for (position, object) in objects.enumerated() { positions[object.objectID] = position }
        return SectionOrder(count: objects.count, objectAt: { objects.indices.contains($0) ? objects[$0] : nil },
                            positionOf: { positions[$0] })
    }
}
