/// What a context must do for the relationships of its schema when it processes an event:
/// keep inverses in step and apply delete rules (docs/semantics.md, "To-many relationships").
///
/// Built once per schema change (`ObjectContext.define`); a schema without to-many
/// relationships, inverses or delete rules other than the legacy to-one nullify has none, and the
/// context's event then costs nothing for relationships.
struct RelationshipRules {
    /// One relationship of an entity.
    struct Rule {
        let index: Int
        let isToMany: Bool
        let deleteRule: DeleteRule
        /// The inverse on the destination entity, when the schema defines it both ways.
        let inverse: Inverse?
    }

    /// The inverse relationship: its position in the destination entity and its shape.
    struct Inverse {
        let index: Int
        let isToMany: Bool
        let isOrdered: Bool
    }

    /// Per entity name, its relationships that have an inverse or a delete rule to apply.
    private(set) var rules: [String: [Rule]] = [:]
    /// Per entity name, the positions of its to-many relationships with counts to validate.
    private(set) var counted: [String: [Int]] = [:]
    /// The entities with a *Deny* relationship.
    private(set) var denying: Set<String> = []

    /// The rules `schema` needs, or nil when it needs none.
    init?(schema: Schema) {
        for entity in schema.entities {
            var entityRules: [Rule] = []
            for (index, attribute) in entity.attributes.enumerated() where attribute.isAnyRelationship {
                let inverse = schema.inverse(of: attribute, in: entity.name).map {
                    Inverse(index: $0.index, isToMany: $0.attribute.isToMany, isOrdered: $0.attribute.isOrdered)
                }
                // A to-one relationship without inverse and with the default rule keeps the
                // behaviour it always had (`nullifyReferences(to:)`): nothing to do here.
                guard attribute.isToMany || inverse != nil || attribute.deleteRule != .nullify else { continue }
                entityRules.append(
                    Rule(index: index, isToMany: attribute.isToMany, deleteRule: attribute.deleteRule, inverse: inverse)
                )
                if attribute.deleteRule == .deny { denying.insert(entity.name) }
                if attribute.isToMany, attribute.minCount > 0 || attribute.maxCount > 0 {
                    counted[entity.name, default: []].append(index)
                }
            }
            if !entityRules.isEmpty { rules[entity.name] = entityRules }
        }
        guard !rules.isEmpty else { return nil }
    }

    /// The rule for attribute `index` of `entity`, if it has one.
    func rule(_ entity: String, _ index: Int) -> Rule? {
        rules[entity]?.first { $0.index == index }
    }
}

extension ObjectContext {
    /// Rebuilds `relationshipRules` after the schema changed.
    func schemaDidChange() {
        relationshipRules = RelationshipRules(schema: schema)
    }

