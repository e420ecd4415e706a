import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// To-many relationships in a store file (docs/store.md, "Relationships"): the layout written
/// by hand from that description, and values, options and inverses read back as saved.
@Suite struct ToManyStoreTests {
    /// Folder #1 Home holds notes #2 and #3; the model has an inverse, a cascade rule, an
    /// ordered many-to-many relationship with counts.
    private func saveFolders(at path: String) throws {
        let context = try ObjectContext(store: try SQLiteStore(path: path))
        try context.define(Entity(name: "Folder", attributes: [Attribute("name", .string)]))
        try context.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string),
                    .toOne("folder", destination: "Folder", inverse: "notes", deleteRule: .nullify),
                ]))
        try context.define(
            Entity(
                name: "Folder",
                attributes: [
                    Attribute("name", .string),
                    .toMany("notes", destination: "Note", inverse: "folder", deleteRule: .cascade),
                    .toMany("pinned", destination: "Note", isOrdered: true, maxCount: 5),
                ]))
        let home = try context.insert("Folder", values: [("name", .string("Home"))])
        try context.insert("Note", values: [("title", .string("Milk")), ("folder", .object(home.objectID))])
        try context.insert("Note", values: [("title", .string("Bread")), ("folder", .object(home.objectID))])
        try context.setValue(.objects([ObjectID(3), ObjectID(2)]), forKey: "pinned", of: home.objectID)
        try context.save()
    }

    @Test func theLayoutIsTextIDsAndMetadataRows() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/folders.fetchsim"
            try saveFolders(at: path)
            // Folder is entity 1 (defined first), Note entity 2.
            #expect(
                try RawFile.strings(path, "SELECT type FROM attribute WHERE entity = 1 ORDER BY position") == [
                    "string", "string", "string",
                ])
            #expect(try RawFile.strings(path, "SELECT notes || '|' || pinned FROM Folder") == ["2 3|3 2"])
            #expect(
                try RawFile.strings(
                    path, "SELECT key || '=' || value FROM metadata WHERE key <> 'next_object_id' ORDER BY key") == [
                        "relationship.2.1=Folder", "rules.1.1=inverse=folder delete=cascade",
                        "rules.1.2=ordered=1 max=5",
                        "rules.2.1=inverse=notes", "tomany.1.1=Note", "tomany.1.2=Note",
                    ])
        }
    }

    @Test func valuesOptionsAndRulesReadBack() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/folders.fetchsim"
            try saveFolders(at: path)
            do {
                let context = try ObjectContext(store: try SQLiteStore(path: path))
                let folderEntity = try #require(context.schema.entity(named: "Folder"))
                #expect(
                    folderEntity.attributes[1]
                        == .toMany("notes", destination: "Note", inverse: "folder", deleteRule: .cascade))
                #expect(
                    folderEntity.attributes[2] == .toMany("pinned", destination: "Note", isOrdered: true, maxCount: 5))
                #expect(
                    context.schema.entity(named: "Note")?.attributes[1]
                        == .toOne("folder", destination: "Folder", inverse: "notes"))
                #expect(context.object(with: ObjectID(1))?["notes"] == .objects([ObjectID(2), ObjectID(3)]))
                #expect(context.object(with: ObjectID(1))?["pinned"] == .objects([ObjectID(3), ObjectID(2)]))
                // The rules came back with the model: deleting the folder cascades.
                try context.delete(ObjectID(1))
                let event = try #require(try context.processPendingChanges())
                #expect(event.deleted.map(\.objectID) == [ObjectID(1), ObjectID(2), ObjectID(3)])
                try context.save()
            }
            // The store is closed with its context: the file has no object left.
            #expect(try RawFile.strings(path, "SELECT count(*) FROM object") == ["0"])
        }
    }

    /// A store of to-one relationships only, as written before to-many ones existed, keeps its
    /// exact layout: no new metadata rows, the same column and attribute types.
    @Test func aStoreWithoutToManyRelationshipsIsWrittenAsBefore() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/lists.fetchsim"
            do {
                let context = try ObjectContext(store: try SQLiteStore(path: path))
                try context.define(Entity(name: "List", attributes: [Attribute("name", .string)]))
                try context.define(
                    Entity(
                        name: "Note", attributes: [Attribute("title", .string), .toOne("list", destination: "List")]))
                try context.insert("List", values: [("name", .string("Groceries"))])
                try context.insert("Note", values: [("title", .string("Milk")), ("list", .object(ObjectID(1)))])
                try context.save()
            }
            #expect(
                try RawFile.strings(path, "SELECT key FROM metadata ORDER BY key") == [
                    "next_object_id", "relationship.2.1",
                ])
            #expect(
                try RawFile.strings(path, "SELECT type FROM attribute WHERE entity = 2 ORDER BY position") == [
                    "string", "int",
                ])
            let reopened = try ObjectContext(store: try SQLiteStore(path: path))
            #expect(reopened.object(with: ObjectID(2))?["list"] == .object(ObjectID(1)))
        }
    }
}
