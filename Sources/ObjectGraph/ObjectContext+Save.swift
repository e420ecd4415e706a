extension ObjectContext {
    /// Processes pending edits, then writes every change since the last save to the store in one
    /// transaction, posting `willSave` before and `didSave` after. Returns what was written.
    @discardableResult
    public func save() throws(ObjectGraphError) -> SaveSummary {
        try processPendingChanges()
        // Validation first, as Core Data's save: a required attribute that is nil fails the whole
        // save and nothing is written.
        let missing = dirtyIDs.sorted().compactMap { registered[$0] }.flatMap { object in
            zip(object.entity.attributes, object.values).filter { !$0.0.isOptional && $0.1.isNull }.map {
                MissingMandatoryProperty(objectID: object.objectID, entity: object.entity.name, key: $0.0.name)
            }
        }
        guard missing.isEmpty else { throw .missingMandatoryProperties(missing) }
        post(.willSave)
        var inserted: Set<ObjectID> = [], updated: Set<ObjectID> = [], deleted: Set<ObjectID> = []
        var upserted: [StoredObject] = []
        for id in dirtyIDs.sorted() {
            let committed = try committedObject(id)
            if let object = registered[id] {
                guard committed?.values != object.values else { continue }
                upserted.append(StoredObject(id: id, entity: object.entity.name, values: object.values))
                if committed == nil { inserted.insert(id) } else { updated.insert(id) }
            } else if committed != nil {
                deleted.insert(id)
            }
        }
        try store.save(StoreChanges(schema: schema, upserted: upserted, deleted: deleted.sorted(), nextObjectID: nextObjectID))
        dirtyIDs = []
        firstUncommittedID = nextObjectID
        let summary = SaveSummary(insertedIDs: inserted, updatedIDs: updated, deletedIDs: deleted)
        post(.didSave(summary))
        return summary
    }

    /// Discards every change since the last save — pending edits silently, processed ones as one
    /// change event back to the committed state — and clears undo and redo. Returns that event.
    @discardableResult
    public func rollback() throws(ObjectGraphError) -> ObjectsDidChange? {
        guard !isPosting else { throw .reentrantChangeProcessing }
        discardPendingChanges()
        let ids = dirtyIDs.sorted()
        isReplayingHistory = true
        defer { isReplayingHistory = false }
        for id in ids {
            let committed = try committedObject(id)
            switch (registered[id], committed) {
            case (let object?, nil):
                try delete(object.objectID)
            case (nil, let stored?):
                let entity = try schema.requireEntity(stored.entity)
                reinsert(ManagedObject(objectID: id, entity: entity, values: stored.values), values: stored.values)
            case (let object?, let stored?):
                for (index, value) in stored.values.enumerated() where object.values[index] != value {
                    try setValue(value, forKey: object.entity.attributes[index].name, of: id)
                }
            case (nil, nil):
                break
            }
        }
        let event = try processPendingChanges()
        dirtyIDs = []
        undoStack.removeAll()
        redoStack.removeAll()
        return event
    }

    /// The store's committed values of `id`; `nil` without asking the store for an ID handed out
    /// since the last save.
    private func committedObject(_ id: ObjectID) throws(ObjectGraphError) -> StoredObject? {
        id.rawValue >= firstUncommittedID ? nil : try store.committedObject(id)
    }

    /// Reverts the pending edits of the current event in place (nobody has been told about them):
    /// what `abort` does to a `begin … commit` block.
    public func discardPendingChanges() {
        pendingActionName = nil
        for object in pendingInserted.values {
            unregister(object)
            object.isDeleted = true
        }
        for (id, olds) in pendingUpdated {
            guard let object = registered[id] else { continue }
            for (index, value) in olds { object.values[index] = value }
        }
        for (object, before) in pendingDeleted.values {
            object.values = before
            object.isDeleted = false
            register(object)
        }
        pendingInserted = [:]
        pendingUpdated = [:]
        pendingDeleted = [:]
        pendingRefreshed = []
    }
}
