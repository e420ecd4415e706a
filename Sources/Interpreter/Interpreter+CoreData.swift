import CoreDataFiles
import FetchSimCore
import Foundation
import ObjectGraph

/// Sessions on an Xcode model: the workspace `--model` starts with, and `import coredata`.
extension Interpreter {
    /// An interpreter whose context has the model's entities (all at once, so relationships may
    /// point either way) and, committed, the objects read from a Core Data store, if any.
    ///
    /// ```swift
    /// let mapped = try ModelFileReader.read(path: "Notes.xcdatamodeld").schema()
    /// let interpreter = try Interpreter(model: mapped)
    /// ```
    package convenience init(model: ModelSchema, contents: CoreDataStoreContents? = nil) throws {
        let context: ObjectContext
        do {
            let store: PersistentStore =
                contents.map { CoreDataSnapshotStore(schema: model.schema, contents: $0) }
                ?? InMemoryStore(schema: model.schema)
            context = try ObjectContext(store: store)
        } catch {
            throw InterpreterError("\(error)")
        }
        self.init(workspace: Workspace(context: context))
        self.model = model
    }

    /// Reads the model at `path` and maps it to a schema, as `--model` and `# model:` do.
    package static func readModel(at path: String) throws -> ModelSchema {
        do {
            return try ModelFileReader.read(path: path).schema()
        } catch {
            throw InterpreterError("\(error)")
        }
    }

    /// `import coredata FILE`: the store's objects read through the session's model and inserted
    /// in one change event, relationships included; a store that does not match the model
    /// inserts nothing. The outcome carries what was read as text (`filesRead`), which a
    /// recording embeds and a replay reads back instead of the file.
    func importCoreData(path: String) throws -> LineOutcome {
        guard let model else {
            throw InterpreterError(
                "no model: 'import coredata' reads a store through the model the session started with (fetchsim --model PATH)"
            )
        }
        for entity in model.schema.entities where context.schema.entity(named: entity.name) != entity {
            throw InterpreterError(
                "entity '\(entity.name)' is no longer the model's (redefined with 'entity'): 'import coredata' reads the model's entities"
            )
        }
        // A replay reads what the recording read, embedded in the transcript, not the disk's file.
        let contents: CoreDataStoreContents
        do {
            if let text = embeddedFile(path) {
                contents = try CoreDataStoreContents(text: text, schema: model.schema, file: path)
            } else {
                contents = try CoreDataStoreReader.read(path: path, through: model, firstObjectID: 1)
            }
        } catch {
            throw InterpreterError("\(error)")
        }
        // The objects first, then their relationships, which name objects by the new IDs; all in
        // one event, so each object is reported as one insert.
        var ids: [ObjectID] = []
        ids.reserveCapacity(contents.objects.count)
        defer { progress?("") }
        let stopped = InterpreterError("import coredata: interrupted; nothing was imported from '\(path)'")
        do {
            for object in contents.objects {
                let entity = try context.schema.requireEntity(object.entity)
                let values = zip(entity.attributes, object.values).filter { !$0.0.isAnyRelationship }.map {
                    (key: $0.0.name, value: $0.1)
                }
                ids.append(try context.insert(object.entity, values: values).objectID)
                if ids.count % CSVImport.checkInterval == 0 {
                    progress?(
                        "import coredata: \(NumberText.grouped(ids.count)) of \(NumberText.grouped(contents.objects.count)) objects inserted"
                    )
                    // All or nothing, as `import csv`: a stop discards the inserts made so far.
                    if isInterrupted() { throw stopped }
                }
            }
            for (index, object) in contents.objects.enumerated() {
                let entity = try context.schema.requireEntity(object.entity)
                for (attribute, value) in zip(entity.attributes, object.values) where attribute.isAnyRelationship {
                    switch value {
                    case .object(let target) where ids.indices.contains(target.rawValue - 1):
                        try context.setValue(.object(ids[target.rawValue - 1]), forKey: attribute.name, of: ids[index])
                    case .objects(let targets) where !targets.isEmpty:
                        // Both sides of a relationship with an inverse are set; they agree, so
                        // the inverse maintenance of the event changes nothing (an ordered
                        // relationship keeps the store's order).
                        let mapped = targets.compactMap {
                            ids.indices.contains($0.rawValue - 1) ? ids[$0.rawValue - 1] : nil
                        }
                        try context.setValue(.objects(mapped), forKey: attribute.name, of: ids[index])
                    default:
                        continue
                    }
                }
            }
        } catch let error as InterpreterError {
            context.discardPendingChanges()
            throw error
        } catch {
            context.discardPendingChanges()
            throw InterpreterError("\(path): \(error)")
        }
        let counts = contents.counts.filter { $0.count > 0 }.map { "\($0.count) \($0.entity)" }
        let summary = counts.isEmpty ? "no objects" : counts.joined(separator: ", ")
        nameNextEvent(["import \(summary)"])
        let report = try finishTurn { try context.processPendingChanges() }
        var outcome = outcome(ids: ids, report: report, extra: [("imported", .int(ids.count))])
        // A recording embeds what was read, so that its transcript replays without the store.
        outcome.filesRead = [(path, contents.text)]
        if rendersText {
            // One summary line with the IDs' range instead of every new ID, as `import csv` prints.
            outcome.text.removeFirst(ids.isEmpty ? 0 : 1)
            outcome.text.insert(.line("imported \(summary)\(Self.idRangeText(ids)) from '\(path)'"), at: 0)
        }
        return outcome
    }
}
