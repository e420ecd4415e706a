import GRDB
import ObjectGraph

/// The to-many relationships of a Core Data store (docs/store.md, "To-many relationships"),
/// which no column of their owner's table holds:
///
/// - a to-many whose inverse is to-one is the inverse's foreign key column (`Z<INVERSE>`) in the
///   destination's table, and when ordered that table's `Z_FOK_<INVERSE>` column orders it;
/// - a many-to-many is a join table named after one side, `Z_<n><RELATIONSHIP>` (n the declaring
///   entity's `Z_ENT`), with a column per side, `Z_<n><RELATIONSHIP POINTING TO IT>` holding that
///   side's `Z_PK`, and for an ordered side `Z_FOK_` followed by its destination's column name
///   without `Z_`.
///
/// The related objects are gathered per owner and relationship while the rows are read, then
/// written once (`fill`): appending to a value inside an object would copy its array each time.
struct ToManyRead {
    let mapped: ModelSchema

    /// An owner object (its index in the read) and the position of one of its to-many relationships.
    private struct Slot: Hashable {
        let object: Int
        let attribute: Int
    }

    /// Per slot, the related objects' indexes in the read and their order keys (0 when unordered).
    private var members: [Slot: [(index: Int, order: Int64)]] = [:]
    /// Per entity, for each attribute: the position of its inverse to-many relationship in the
    /// destination when the attribute is a to-one relationship with one, else nil.
    private var toOneInverses: [String: [Int?]] = [:]

    init(mapped: ModelSchema) {
        self.mapped = mapped
    }

    /// The `Z_FOK_` column beside `relationship`'s foreign key when `relationship` is to-one and
    /// its inverse is an ordered to-many; nil otherwise.
    static func orderColumn(ofInverseOf relationship: RelationshipDescription, model: ManagedObjectModelDescription)
        -> String?
    {
        guard !relationship.isToMany, let inverse = inverse(of: relationship, model: model),
            inverse.relationship.isToMany, inverse.relationship.isOrdered
        else { return nil }
        return "Z_FOK_" + relationship.name.uppercased()
    }

    /// The relationship `relationship` names as its inverse, on its destination or an ancestor
    /// of it, with the entity that declares it.
    static func inverse(of relationship: RelationshipDescription, model: ManagedObjectModelDescription)
        -> (relationship: RelationshipDescription, owner: EntityDescription)?
    {
        guard let name = relationship.inverseName, let destination = model.entity(named: relationship.destinationEntity)
        else { return nil }
        for owner in model.lineage(of: destination).reversed() {
            if let inverse = owner.relationships.first(where: { $0.name == name }) { return (inverse, owner) }
        }
        return nil
    }

    /// Records that object `source` (of `entity`) points through its to-one relationship at
    /// `attribute` to `target`: when that relationship's inverse is to-many, `source` is one of
    /// `target`'s objects there, placed by `order` in an ordered one.
    mutating func inverseOfToOne(from source: Int, entity: String, attribute: Int, to target: Int, order: Int64?) {
        if toOneInverses[entity] == nil {
            let attributes = mapped.schema.entity(named: entity)?.attributes ?? []
            toOneInverses[entity] = attributes.map { attribute in
                guard attribute.isRelationship, let inverse = mapped.schema.inverse(of: attribute, in: entity),
                    inverse.attribute.isToMany
                else { return nil }
                return inverse.index
            }
        }
        guard let inverses = toOneInverses[entity], attribute < inverses.count, let index = inverses[attribute] else {
            return
        }
        members[Slot(object: target, attribute: index), default: []].append((source, order ?? 0))
    }

