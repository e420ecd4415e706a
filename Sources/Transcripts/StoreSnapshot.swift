import CommandLanguage
import Foundation
import ObjectGraph

/// The committed state of a store file a session opened — schema, objects with their IDs, the
/// next ID and the session settings — as text a transcript embeds (`# store: NAME`), so that a
/// session recorded on `fetchsim --store FILE` replays from the transcript alone.
///
/// One record per line:
///
/// ```
/// next 14
/// setting fetch Note sort group, order section group
/// entity Note title:string group:string order:int done:bool?
/// object 1 Note ["sMilk","sGroceries","i0","n"]
/// ```
///
/// Entities are written as the `entity` command defines them. Each value is a JSON string holding
/// its tagged text (`Value.taggedText`: a kind letter, then the payload, numbers in Swift's
/// shortest form that reads back to the same bits), so the replay starts from exactly the values
/// the recording started from.
package enum StoreSnapshot {
    /// The snapshot of `store` as text.
    package static func text(of store: PersistentStore) throws -> String {
        let contents = try store.load()
        var lines = ["next \(contents.nextObjectID)"]
        for (name, value) in try store.sessionSettings().sorted(by: { $0.key < $1.key }) {
            lines.append("setting \(name) \(value)")
        }
        for entity in contents.schema.entities {
            lines.append(Command.entity(name: entity.name, attributes: entity.attributes).description)
        }
        for object in contents.objects {
            let values = object.values.map(\.taggedText)
            let array = String(
                decoding: try JSONSerialization.data(withJSONObject: values, options: [.withoutEscapingSlashes]),
                as: UTF8.self)
            lines.append("object \(object.id.rawValue) \(object.entity) \(array)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A store in memory holding what `text` describes; the error names the line that is wrong.
    package static func store(from text: String, name: String) throws -> InMemoryStore {
        var next = 1
        var settings: [String: String] = [:]
        var entities: [Entity] = []
        var objects: [StoredObject] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            let fail = { (reason: String) in SnapshotError(name: name, line: offset + 1, reason: reason) }
            let (keyword, rest) = split(line)
            switch keyword {
            case "next":
                guard let value = Int(rest), value > 0 else {
                    throw fail("'next' needs a positive object ID, got '\(rest)'")
                }
                next = value
            case "setting":
                let (setting, value) = split(rest)
                guard !setting.isEmpty else { throw fail("'setting' needs a name and a value") }
                settings[String(setting)] = String(value)
            case "entity":
                guard case .entity(let entityName, let attributes)? = try? CommandParser.parseLine(String(line)).first
                else {
                    throw fail("not an entity definition: '\(line.prefix(60))'")
                }
                do { entities.append(try Entity(name: entityName, attributes: attributes)) } catch {
                    throw fail("\(error)")
                }
            case "object":
                let (idText, afterID) = split(rest)
                let (entityName, valuesText) = split(afterID)
                guard let id = Int(idText), id > 0 else { throw fail("'object' needs a positive ID, got '\(idText)'") }
                guard let entity = entities.first(where: { $0.name == entityName }) else {
                    throw fail("object #\(id) belongs to '\(entityName)', which no earlier line defines")
                }
                guard let array = try? JSONSerialization.jsonObject(with: Data(valuesText.utf8)) as? [String],
                    array.count == entity.attributes.count
                else {
                    throw fail("object #\(id) needs a JSON array of \(entity.attributes.count) values")
                }
                var values: [Value] = []
                for (attribute, encoded) in zip(entity.attributes, array) {
                    guard let value = Value(taggedText: encoded) else {
                        throw fail("'\(encoded.prefix(40))' is not a value (attribute '\(attribute.name)' of #\(id))")
                    }
                    values.append(value)
                }
                objects.append(StoredObject(id: ObjectID(id), entity: String(entityName), values: values))
            default:
                throw fail("unknown record '\(keyword)' (expected next, setting, entity or object)")
            }
        }
        let schema: Schema
        do { schema = try Schema(entities: entities) } catch {
            throw SnapshotError(name: name, line: nil, reason: "\(error)")
        }
        let store = InMemoryStore(schema: schema, objects: objects, nextObjectID: next)
        // It stands for the store file the session started on (a SQLite file, `--store` or
        // `--coredata-store`): a controller then takes the path Core Data takes on such a store.
        store.storeType = "SQLite"
        try store.saveSessionSettings(settings)
        return store
    }

    private static func split(_ text: Substring) -> (Substring, Substring) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (text[..<space], text[text.index(after: space)...])
    }
}

/// A store snapshot embedded in a transcript that cannot be read back.
package struct SnapshotError: Error, CustomStringConvertible {
    package var name: String
    package var line: Int?
    package var reason: String

    package var description: String {
        "store snapshot '\(name)'" + (line.map { " line \($0)" } ?? "") + ": \(reason)"
    }
}
