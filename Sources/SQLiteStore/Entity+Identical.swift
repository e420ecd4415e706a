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
    /// The value's kind and exact bits: equal keys mean the file stores the same thing.
    package var storageKey: String {
        switch self {
        case .null: "n"
        case .string(let s): "s" + s
        case .int(let i): "i\(i)"
        case .bool(let b): b ? "b1" : "b0"
        case .double(let d): "d" + Value.bits(d)
        case .date(let d): "t" + Value.bits(d.timeIntervalSinceReferenceDate)
        case .object(let id): "o\(id.rawValue)"
        case .objects(let ids): "m" + StoredRelationship.text(of: ids)
        }
    }

    /// NaN has one encoding in the file (`NaN`), so every NaN has the same key.
    private static func bits(_ d: Double) -> String {
        d.isNaN ? "nan" : String(d.bitPattern, radix: 16)
    }
}
