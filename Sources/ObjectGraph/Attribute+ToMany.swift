/// What deleting an object does to the objects one of its relationships holds: Core Data's
/// `NSDeleteRule` (docs/semantics.md, "To-many relationships").
///
/// ```swift
/// try context.define([
///     Entity(
///         name: "Folder",
///         attributes: [.toMany("notes", destination: "Note", inverse: "folder", deleteRule: .cascade)]),
///     Entity(name: "Note", attributes: [.toOne("folder", destination: "Folder", inverse: "notes")]),
/// ])
/// let folder = try context.insert("Folder")
/// let note = try context.insert("Note", values: [("folder", .object(folder.objectID))])
/// try context.processPendingChanges()
/// try context.delete(folder.objectID)
/// try context.processPendingChanges()?.deletedIDs  // [folder.objectID, note.objectID]
/// ```
public enum DeleteRule: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The related objects stay; their inverse relationship drops the deleted object (Core
    /// Data's default).
    case nullify
    /// The related objects are deleted too, in the same change event.
    case cascade
    /// A save fails (`NSValidationRelationshipDeniedDeleteError`, 1600) while the deleted object
    /// still holds a live related object.
    case deny
    /// Nothing happens to the related objects: their inverse keeps pointing to the deleted object.
    case noAction

    public var description: String { rawValue }
}

/// To-many relationships: an attribute whose value is a set of objects (docs/semantics.md,
/// "To-many relationships").
extension Attribute {
    /// A to-many relationship called `name` to objects of `destination`: a set, or an ordered
    /// set when `isOrdered`; `inverse` names the destination's relationship back, and
    /// `minCount`/`maxCount` (0: no limit) are checked when saving.
    ///
    ///     Attribute.toMany("notes", destination: "Note", inverse: "folder", deleteRule: .cascade)
    public static func toMany(
        _ name: String, destination: String, isOrdered: Bool = false, inverse: String? = nil,
        deleteRule: DeleteRule = .nullify, minCount: Int = 0, maxCount: Int = 0
    ) -> Attribute {
        var attribute = Attribute(name, .toMany, isOptional: true)
        attribute.destinationEntity = destination
        attribute.isOrdered = isOrdered
        attribute.inverseName = inverse
        attribute.deleteRule = deleteRule
        attribute.minCount = minCount
        attribute.maxCount = maxCount
        return attribute
    }

    /// A relationship's options that differ from the defaults, as the command language writes
    /// them after its type: `inverse=folder delete=cascade ordered=true min=1 max=5`; empty for
    /// none and for every other attribute.
    public var relationshipOptionsText: String {
        guard isAnyRelationship else { return "" }
        var parts: [String] = []
        if let inverseName { parts.append("inverse=\(inverseName)") }
        if deleteRule != .nullify { parts.append("delete=\(deleteRule.rawValue)") }
        if isOrdered { parts.append("ordered=true") }
        if minCount != 0 { parts.append("min=\(minCount)") }
        if maxCount != 0 { parts.append("max=\(maxCount)") }
        return parts.joined(separator: " ")
    }

    /// Whether this attribute is a to-many relationship.
    public var isToMany: Bool { type == .toMany }

    /// Whether this attribute is a relationship, to-one or to-many.
    public var isAnyRelationship: Bool { type == .relationship || type == .toMany }

    /// `ids` sorted by ID without duplicates: the value of an unordered to-many relationship.
    static func sortedSet(_ ids: [ObjectID]) -> [ObjectID] {
        var sorted = true
        for i in ids.indices.dropFirst() where !(ids[i - 1] < ids[i]) {
            sorted = false
            break
        }
        if sorted { return ids }
        var result: [ObjectID] = []
        result.reserveCapacity(ids.count)
        for id in ids.sorted() where result.last != id { result.append(id) }
        return result
    }

    /// `ids` in their order, each after its first occurrence dropped: an ordered relationship's value.
    static func withoutDuplicates(_ ids: [ObjectID]) -> [ObjectID] {
        var seen: Set<ObjectID> = []
        return ids.filter { seen.insert($0).inserted }
    }
}

extension Schema {
    /// The inverse of `attribute` of `entity`: the destination's relationship it names, when that
    /// relationship exists and points back to `entity` — or, when it names none, the
    /// destination's relationship back to `entity` that names it. Nil without an inverse, or while
    /// the named one is not defined yet (two entities that point to each other are defined one
    /// after the other, the first redefined once the second exists).
    public func inverse(of attribute: Attribute, in entity: String) -> (
        entity: Entity, index: Int, attribute: Attribute
    )? {
        guard attribute.isAnyRelationship, let destinationName = attribute.destinationEntity,
            let destination = self.entity(named: destinationName)
        else { return nil }
        let index: Int?
        if let name = attribute.inverseName {
            index = destination.index(of: name)
        } else {
            index = destination.attributes.firstIndex {
                $0.isAnyRelationship && $0.inverseName == attribute.name
                    && isEntity(entity, kindOf: $0.destinationEntity ?? "")
            }
        }
        guard let index else { return nil }
        let inverse = destination.attributes[index]
        // An inherited relationship's inverse points to the entity that declares it, an ancestor.
        guard inverse.isAnyRelationship, isEntity(entity, kindOf: inverse.destinationEntity ?? "") else { return nil }
        return (destination, index, inverse)
    }

    /// Refuses an inverse that cannot be one: a name on a relationship without a destination
    /// entity, an inverse that is not a relationship back to `entity`, or one whose own inverse
    /// names another relationship; and counts that make no sense (negative, a minimum above the
    /// maximum, or counts on a to-one relationship). An inverse not defined yet is accepted.
    func checkInverse(of attribute: Attribute, in entity: Entity) throws(ObjectGraphError) {
        let problem: String? = {
            if attribute.minCount < 0 || attribute.maxCount < 0 { return "counts cannot be negative" }
            if attribute.maxCount > 0, attribute.minCount > attribute.maxCount {
                return "its minimum count is above its maximum"
            }
            if !attribute.isToMany, attribute.minCount != 0 || attribute.maxCount != 0 || attribute.isOrdered {
                return "a to-one relationship has no counts and no order"
            }
            guard let name = attribute.inverseName else { return nil }
            guard Entity.isIdentifier(name) else { return "inverse '\(name)' is not a valid name" }
            let destinationName = attribute.destinationEntity ?? ""
            let destination = destinationName == entity.name ? entity : self.entity(named: destinationName)
            guard let destination, let inverse = destination.attribute(named: name) else { return nil }
            guard inverse.isAnyRelationship,
                inverse.destinationEntity == entity.name
                    || isEntity(entity.name, kindOf: inverse.destinationEntity ?? "")
            else {
                return "its inverse '\(destinationName).\(name)' is not a relationship to '\(entity.name)'"
            }
            if let back = inverse.inverseName, back != attribute.name {
                return "its inverse '\(destinationName).\(name)' names '\(back)' as its own inverse"
            }
            return nil
        }()
        if let problem { throw .invalidRelationship(attribute.name, entity: entity.name, problem: problem) }
    }
}
