import Foundation
import ObjectGraph

extension Entity {
    /// Whether `other` defines the same attributes, comparing default values bit for bit
    /// (so that an entity with a NaN default still equals itself read back from the file).
    func isIdentical(to other: Entity) -> Bool {
        guard name == other.name, attributes.count == other.attributes.count else { return false }
        return zip(attributes, other.attributes).allSatisfy { a, b in
            a.name == b.name && a.type == b.type && a.isOptional == b.isOptional
                && a.defaultValue?.storageKey == b.defaultValue?.storageKey
                && a.destinationEntity == b.destinationEntity && a.inverseName == b.inverseName
                && a.deleteRule == b.deleteRule && a.isOrdered == b.isOrdered
                && a.minCount == b.minCount && a.maxCount == b.maxCount && a.isTransient == b.isTransient
        }
    }
}

extension Value {
    /// The value's kind and exact bits: equal keys mean the file stores the same thing. It is the
    /// value's tagged text (whose numbers read back to the same bits), except that every NaN has
    /// one key, as the file has one encoding for it (`NaN`).
    package var storageKey: String {
        switch self {
        case .double(let d) where d.isNaN: "fnan"
        case .date(let d) where d.timeIntervalSinceReferenceDate.isNaN: "dnan"
        default: taggedText
        }
    }
}
