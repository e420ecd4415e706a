import Foundation
import GRDB

/// One read of a Core Data store: checks its catalog and tables against the model, then reads
/// every row of every table, then turns foreign keys into object IDs.
struct StoreRead {
    let db: Database
    let path: String
    let mapped: ModelSchema
    let firstObjectID: Int

    /// How to read one schema attribute from a row: the selected column and the model type.
    fileprivate enum Reading {
        case absent
        case value(column: Int32, type: ModelAttributeType)
        case foreignKey(column: Int32, destination: String)
        /// A to-many relationship: empty here, filled from the inverse's foreign keys or the join
        /// table once every row is read (`ToManyRead`).
        case toMany
        /// A to-one relationship whose inverse is an ordered to-many: the foreign key, and the
        /// `Z_FOK_` column that places the object in its owner's ordered set.
        case orderedForeignKey(column: Int32, destination: String, orderColumn: Int32)
    }

    /// A foreign key waiting for every table to be read.
    private struct PendingKey {
        let object: Int
        let attribute: Int
        let key: Int64
        let destination: String
        /// The `Z_FOK_` value placing the object in the inverse ordered relationship, if any.
        let order: Int64?
    }

    /// The columns read from one table and how each concrete entity's attributes are read.
    struct TablePlan {
        let table: CoreDataStoreLayout.Table
        let columns: [String]
        fileprivate let readings: [Int64: (entity: String, readings: [Reading])]

        /// `SELECT Z_PK, Z_ENT, columns… FROM table`, then `suffix`; names come from the model
        /// file and are quoted, so any name reads as a name.
        func select(_ suffix: String) -> String {
            "SELECT " + (["Z_PK", "Z_ENT"] + columns).map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
                + " FROM \(table.name.quotedDatabaseIdentifier) " + suffix
        }
    }

    /// A row's foreign key, for the caller to resolve: the attribute's position, the `Z_PK` it
    /// names, the destination entity and the `Z_FOK_` order key, if any.
    typealias ForeignKey = (attribute: Int, key: Int64, destination: String, order: Int64?)

    func run() throws -> CoreDataStoreContents {
        let model = mapped.model
        let plans = try plans()
        var objects: [StoredObject] = []
        var pending: [PendingKey] = []
        // Per root table: its rows' Z_PKs and the positions their objects got.
        var keys: [String: TableKeys] = [:]
        // Each entity's root, looked up once rather than per foreign key.
        var roots: [String: String] = [:]
        for entity in model.entities { roots[entity.name] = model.root(of: entity).name }
        var nextID = firstObjectID
        let identifier = try String.fetchOne(db, sql: "SELECT Z_UUID FROM Z_METADATA LIMIT 1")
        for plan in plans.tables {
            let count =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(plan.table.name.quotedDatabaseIdentifier)") ?? 0
            var tableKeys: [Int64] = []
            tableKeys.reserveCapacity(count)
            objects.reserveCapacity(objects.count + count)
            let base = objects.count
            let rows = try Row.fetchCursor(db, sql: plan.select("ORDER BY Z_PK"))
            while let row = try rows.next() {
                let (pk, entity, values) = try decode(row, plan) { foreignKey in
                    pending.append(
                        PendingKey(
                            object: objects.count, attribute: foreignKey.attribute, key: foreignKey.key,
                            destination: foreignKey.destination, order: foreignKey.order))
                }
                // Z_PK is the table's primary key: rows come strictly ascending, which `TableKeys` needs.
                if let last = tableKeys.last, pk <= last {
                    throw mismatch("table '\(plan.table.name)' holds Z_PK \(pk) twice")
                }
                tableKeys.append(pk)
                objects.append(StoredObject(id: ObjectID(nextID), entity: entity, values: values))
                nextID += 1
            }
            keys[plan.table.root] = TableKeys(base: base, keys: tableKeys)
        }
        // The Z_PK of object `index`, for messages.
        func primaryKey(of index: Int) -> Int64 {
            keys.values.first { $0.contains(index) }?.key(at: index) ?? 0
        }
        var toMany = ToManyRead(mapped: mapped)
        // Without to-many relationships no foreign key is another object's membership.
        let hasToMany = mapped.schema.entities.contains { $0.attributes.contains(where: \.isToMany) }
        for key in pending {
            // Read in place: a copy of the source object would make the write below copy its values.
            let root = roots[key.destination] ?? key.destination
            guard let targetIndex = keys[root]?.index(of: key.key) else {
                let source = objects[key.object].entity
                throw mismatch(
                    "\(source) object of Z_PK \(primaryKey(of: key.object)): relationship '\(attributeName(source, key.attribute))' names Z_PK \(key.key), which table 'Z\(root.uppercased())' does not hold"
                )
            }
            guard mapped.schema.isEntity(objects[targetIndex].entity, kindOf: key.destination) else {
                let source = objects[key.object].entity
                throw mismatch(
                    "\(source) object of Z_PK \(primaryKey(of: key.object)): relationship '\(attributeName(source, key.attribute))' points to a '\(objects[targetIndex].entity)' object, which is not a '\(key.destination)'"
                )
            }
            objects[key.object].values[key.attribute] = .object(objects[targetIndex].id)
            if hasToMany {
                toMany.inverseOfToOne(
                    from: key.object, entity: objects[key.object].entity, attribute: key.attribute,
                    to: targetIndex, order: key.order)
            }
        }
        if hasToMany {
            try toMany.readJoinTables(
                db: db, path: path, numbers: plans.numbers, objects: objects, keys: keys, roots: roots)
        }
        toMany.fill(&objects)
        var counts: [String: Int] = [:]
        for object in objects { counts[object.entity, default: 0] += 1 }
        return CoreDataStoreContents(
            objects: objects,
            counts: mapped.schema.entities.map { ($0.name, counts[$0.name, default: 0]) },
            storeIdentifier: identifier,
            rows: CoreDataStoreRows.Layout(
                path: path, mapped: mapped, firstObjectID: firstObjectID,
                tables: plans.tables.compactMap { plan in keys[plan.table.root].map { (plan.table.root, $0) } },
                file: StoreFileStamp(path: path)))
    }

