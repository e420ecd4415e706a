import CommandLanguage
import Interpreter
import ObjectGraph

/// Relationships of a user's entity in the executor: links rendered to the `#ID`s their targets
/// have now, inserts of the related entities' objects, and the saves Core Data's validation
/// refuses (docs/fuzzing.md, "Relationships").
extension FuzzExecutor {
    /// The assignments of `values` with each link's targets as the IDs they have now, and
    /// `values` rewritten without the targets that are gone (nil when none is): a target whose
    /// insert did not run, or that is deleted (before this line, or earlier in it: `gone`).
    /// A to-one whose object is gone is no longer assigned; a to-many keeps the objects left.
    ///
    /// - Parameters:
    ///   - values: an insert's or a set's values.
    ///   - gone: the symbols deleted earlier in the line.
    ///   - liveID: the ID of a symbol's object if it is live now.
    /// - Returns: the assignments, and the values as they ran when that is not `values`.
    func linkedAssignments(
        _ values: FuzzValues, gone: [FuzzSymbol], liveID: (FuzzSymbol) -> ObjectID?
    ) -> ([Command.Assignment], FuzzValues?) {
        var assignments = values.assignments(schema: schema)
        var rewritten: FuzzValues?
        for link in values.links {
            guard let relationship = schema?.link(at: link.position) else { continue }
            let live = link.targets.compactMap { gone.contains($0) ? nil : liveID($0) }
            if live.count != link.targets.count {
                if rewritten == nil { rewritten = values }
                let kept = link.targets.filter { !gone.contains($0) && liveID($0) != nil }
                rewritten?.setLink(relationship.isToMany ? kept : nil, at: link.position)
                if !relationship.isToMany { continue }
            }
            let value: Value = relationship.isToMany ? .objects(live) : live.first.map(Value.object) ?? .null
            assignments.append(Command.Assignment(relationship.name, value))
        }
        return (assignments, rewritten)
    }

    /// The assignments of an insert of an object of `entity` (a related entity): its values by
    /// attribute position, in the entity's attribute order.
    ///
    /// - Parameters:
    ///   - values: the insert's values (`others` only).
    ///   - entity: the related entity's name.
    /// - Returns: one assignment per value.
    func relatedAssignments(_ values: FuzzValues, entity: String) -> [Command.Assignment] {
        guard let attributes = workspace.context.schema.entity(named: entity)?.attributes else { return [] }
        return values.others.compactMap { other in
            other.position < attributes.count ? Command.Assignment(attributes[other.position].name, other.value) : nil
        }
    }

    /// The live objects of the related entity `entity` the session inserted, by symbol, in
    /// insert order.
    func liveRelated(_ entity: String) -> [FuzzSymbol] {
        let context = workspace.editContext
        return relatedInserted.compactMap { inserted in
            guard inserted.entity == entity, let id = ids[inserted.symbol.rawValue], context.object(with: id) != nil
            else { return nil }
            return inserted.symbol
        }
    }

    /// The failure of an `undo` or `redo` the object graph refused with an error of its own:
    /// the executor writes them only when the context can undo or redo, so the refusal is
    /// FetchSim's bug (an event it reported and cannot take back), not the generator's.
    func refusedReplay(_ line: FuzzLine, _ outcome: LineOutcome) -> FuzzFailure? {
        guard let error = outcome.objectGraphError else { return nil }
        switch line {
        case .undo: return FuzzFailure(kind: .refusedReplay("undo"), message: error.description)
        case .redo: return FuzzFailure(kind: .refusedReplay("redo"), message: error.description)
        default: return nil
        }
    }

    /// Whether `line` failed as Core Data's validation refuses a save of correct edits: a *Deny*
    /// rule with related objects left (1600), a to-many below its `minCount` or above its
    /// `maxCount` (1580, 1590), or a required relationship left nil (1570: its object was
    /// deleted and nullified it, or none was left to point to). The edits stay in the context;
    /// the list is checked as after any line. A required attribute left nil is not among them:
    /// the generator always gives one a value, so that would be its own bug.
    func isExpectedRefusal(_ line: FuzzLine, _ outcome: LineOutcome) -> Bool {
        guard case .save = line else { return false }
        switch outcome.objectGraphError {
        case .relationshipValidation?:
            return true
        case .missingMandatoryProperties(let missing)?:
            let schema = workspace.context.schema
            return missing.allSatisfy {
                schema.entity(named: $0.entity)?.attribute(named: $0.key).map { $0.isRelationship || $0.isToMany }
                    ?? false
            }
        default:
            return false
        }
    }
}
