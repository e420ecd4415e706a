import GRDB
import ObjectGraph

/// How a store file keeps transient attributes (`Attribute.isTransient`) without a new format
/// version, the way `StoredRelationship` keeps relationships (docs/store.md).
///
/// A transient attribute keeps its column, which is nullable and always NULL: a save writes no
/// value for it and a load gives the attribute's initial value (its default, else nil), as Core
/// Data's SQLite store, which has no column for it, leaves a transient value to the context that
/// set it. What makes the attribute transient is a `metadata` row keyed
/// `transient.ENTITY.POSITION` (the entity's number, the attribute's position) valued 1; a build
/// that knows no transient attributes opens the file and sees an optional column of NULLs.
enum StoredTransient {
    /// Records the transient attributes of `entity`, inside the caller's transaction.
    static func record(_ entity: Entity, number: Int, in db: Database) throws {
        for (position, attribute) in entity.attributes.enumerated() where attribute.isTransient {
            try db.execute(
                sql: "INSERT OR REPLACE INTO metadata (key, value) VALUES (?, 1)",
                arguments: [key(number, position)])
        }
    }

    /// Removes the transient rows of the entity numbered `number`.
    static func forget(number: Int, in db: Database) throws {
        try db.execute(sql: "DELETE FROM metadata WHERE key LIKE ?", arguments: ["transient.\(number).%"])
    }

    /// `attributes` as read from the `attribute` table, with the transient ones recorded for the
    /// entity numbered `number` marked so.
    static func apply(to attributes: [Attribute], number: Int, in db: Database) throws -> [Attribute] {
        let keys = try String.fetchAll(
            db, sql: "SELECT key FROM metadata WHERE key LIKE ?", arguments: ["transient.\(number).%"])
        guard !keys.isEmpty else { return attributes }
        var result = attributes
        for key in keys {
            guard let position = Int(key.dropFirst("transient.\(number).".count)), result.indices.contains(position)
            else { throw StoreDecodingError("the transient row '\(key)' names no attribute") }
            result[position].isTransient = true
        }
        return result
    }

    /// The positions of the transient attributes of `entity`; empty for most entities.
    static func positions(in entity: Entity) -> [Int] {
        entity.attributes.indices.filter { entity.attributes[$0].isTransient }
    }

    /// `object` with nil in place of each value at `positions`: what a save writes for them.
    static func withoutValues(_ object: StoredObject, at positions: [Int]) -> StoredObject {
        var stripped = object
        for position in positions where position < stripped.values.count { stripped.values[position] = .null }
        return stripped
    }

    private static func key(_ number: Int, _ position: Int) -> String {
        "transient.\(number).\(position)"
    }
}