    /// Keeps inverses in step with the pending edits and applies the delete rules of the
    /// pending deletes, as Core Data does in `processPendingChanges` (docs/semantics.md): every
    /// object this changes is reported in the same event, updated or (cascade) deleted.
    ///
    /// Works through a queue: each relationship written — by the user or here — is compared with
    /// its value at the start of the event, and the objects it gained or lost get their inverse
    /// set or cleared, which may queue more. Starts in ID then attribute order, so the result
    /// (the order of an ordered relationship's new objects) does not depend on hashing.
    func applyRelationshipRules(_ rules: RelationshipRules) throws(ObjectGraphError) {
        var queue: [(object: ManagedObject, index: Int, old: Value)] = []
        var seeds: [(id: ObjectID, index: Int, old: Value)] = []
        for (id, object) in pendingInserted {
            for rule in rules.rules[object.entity.name] ?? [] where rule.inverse != nil {
                seeds.append((id, rule.index, rule.isToMany ? .objects([]) : .null))
            }
        }
        for (id, olds) in pendingUpdated {
            guard let object = registered[id], let entityRules = rules.rules[object.entity.name] else { continue }
            for (index, old) in olds where entityRules.contains(where: { $0.index == index && $0.inverse != nil }) {
                seeds.append((id, index, old))
            }
        }
        seeds.sort { $0.id != $1.id ? $0.id < $1.id : $0.index < $1.index }
        for seed in seeds { if let object = registered[seed.id] { queue.append((object, seed.index, seed.old)) } }
        var deletes = pendingRuleDeletes
        pendingRuleDeletes = []
        deletes.sort { $0.objectID < $1.objectID }

        var next = 0
        var nextDelete = 0
        var steps = 0
        let limit = 16 * (registered.count + queue.count + deletes.count) + 1024
        while next < queue.count || nextDelete < deletes.count {
            steps += 1
            guard steps <= limit else { throw .store("relationship maintenance did not settle") }
            if next < queue.count {
                let entry = queue[next]
                next += 1
                guard !entry.object.isDeleted, let rule = rules.rule(entry.object.entity.name, entry.index),
                    let inverse = rule.inverse
                else { continue }
                let (removed, added) = Self.difference(
                    entry.old.objectIDs, entry.object.value(at: entry.index).objectIDs)
                for id in removed {
                    let target = registered[id] ?? Self.deletedInEvent(id, pendingDeleted, deletes)
                    unlink(entry.object, from: target, inverse: inverse, queue: &queue)
                }
                for id in added {
                    let target = registered[id] ?? Self.deletedInEvent(id, pendingDeleted, deletes)
                    link(entry.object, to: target, inverse: inverse, queue: &queue)
                    // A deleted object that gains a related object here applies its delete rule
                    // to it (again, if it did already): the rule sees the relationship as the
                    // event leaves it, as Core Data's propagation at `processPendingChanges` does.
                    if let target, target.isDeleted { deletes.append(target) }
                }
            } else {
                let object = deletes[nextDelete]
                nextDelete += 1
                try applyDeleteRules(of: object, rules: rules, queue: &queue, deletes: &deletes)
            }
        }
        if next > 0 { queue.removeAll() }
    }

    /// Applies the delete rules of `object`'s relationships: the objects it held at the start of
    /// the event and no longer holds lose it from their inverse; of those it holds now, *Nullify*
    /// clears their inverse, *Cascade* deletes them, *Deny* and *No Action* leave them be (a save
    /// checks *Deny*).
    private func applyDeleteRules(
        of object: ManagedObject, rules: RelationshipRules,
        queue: inout [(object: ManagedObject, index: Int, old: Value)],
        deletes: inout [ManagedObject]
    ) throws(ObjectGraphError) {
        let before = pendingDeleted[object.objectID]?.valuesBefore
        for rule in rules.rules[object.entity.name] ?? [] {
            let current = object.value(at: rule.index).objectIDs
            let (dropped, _) = Self.difference(before.map { $0[rule.index].objectIDs } ?? [], current)
            if let inverse = rule.inverse {
                for id in dropped { unlink(object, from: registered[id], inverse: inverse, queue: &queue) }
            }
            switch rule.deleteRule {
            case .nullify:
                guard let inverse = rule.inverse else { continue }
                for id in current { unlink(object, from: registered[id], inverse: inverse, queue: &queue) }
            case .cascade:
                for id in current where registered[id] != nil {
                    try delete(id)
                    deletes.append(contentsOf: pendingRuleDeletes)
                    pendingRuleDeletes.removeAll()
                }
            case .deny, .noAction:
                continue
            }
        }
    }

    /// The object `id` if the pending event deleted it (an insert cancelled too): it stays in
    /// memory until the save, and its relationships still follow their inverses in this event.
    /// `deletes` holds the event's deletes whose rules apply (only those have inverses).
    static func deletedInEvent(
        _ id: ObjectID, _ pendingDeleted: [ObjectID: (object: ManagedObject, valuesBefore: [Value])],
        _ deletes: [ManagedObject]
    ) -> ManagedObject? {
        pendingDeleted[id]?.object ?? deletes.last { $0.objectID == id }
    }

    /// Takes `object` out of the inverse relationship of `target` (a live object, or one deleted
    /// in this event), if it is there.
    private func unlink(
        _ object: ManagedObject, from target: ManagedObject?, inverse: RelationshipRules.Inverse,
        queue: inout [(object: ManagedObject, index: Int, old: Value)]
    ) {
        guard let target else { return }
        let value = target.value(at: inverse.index)
        if inverse.isToMany {
            let ids = value.objectIDs
            guard let position = ids.firstIndex(of: object.objectID) else { return }
            var remaining = ids
            remaining.remove(at: position)
            write(.objects(remaining), at: inverse.index, of: target, queue: &queue)
        } else if value == .object(object.objectID) {
            write(.null, at: inverse.index, of: target, queue: &queue)
        }
    }

