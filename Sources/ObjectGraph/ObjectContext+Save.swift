extension ObjectContext {
    /// Processes pending edits, then writes every change since the last save to the store in one
    /// transaction, posting `willSave` before and `didSave` after. Returns what was written.
    @discardableResult
    public func save() throws(ObjectGraphError) -> SaveSummary {
        try processPendingChanges()
        // Validation first, as Core Data's save: a required attribute that is nil fails the whole
        // save and nothing is written.
        let dirty = dirtyIDs.sorted()
        let missing = missingMandatoryProperties(of: dirty)
        guard missing.isEmpty else { throw .missingMandatoryProperties(missing) }
        if let rules = relationshipRules {
            let failures = relationshipFailures(dirty: dirty, rules: rules)
            guard failures.isEmpty else { throw .relationshipValidation(failures) }
        }
        post(.willSave)
        var inserted: Set<ObjectID> = []
        var updated: Set<ObjectID> = []
        var deleted: Set<ObjectID> = []
        var upserted: [StoredObject] = []
        upserted.reserveCapacity(dirty.count)
        // IDs handed out since the last save are inserts (if they are still live): growing the
        // set one by one rehashed a million IDs about twenty times.
        let firstNew = dirty.partitionPoint { $0.rawValue >= firstUncommittedID }
        inserted.reserveCapacity(dirty.count - firstNew)
        for id in dirty {
            let committed = try committedObject(id)
            if let object = registered[id] {
                let values = object.values
                guard committed?.values != values else { continue }
                upserted.append(StoredObject(id: id, entity: object.entity.name, values: values))
                if committed == nil { inserted.insert(id) } else { updated.insert(id) }
            } else if committed != nil {
                deleted.insert(id)
            }
        }
        try store.save(
            StoreChanges(schema: schema, upserted: upserted, deleted: deleted.sorted(), nextObjectID: nextObjectID))
        dirtyIDs = []
        deletedDenying = [:]
        firstUncommittedID = nextObjectID
        // The save gives the inserted objects their permanent IDs, except those that got one
        // before (obtainPermanentIDs), and tells the controllers.
        let mutated = inserted.subtracting(permanentBeforeSave).sorted()
        permanentBeforeSave = []
        if !mutated.isEmpty { post(.objectIDsMutated(mutated)) }
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
                reinsert(makeObject(id, entity: entity, values: stored.values), values: stored.values)
            case (let object?, let stored?):
                for (index, value) in stored.values.enumerated() where object.value(at: index) != value {
                    try setValue(value, forKey: object.entity.attributes[index].name, of: id)
                }
            case (nil, nil):
                break
            }
        }
        let event = try processPendingChanges()
        dirtyIDs = []
        deletedDenying = [:]
        permanentBeforeSave = []
        undoStack.removeAll()
        redoStack.removeAll()
        return event
    }

    /// The required attributes that are nil in the live objects among `ids`, in ID then attribute order.
    private func missingMandatoryProperties(of ids: [ObjectID]) -> [MissingMandatoryProperty] {
        var required: [ObjectIdentifier: [Int]] = [:]
        var missing: [MissingMandatoryProperty] = []
        for id in ids {
            guard let object = registered[id] else { continue }
            let kind = object.kind
            let indexes =
                required[ObjectIdentifier(kind)]
                ?? {
                    let indexes = kind.entity.attributes.indices.filter { !kind.entity.attributes[$0].isOptional }
                    required[ObjectIdentifier(kind)] = indexes
                    return indexes
                }()
            for index in indexes where object.value(at: index).isNull {
                missing.append(
                    MissingMandatoryProperty(
                        objectID: id, entity: kind.entity.name, key: kind.entity.attributes[index].name))
            }
        }
        return missing
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
            for (index, value) in olds { object.setValue(value, at: index) }
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
        pendingRuleDeletes = []
    }
}

extension Array where Element == ObjectID {
    /// The index of the first element for which `isInUpperPart` holds, in an array where it
    /// holds from some index to the end (a sorted array and a threshold).
    /// - Complexity: O(log n).
    func partitionPoint(where isInUpperPart: (ObjectID) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isInUpperPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
