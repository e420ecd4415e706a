import GRDB
import ObjectGraph

/// How a store file keeps to-one relationships without a new format version (docs/store.md).
///
/// A relationship's column is an `INTEGER` holding the destination object's ID, and its row in
/// the `attribute` table says `int`, so a build that knows no relationships still opens the file
/// and sees numbers. What makes it a relationship is a `metadata` row keyed
/// `relationship.ENTITY.POSITION` (the entity's number, the attribute's position) whose value is
/// the destination entity's name.
enum StoredRelationship {
    /// The type the `attribute` table records: `int` for a relationship.
    static func storedType(of attribute: Attribute) -> String {
        attribute.isRelationship ? AttributeType.int.rawValue : attribute.type.rawValue
    }

    /// Records the destinations of `entity`'s relationships, inside the caller's transaction.
    static func record(_ entity: Entity, number: Int, in db: Database) throws {
        for (position, attribute) in entity.attributes.enumerated() where attribute.isRelationship {
            try db.execute(sql: "INSERT OR REPLACE INTO metadata (key, value) VALUES (?, ?)",
                           arguments: [key(number, position), attribute.destinationEntity ?? ""])
        }
    }

    /// Removes the relationship rows of the entity numbered `number`.
    static func forget(number: Int, in db: Database) throws {
        try db.execute(sql: "DELETE FROM metadata WHERE key LIKE ?", arguments: ["relationship.\(number).%"])
    }

    /// `attributes` as read from the `attribute` table, with the relationships recorded for the
    /// entity numbered `number` turned back into relationships.
    static func apply(to attributes: [Attribute], number: Int, in db: Database) throws -> [Attribute] {
        var result = attributes
        for (position, attribute) in attributes.enumerated() {
            guard let destination = try String.fetchOne(db, sql: "SELECT value FROM metadata WHERE key = ?",
                                                        arguments: [key(number, position)]) else { continue }
            guard attribute.type == .int, attribute.defaultValue == nil else {
                throw StoreDecodingError("relationship '\(attribute.name)' is not stored as an integer without default")
            }
            result[position] = .toOne(attribute.name, destination: destination, isOptional: attribute.isOptional)
        }
        return result
    }

    private static func key(_ number: Int, _ position: Int) -> String {
        "relationship.\(number).\(position)"
    }
}