    /// The checked catalog (`Z_PRIMARYKEY`'s entity numbers) and the plan of every table, in the
    /// layout's order; refused with the first table or column that differs from the model.
    func plans() throws -> (numbers: [String: Int64], tables: [TablePlan]) {
        let numbers = try entityNumbers()
        let layout = CoreDataStoreLayout(model: mapped.model)
        return (numbers, try layout.tables.map { try plan($0, numbers: numbers) })
    }

    /// One row of `plan`'s table: its `Z_PK`, entity and values, each foreign key given to
    /// `foreignKey` and left nil in the values, each to-many relationship empty.
    func decode(_ row: Row, _ plan: TablePlan, foreignKey: (ForeignKey) -> Void) throws
        -> (key: Int64, entity: String, values: [Value])
    {
        let key: Int64? = row[0]
        guard let pk = key else { throw mismatch("table '\(plan.table.name)' has a row without Z_PK") }
        let ent: Int64 = row[1] ?? 0
        guard let (entity, readings) = plan.readings[ent] else {
            throw mismatch(
                "row Z_PK \(pk) of table '\(plan.table.name)' has Z_ENT \(ent), which is no concrete entity of the model's '\(plan.table.root)' hierarchy"
            )
        }
        var values: [Value] = []
        values.reserveCapacity(readings.count)
        for (index, reading) in readings.enumerated() {
            switch reading {
            case .absent:
                values.append(.null)
            case .value(let column, let type):
                let stored: DatabaseValue = row[Int(column)]
                guard let value = Self.decode(stored, type) else {
                    throw mismatch(
                        "row Z_PK \(pk) of table '\(plan.table.name)': column '\(plan.columns[Int(column) - 2])' holds \(stored), which is not a value of type '\(type.rawValue)'"
                    )
                }
                values.append(value)
            case .toMany:
                values.append(.objects([]))
            case .foreignKey(let column, let destination), .orderedForeignKey(let column, let destination, _):
                let value: DatabaseValue = row[Int(column)]
                values.append(.null)
                switch value.storage {
                case .null:
                    break
                case .int64(let key):
                    var order: Int64?
                    if case .orderedForeignKey(_, _, let orderColumn) = reading {
                        let stored: DatabaseValue = row[Int(orderColumn)]
                        switch stored.storage {
                        case .int64(let key): order = key
                        case .null: order = nil
                        default:
                            throw mismatch(
                                "row Z_PK \(pk) of table '\(plan.table.name)': column '\(plan.columns[Int(orderColumn) - 2])' holds \(stored), not an order key"
                            )
                        }
                    }
                    foreignKey((index, key, destination, order))
                default:
                    throw mismatch(
                        "row Z_PK \(pk) of table '\(plan.table.name)': column '\(plan.columns[Int(column) - 2])' holds \(value), not a Z_PK"
                    )
                }
            }
        }
        return (pk, entity, values)
    }

