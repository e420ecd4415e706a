import CoreDataFiles
import ObjectGraph

/// The relationships of a user's entity that the fuzzer writes (`set #3 folder=#1`,
/// `set #3 tags=[#1, #2]`), and the other entities whose objects they point to.
///
/// A relationship to the fuzzed entity itself (or to an entity it inherits from) points to the
/// list's own objects; one to another entity points to objects of that entity (`Related`) that
/// each session inserts in its first line, so that the relationship's delete rules, inverse and
/// counts all come into play.
///
/// ```swift
/// let schema = try FuzzSchema.load(options, sections: 4, reorder: .dense)
/// schema.links.map(\.name)      // ["shelf", "tags", "next"]
/// schema.related.map(\.entity)  // ["Shelf", "Tag"]
/// ```
extension FuzzSchema {
    /// One relationship of the fuzzed entity.
    package struct Link: Equatable, Sendable {
        package var name: String
        /// The relationship's position in the schema entity's attributes.
        package var position: Int
        package var isToMany: Bool
        package var isOptional: Bool
        /// A to-many relationship's `minCount` and `maxCount` (0: no limit): the generator's
        /// lists keep within them.
        package var minCount: Int
        package var maxCount: Int
        /// The entity whose inserted objects are its targets; nil for the fuzzed entity's own.
        package var target: String?
    }

    /// Another entity that relationships point to: each session inserts a few of its objects.
    package struct Related: Equatable, Sendable {
        /// The entity inserted: the destination, or its first concrete sub-entity when the
        /// destination is abstract.
        package var entity: String
        /// Its attributes, each given a drawn value by the insert.
        package var columns: [Column]
    }

    /// The attributes of `entity` that are not relationships, as plain columns.
    static func plainColumns(of entity: Entity, sources: [PropertySource]) -> [Column] {
        entity.attributes.enumerated().compactMap { position, attribute in
            guard !attribute.isRelationship, !attribute.isToMany, position < sources.count,
                case .attribute(let description, _) = sources[position]
            else { return nil }
            return Column(
                name: attribute.name, modelType: description.type, type: attribute.type,
                isOptional: attribute.isOptional, position: position, role: .plain, range: nil, seen: [])
        }
    }

    /// The relationships of `entity` the generator writes, and the entities their targets are
    /// inserted as. A relationship to one of the entity's own sub-entities is left out (its
    /// targets would be rows of the list that no insert of the fuzzer made), as is one to an
    /// abstract entity without a concrete sub-entity.
    static func linksAndRelated(of entity: Entity, in mapped: ModelSchema) -> (links: [Link], related: [Related]) {
        let schema = mapped.schema
        var links: [Link] = []
        var related: [Related] = []
        for (position, attribute) in entity.attributes.enumerated()
        where attribute.isRelationship || attribute.isToMany {
            guard let destination = attribute.destinationEntity else { continue }
            var link = Link(
                name: attribute.name, position: position, isToMany: attribute.isToMany,
                isOptional: attribute.isOptional, minCount: attribute.minCount, maxCount: attribute.maxCount,
                target: nil)
            if schema.isEntity(entity.name, kindOf: destination) {
                links.append(link)
                continue
            }
            if schema.isEntity(destination, kindOf: entity.name) { continue }
            guard
                let concrete = schema.family(of: destination).first(where: {
                    schema.entity(named: $0).map { !$0.isAbstract } ?? false
                }), let target = schema.entity(named: concrete)
            else { continue }
            link.target = concrete
            links.append(link)
            if !related.contains(where: { $0.entity == concrete }) {
                related.append(
                    Related(
                        entity: concrete, columns: plainColumns(of: target, sources: mapped.sources[concrete] ?? [])))
            }
        }
        return (links, related)
    }

    /// The link at schema position `position`.
    func link(at position: Int) -> Link? { links.first { $0.position == position } }
}
