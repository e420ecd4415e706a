import Foundation
import ObjectGraph

/// What `setValue(_:forKey:)` accepts: a value converted to the engine's, after the checks Core
/// Data makes, each refusal recorded with Core Data's exception text.
extension NSManagedObject {
    /// `value` as the engine value of `property`, or nil (with the exception recorded) when it
    /// cannot be one.
    func engineValue(_ value: Any?, for property: NSPropertyDescription) -> Value? {
        if let relationship = property as? NSRelationshipDescription, relationship.isToMany {
            return toManyValue(value, for: relationship)
        }
        if let relationship = property as? NSRelationshipDescription {
            guard let target = ValueConversion.unwrapped(value) else { return .null }
            guard let object = target as? NSManagedObject, let destination = relationship.destinationEntity,
                object.entity.isKindOf(entity: destination)
            else {
                raise(
                    .invalidArgumentException,
                    "Unacceptable type of value for to-one relationship: property = \"\(property.name)\"; "
                        + "desired type = \(relationship.destinationEntity?.name ?? "?"); given type = \(Self.typeName(of: target)); value = \(target)."
                )
                return nil
            }
            guard object.managedObjectContext === managedObjectContext, object.engineID.rawValue != 0 else {
                raise(
                    .invalidArgumentException,
                    "Illegal attempt to establish a relationship '\(property.name)' between objects in different contexts "
                        + "(source = \(self), destination = \(object))")
                return nil
            }
            return .object(object.engineID)
        }
        guard let attribute = property as? NSAttributeDescription, let type = attribute.attributeType.engineType else {
            return nil
        }
        guard let converted = ValueConversion.value(from: value, for: type) else {
            let given = ValueConversion.unwrapped(value).map { "\($0)" } ?? "nil"
            raise(
                .invalidArgumentException,
                "Unacceptable type of value for attribute: property = \"\(property.name)\"; "
                    + "desired type = \(attribute.attributeType.valueClassName); given type = \(Self.typeName(of: value)); value = \(given)."
            )
            return nil
        }
        return converted
    }

    /// `value` as the engine value of to-many `relationship`: every member an object of its
    /// destination in this context; nil (with the exception recorded) otherwise.
    private func toManyValue(_ value: Any?, for relationship: NSRelationshipDescription) -> Value? {
        guard let given = ValueConversion.unwrapped(value), !(given is NSNull) else { return .objects([]) }
        let members: [Any]
        switch given {
        case let set as NSOrderedSet: members = set.array
        case let set as NSSet: members = set.allObjects
        case let array as [Any]: members = array
        case let set as any Collection: members = set.map { $0 as Any }
        default:
            raise(
                .invalidArgumentException,
                "Unacceptable type of value for to-many relationship: property = \"\(relationship.name)\"; "
                    + "desired type = \(relationship.isOrdered ? "NSOrderedSet" : "NSSet"); given type = \(Self.typeName(of: given)); value = \(given)."
            )
            return nil
        }
        var ids: [ObjectID] = []
        for member in members {
            guard let object = member as? NSManagedObject, let destination = relationship.destinationEntity,
                object.entity.isKindOf(entity: destination)
            else {
                raise(
                    .invalidArgumentException,
                    "Unacceptable type of value for to-many relationship: property = \"\(relationship.name)\"; "
                        + "desired type = \(relationship.destinationEntity?.name ?? "?"); given type = \(Self.typeName(of: member)); value = \(member)."
                )
                return nil
            }
            guard object.managedObjectContext === managedObjectContext, object.engineID.rawValue != 0 else {
                raise(
                    .invalidArgumentException,
                    "Illegal attempt to establish a relationship '\(relationship.name)' between objects in different contexts "
                        + "(source = \(self), destination = \(object))")
                return nil
            }
            ids.append(object.engineID)
        }
        return .objects(ids)
    }

    private static func typeName(of value: Any?) -> String {
        ValueConversion.unwrapped(value).map { "\(type(of: $0))" } ?? "nil"
    }
}