    /// `Z_PRIMARYKEY`'s entity numbers by name, checked against the model's entities and parents.
    private func entityNumbers() throws -> [String: Int64] {
        for table in ["Z_PRIMARYKEY", "Z_METADATA"] where try !db.tableExists(table) {
            throw mismatch("no table '\(table)': not a Core Data store")
        }
        for column in ["Z_ENT", "Z_NAME", "Z_SUPER"]
        where try !db.columns(in: "Z_PRIMARYKEY").contains(where: { $0.name == column }) {
            throw mismatch("table 'Z_PRIMARYKEY' has no column '\(column)'")
        }
        var numbers: [String: Int64] = [:]
        var supers: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT") {
            let name: String = row[1] ?? ""
            guard mapped.model.entity(named: name) != nil else {
                throw mismatch("table 'Z_PRIMARYKEY' names entity '\(name)', which the model does not define")
            }
            numbers[name] = row[0]
            supers[name] = row[2] ?? 0
        }
        for entity in mapped.model.entities {
            guard let number = numbers[entity.name] else {
                throw mismatch("table 'Z_PRIMARYKEY' has no row for entity '\(entity.name)'")
            }
            let expected = entity.parentEntity.flatMap { numbers[$0] } ?? 0
            guard supers[entity.name] == expected else {
                let parent = entity.parentEntity.map { "its parent '\($0)' (\(expected))" } ?? "0 (no parent)"
                throw mismatch(
                    "table 'Z_PRIMARYKEY': entity '\(entity.name)' (Z_ENT \(number)) has Z_SUPER \(supers[entity.name] ?? 0), the model says \(parent)"
                )
            }
        }
        return numbers
    }

    /// The columns to select from `table` and how each concrete entity's attributes are read.
    private func plan(_ table: CoreDataStoreLayout.Table, numbers: [String: Int64]) throws -> TablePlan {
        guard try db.tableExists(table.name) else {
            throw mismatch("no table '\(table.name)' for entity '\(table.root)'")
        }
        let present = Set(try db.columns(in: table.name).map { $0.name.uppercased() })
        for column in ["Z_PK", "Z_ENT", "Z_OPT"] where !present.contains(column) {
            throw mismatch("table '\(table.name)' has no column '\(column)'")
        }
        var columns: [String] = []
        var readings: [Int64: (entity: String, readings: [Reading])] = [:]
        let model = mapped.model
        for entity in model.entities where !entity.isAbstract && model.root(of: entity).name == table.root {
            guard let number = numbers[entity.name] else { continue }
            var list: [Reading] = []
            for source in mapped.sources[entity.name] ?? [] {
                guard source.isStored else {
                    list.append(.absent)
                    continue
                }
                let owner = source.owner
                if case .toMany = source {
                    list.append(.toMany)
                    continue
                }
                guard let column = table.columns[owner]?[source.name] else {
                    list.append(.absent)
                    continue
                }
                guard present.contains(column) else {
                    throw mismatch(
                        "table '\(table.name)' has no column '\(column)' for \(source.kind) '\(source.name)' of entity '\(owner)'"
                    )
                }
                let index: Int
                if let existing = columns.firstIndex(of: column) {
                    index = existing
                } else {
                    index = columns.count
                    columns.append(column)
                }
                switch source {
                case .attribute(let attribute, _): list.append(.value(column: Int32(index + 2), type: attribute.type))
                case .toOne(let relationship, _):
                    guard let orderColumn = ToManyRead.orderColumn(ofInverseOf: relationship, model: model) else {
                        list.append(.foreignKey(column: Int32(index + 2), destination: relationship.destinationEntity))
                        break
                    }
                    guard present.contains(orderColumn) else {
                        throw mismatch(
                            "table '\(table.name)' has no column '\(orderColumn)' for the order of ordered relationship '\(relationship.inverseName ?? "")' of entity '\(relationship.destinationEntity)'"
                        )
                    }
                    let orderIndex: Int
                    if let existing = columns.firstIndex(of: orderColumn) {
                        orderIndex = existing
                    } else {
                        orderIndex = columns.count
                        columns.append(orderColumn)
                    }
                    list.append(
                        .orderedForeignKey(
                            column: Int32(index + 2), destination: relationship.destinationEntity,
                            orderColumn: Int32(orderIndex + 2)))
                case .toMany:
                    break
                }
            }
            readings[number] = (entity.name, list)
        }
        return TablePlan(table: table, columns: columns, readings: readings)
    }

    /// A stored value as the schema's value for a property of `type`; nil when it is not one.
    private static func decode(_ value: DatabaseValue, _ type: ModelAttributeType) -> Value? {
        let decoded: Value?
        switch (type, value.storage) {
        case (_, .null): decoded = .null
        case (.integer16, .int64(let i)), (.integer32, .int64(let i)), (.integer64, .int64(let i)):
            decoded = .int(Int(i))
        case (.double, .double(let d)), (.float, .double(let d)), (.decimal, .double(let d)): decoded = .double(d)
        case (.double, .int64(let i)), (.float, .int64(let i)), (.decimal, .int64(let i)): decoded = .double(Double(i))
        case (.decimal, .string(let s)): decoded = Double(s).map(Value.double)
        case (.boolean, .int64(let i)) where i == 0 || i == 1: decoded = .bool(i == 1)
        case (.date, .double(let d)): decoded = .date(Date(timeIntervalSinceReferenceDate: d))
        case (.date, .int64(let i)): decoded = .date(Date(timeIntervalSinceReferenceDate: Double(i)))
        case (.string, .string(let s)), (.uri, .string(let s)), (.uuid, .string(let s)): decoded = .string(s)
        case (.uuid, .blob(let data)) where data.count == 16:
            let bytes = Array(data)
            decoded = .string(
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    )
                ).uuidString)
        default: decoded = nil
        }
        return decoded
    }

    private func attributeName(_ entity: String, _ index: Int) -> String {
        mapped.schema.entity(named: entity)?.attributes[index].name ?? "?"
    }

    func mismatch(_ message: String) -> CoreDataFileError {
        CoreDataFileError(file: path, "does not match the model: \(message)")
    }
}

extension PropertySource {
    /// `attribute` or `relationship`, for messages.
    var kind: String {
        switch self {
        case .attribute: "attribute"
        case .toOne, .toMany: "relationship"
        }
    }
}