    /// Reads the join table of each many-to-many relationship, for each of its two sides; a
    /// to-many relationship without an inverse is refused (Core Data warns against them and
    /// their layout is not documented).
    mutating func readJoinTables(
        db: Database, path: String, numbers: [String: Int64], objects: [StoredObject],
        keys: [String: TableKeys], roots: [String: String]
    ) throws {
        let model = mapped.model
        for owner in model.entities {
            for relationship in owner.relationships where relationship.isToMany && !relationship.isTransient {
                let place = "relationship '\(relationship.name)' of entity '\(owner.name)'"
                guard let (inverse, inverseOwner) = Self.inverse(of: relationship, model: model) else {
                    throw CoreDataFileError(
                        file: path,
                        "cannot read \(place): a to-many relationship without an inverse has no documented store layout"
                    )
                }
                guard inverse.isToMany else { continue }
                guard let ownerNumber = numbers[owner.name], let inverseNumber = numbers[inverseOwner.name] else {
                    continue
                }
                let candidates = [
                    "Z_\(ownerNumber)\(relationship.name.uppercased())",
                    "Z_\(inverseNumber)\(inverse.name.uppercased())",
                ]
                guard let table = try candidates.first(where: { try db.tableExists($0) }) else {
                    throw CoreDataFileError(
                        file: path,
                        "does not match the model: no join table '\(candidates[0])' or '\(candidates[1])' for many-to-many \(place)"
                    )
                }
                // Each column holds one side's Z_PK and is named after the relationship pointing to that side.
                let ownerColumn = "Z_\(ownerNumber)\(inverse.name.uppercased())"
                let memberColumn = "Z_\(inverseNumber)\(relationship.name.uppercased())"
                var columns = [ownerColumn, memberColumn]
                if relationship.isOrdered { columns.append("Z_FOK_" + memberColumn.dropFirst(2)) }
                let present = Set(try db.columns(in: table).map { $0.name.uppercased() })
                for column in columns where !present.contains(column) {
                    throw CoreDataFileError(
                        file: path,
                        "does not match the model: join table '\(table)' has no column '\(column)' for \(place)")
                }
                let ownerRoot = roots[owner.name] ?? owner.name
                let memberRoot = roots[relationship.destinationEntity] ?? relationship.destinationEntity
                var positions: [String: Int] = [:]
                let sql =
                    "SELECT " + columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
                    + " FROM \(table.quotedDatabaseIdentifier)"
                let rows = try Row.fetchCursor(db, sql: sql)
                while let row = try rows.next() {
                    let ownerKey: Int64? = row[0]
                    let memberKey: Int64? = row[1]
                    guard let ownerKey, let memberKey else {
                        throw CoreDataFileError(
                            file: path, "does not match the model: join table '\(table)' has a row without both Z_PKs")
                    }
                    guard let ownerIndex = keys[ownerRoot]?.index(of: ownerKey),
                        mapped.schema.isEntity(objects[ownerIndex].entity, kindOf: owner.name)
                    else {
                        throw CoreDataFileError(
                            file: path,
                            "does not match the model: join table '\(table)': column '\(ownerColumn)' names Z_PK \(ownerKey), which is no '\(owner.name)' object of table 'Z\(ownerRoot.uppercased())'"
                        )
                    }
                    guard let memberIndex = keys[memberRoot]?.index(of: memberKey),
                        mapped.schema.isEntity(objects[memberIndex].entity, kindOf: relationship.destinationEntity)
                    else {
                        throw CoreDataFileError(
                            file: path,
                            "does not match the model: join table '\(table)': column '\(memberColumn)' names Z_PK \(memberKey), which is no '\(relationship.destinationEntity)' object of table 'Z\(memberRoot.uppercased())'"
                        )
                    }
                    let entity = objects[ownerIndex].entity
                    if positions[entity] == nil {
                        positions[entity] = mapped.schema.entity(named: entity)?.index(of: relationship.name)
                    }
                    guard let attribute = positions[entity] else { continue }
                    let order: Int64 = columns.count > 2 ? (row[2] ?? 0) : 0
                    members[Slot(object: ownerIndex, attribute: attribute), default: []].append((memberIndex, order))
                }
            }
        }
    }

    /// Writes every gathered to-many value: an ordered relationship's objects by their order
    /// keys (ties by object ID), an unordered one's by object ID.
    func fill(_ objects: inout [StoredObject]) {
        for (slot, list) in members {
            let ordered =
                mapped.schema.entity(named: objects[slot.object].entity)?.attributes[slot.attribute].isOrdered ?? false
            let sorted =
                ordered
                ? list.sorted { ($0.order, $0.index) < ($1.order, $1.index) } : list.sorted { $0.index < $1.index }
            // A pair listed twice counts once, as in a set.
            var seen: Set<Int> = []
            var ids: [ObjectID] = []
            ids.reserveCapacity(sorted.count)
            for member in sorted where seen.insert(member.index).inserted { ids.append(objects[member.index].id) }
            objects[slot.object].values[slot.attribute] = .objects(ids)
        }
    }
}
