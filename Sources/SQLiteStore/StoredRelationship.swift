import GRDB
import ObjectGraph

/// How a store file keeps relationships without a new format version (docs/store.md).
///
/// A to-one relationship's column is an `INTEGER` holding the destination object's ID, and its
/// row in the `attribute` table says `int`, so a build that knows no relationships still opens
/// the file and sees numbers. What makes it a relationship is a `metadata` row keyed
/// `relationship.ENTITY.POSITION` (the entity's number, the attribute's position) whose value is
/// the destination entity's name.
///
/// A to-many relationship's column is `TEXT` holding its objects' IDs in decimal, separated by
/// single spaces, in the relationship's order (`3 4`; empty for none), and its `attribute` row
/// says `string`: a build that knows no to-many relationships opens the file and sees text. Its
/// `metadata` row is keyed `tomany.ENTITY.POSITION`, valued the destination entity's name. A
/// relationship's inverse, delete rule, order and counts, when any differs from the default,
/// are a row keyed `rules.ENTITY.POSITION` valued `inverse=NAME delete=RULE ordered=1 min=N
/// max=N` (only the options that differ). A file without such rows — every file written before
/// them — reads as it always did.
enum StoredRelationship {
    /// The type the `attribute` table records: `int` for a to-one relationship, `string` for a
    /// to-many one.
    static func storedType(of attribute: Attribute) -> String {
        if attribute.isToMany { return AttributeType.string.rawValue }
        return attribute.isRelationship ? AttributeType.int.rawValue : attribute.type.rawValue
    }

    /// The column text of a to-many value: `3 4`.
    static func text(of ids: [ObjectID]) -> String {
        ids.map { String($0.rawValue) }.joined(separator: " ")
    }

    /// The IDs of a to-many column's text; nil when it is not IDs separated by single spaces.
    static func ids(from text: String) -> [ObjectID]? {
        guard !text.isEmpty else { return [] }
        var ids: [ObjectID] = []
        for part in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard let raw = Int(part), raw > 0, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            ids.append(ObjectID(raw))
        }
        return ids
    }

    /// Records the destinations and options of `entity`'s relationships, inside the caller's
    /// transaction.
    static func record(_ entity: Entity, number: Int, in db: Database) throws {
        for (position, attribute) in entity.attributes.enumerated() where attribute.isAnyRelationship {
            let kind = attribute.isToMany ? "tomany" : "relationship"
            try db.execute(
                sql: "INSERT OR REPLACE INTO metadata (key, value) VALUES (?, ?)",
                arguments: [key(kind, number, position), attribute.destinationEntity ?? ""])
            let options = optionsText(of: attribute)
            guard !options.isEmpty else { continue }
            try db.execute(
                sql: "INSERT OR REPLACE INTO metadata (key, value) VALUES (?, ?)",
                arguments: [key("rules", number, position), options])
        }
    }

    /// Removes the relationship rows of the entity numbered `number`.
    static func forget(number: Int, in db: Database) throws {
        for kind in ["relationship", "tomany", "rules"] {
            try db.execute(sql: "DELETE FROM metadata WHERE key LIKE ?", arguments: ["\(kind).\(number).%"])
        }
    }

    /// `attributes` as read from the `attribute` table, with the relationships recorded for the
    /// entity numbered `number` turned back into relationships.
    static func apply(to attributes: [Attribute], number: Int, in db: Database) throws -> [Attribute] {
        var result = attributes
        for (position, attribute) in attributes.enumerated() {
            let toOne = try String.fetchOne(
                db, sql: "SELECT value FROM metadata WHERE key = ?",
                arguments: [key("relationship", number, position)])
            let toMany = try String.fetchOne(
                db, sql: "SELECT value FROM metadata WHERE key = ?",
                arguments: [key("tomany", number, position)])
            if let destination = toOne {
                guard attribute.type == .int, attribute.defaultValue == nil else {
                    throw StoreDecodingError(
                        "relationship '\(attribute.name)' is not stored as an integer without default")
                }
                result[position] = .toOne(attribute.name, destination: destination, isOptional: attribute.isOptional)
            } else if let destination = toMany {
                guard attribute.type == .string, attribute.defaultValue == nil else {
                    throw StoreDecodingError(
                        "to-many relationship '\(attribute.name)' is not stored as text without default")
                }
                result[position] = .toMany(attribute.name, destination: destination)
            } else {
                continue
            }
            if let options = try String.fetchOne(
                db, sql: "SELECT value FROM metadata WHERE key = ?",
                arguments: [key("rules", number, position)])
            {
                guard let applied = apply(options: options, to: result[position]) else {
                    throw StoreDecodingError(
                        "the options '\(options)' of relationship '\(attribute.name)' do not decode")
                }
                result[position] = applied
            }
        }
        return result
    }

    /// The options of `attribute` that differ from the defaults, as `rules.…` rows hold them.
    static func optionsText(of attribute: Attribute) -> String {
        var parts: [String] = []
        if let inverse = attribute.inverseName { parts.append("inverse=\(inverse)") }
        if attribute.deleteRule != .nullify { parts.append("delete=\(attribute.deleteRule.rawValue)") }
        if attribute.isOrdered { parts.append("ordered=1") }
        if attribute.minCount != 0 { parts.append("min=\(attribute.minCount)") }
        if attribute.maxCount != 0 { parts.append("max=\(attribute.maxCount)") }
        return parts.joined(separator: " ")
    }

    /// `attribute` with the options `text` gives; nil for one that does not decode.
    static func apply(options text: String, to attribute: Attribute) -> Attribute? {
        var result = attribute
        for part in text.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "inverse": result.inverseName = pair[1]
            case "delete":
                guard let rule = DeleteRule(rawValue: pair[1]) else { return nil }
                result.deleteRule = rule
            case "ordered": result.isOrdered = pair[1] == "1"
            case "min":
                guard let count = Int(pair[1]) else { return nil }
                result.minCount = count
            case "max":
                guard let count = Int(pair[1]) else { return nil }
                result.maxCount = count
            default: return nil
            }
        }
        return result
    }

    private static func key(_ kind: String, _ number: Int, _ position: Int) -> String {
        "\(kind).\(number).\(position)"
    }
}