    /// Puts `object` into the inverse relationship of `target` (a live object, or one deleted in
    /// this event): appended to an ordered one, in ID order into a set, or as the value of a
    /// to-one one (whose old object then loses `target` in turn, through the queue).
    private func link(
        _ object: ManagedObject, to target: ManagedObject?, inverse: RelationshipRules.Inverse,
        queue: inout [(object: ManagedObject, index: Int, old: Value)]
    ) {
        guard let target else { return }
        let value = target.value(at: inverse.index)
        if inverse.isToMany {
            var ids = value.objectIDs
            guard !ids.contains(object.objectID) else { return }
            if inverse.isOrdered {
                ids.append(object.objectID)
            } else {
                ids.insert(object.objectID, at: ids.firstIndex { $0 > object.objectID } ?? ids.endIndex)
            }
            write(.objects(ids), at: inverse.index, of: target, queue: &queue)
        } else if value != .object(object.objectID) {
            write(.object(object.objectID), at: inverse.index, of: target, queue: &queue)
        }
    }

    /// Sets attribute `index` of `target` as an edit of the pending event, and queues the change
    /// so that its own inverse follows. A target deleted in this event has its values before the
    /// event recorded with its delete already.
    private func write(
        _ value: Value, at index: Int, of target: ManagedObject,
        queue: inout [(object: ManagedObject, index: Int, old: Value)]
    ) {
        let id = target.objectID
        let old = target.value(at: index)
        if pendingInserted[id] == nil, !target.isDeleted {
            pendingUpdated[id, default: [:]].recordStart(of: index) { old }
        }
        target.setValue(value, at: index)
        queue.append((target, index, old))
    }

    /// The IDs of `old` not in `new`, and those of `new` not in `old`, each in its list's order.
    static func difference(_ old: [ObjectID], _ new: [ObjectID]) -> (removed: [ObjectID], added: [ObjectID]) {
        if old == new { return ([], []) }
        if old.count + new.count <= 16 {
            return (old.filter { !new.contains($0) }, new.filter { !old.contains($0) })
        }
        let (oldSet, newSet) = (Set(old), Set(new))
        return (old.filter { !newSet.contains($0) }, new.filter { !oldSet.contains($0) })
    }

    /// Remembers the deleted objects of a processed event that have a *Deny* relationship, for
    /// the next save to check (`relationshipFailures`).
    func rememberDenying(_ deleted: [ManagedObject], rules: RelationshipRules) {
        for object in deleted where rules.denying.contains(object.entity.name) {
            deletedDenying[object.objectID] = object
        }
    }

    /// The relationship validation failures of a save, in ID then attribute order: objects
    /// deleted since the last save (and still deleted) whose *Deny* relationship holds a live
    /// object, and changed live objects whose to-many count is outside its bounds (an optional
    /// relationship may be empty).
    func relationshipFailures(dirty: [ObjectID], rules: RelationshipRules) -> [RelationshipValidationFailure] {
        var failures: [RelationshipValidationFailure] = []
        let denied = deletedDenying.keys.filter { registered[$0] == nil }
        for id in Set(dirty).union(denied).sorted() {
            if let object = registered[id] {
                let entity = object.entity
                for index in rules.counted[entity.name] ?? [] {
                    let attribute = entity.attributes[index]
                    let count = object.value(at: index).objectIDs.count
                    if count == 0, attribute.isOptional { continue }
                    if count < attribute.minCount {
                        failures.append(.init(kind: .tooFew, objectID: id, entity: entity.name, key: attribute.name))
                    } else if attribute.maxCount > 0, count > attribute.maxCount {
                        failures.append(.init(kind: .tooMany, objectID: id, entity: entity.name, key: attribute.name))
                    }
                }
            } else if let object = deletedDenying[id] {
                let entity = object.entity
                for rule in rules.rules[entity.name] ?? [] where rule.deleteRule == .deny {
                    guard object.value(at: rule.index).objectIDs.contains(where: { registered[$0] != nil }) else {
                        continue
                    }
                    failures.append(
                        .init(
                            kind: .deniedDelete, objectID: id, entity: entity.name,
                            key: entity.attributes[rule.index].name))
                }
            }
        }
        return failures
    }
}
