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
    static func controllerSection(_ controller: FetchedResultsController, section: Int, excluding moved: ObjectID)
        -> SectionOrder?
    {
        let request = controller.fetchRequest
        guard request.predicate == nil, request.fetchLimit == 0, request.fetchOffset == 0,
            !controller.context.hasPendingChanges,
            section >= 0, section < controller.numberOfSections
        else { return nil }
        let total = controller.numberOfObjects(inSection: section)
        let movedRow = controller.indexPath(forObjectID: moved).flatMap { $0.section == section ? $0.row : nil }
        return SectionOrder(
            count: total - (movedRow == nil ? 0 : 1),
            objectAt: { position in
                let row = movedRow.map { position >= $0 ? position + 1 : position } ?? position
                return controller.object(at: IndexPath(row: row, section: section))
            },
            positionOf: { id in
                guard id != moved, let path = controller.indexPath(forObjectID: id), path.section == section else {
                    return nil
                }
                return movedRow.map { path.row > $0 ? path.row - 1 : path.row } ?? path.row
            })
    }

    /// Every object of the entity whose section key equals `sectionValue` (all of them without a
    /// section key), sorted by the request's sort descriptors.
    /// - Complexity: O(n log n) for n objects of the entity.
    static func scanning(
        _ context: ObjectContext, request: FetchRequest, sectionValue: Value?, excluding moved: ObjectID
    ) -> SectionOrder {
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
        // The objects of the entity's sub-entities are in its list too, as the fetch has them.
        let entities =
            request.includesSubentities ? context.schema.family(of: request.entityName) : [request.entityName]
        var objects = entities.flatMap { context.objects(ofEntity: $0) }.filter { object in
            guard object.objectID != moved else { return false }
            guard let sectionIndex, let sectionValue else { return true }
            // Compared where the object holds it: reading it out copied (and retained) a string.
            guard let index = sectionIndex, index < object.valueCount else {
                return Value.compare(.null, sectionValue) == 0
            }
            return object.compareValue(at: index, with: sectionValue) == 0
        }
        // Each object's sort keys are read once into one flat array (row by row); the sort
        // permutes indexes. A key whose values are all the same (the section key within its
        // own section) is left out: it orders nothing. When every key left is an int, the keys
        // are plain integers (`Value.compare` of two ints is their integer order).
        var columns: [(values: [Value], ascending: Bool)] = []
        for descriptor in request.sortDescriptors {
            let index = position(descriptor.key)
            let values = objects.map { read($0, index) }
            if let first = values.first, values.allSatisfy({ Value.compare($0, first) == 0 }) { continue }
            columns.append((values, descriptor.ascending))
        }
        let width = columns.count
        let ascending = columns.map(\.ascending)
        let allInts = columns.allSatisfy { column in
            column.values.allSatisfy { if case .int = $0 { true } else { false } }
        }
        var integers: [Int] = []
        var keys: [Value] = []
        if allInts {
            integers.reserveCapacity(objects.count * width)
        } else {
            keys.reserveCapacity(objects.count * width)
        }
        for row in objects.indices {
            for column in 0..<width {
                let value = columns[column].values[row]
                if allInts, case .int(let number) = value { integers.append(number) } else { keys.append(value) }
            }
        }
        // The objects' indexes sorted by their rows of keys, then by ID.
        func permutation<Key>(by keys: [Key], compare: (Key, Key) -> Int) -> [Int] {
            var permutation = Array(objects.indices)
            permutation.sort { i, j in
                for n in 0..<width {
                    let c = compare(keys[i * width + n], keys[j * width + n])
                    if c != 0 { return ascending[n] ? c < 0 : c > 0 }
                }
                return objects[i].objectID < objects[j].objectID
            }
            return permutation
        }
        let sorted =
            allInts
            ? permutation(by: integers) { $0 < $1 ? -1 : ($0 == $1 ? 0 : 1) }
            : permutation(by: keys, compare: Value.compare)
        objects = sorted.map { objects[$0] }
        // A position is asked for once or twice per drop: a walk, not a dictionary of every object.
        return SectionOrder(
            count: objects.count, objectAt: { objects.indices.contains($0) ? objects[$0] : nil },
            positionOf: { id in objects.firstIndex { $0.objectID == id } })
    }
}
