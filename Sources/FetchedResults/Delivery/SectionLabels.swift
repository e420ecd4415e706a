import ObjectGraph

/// The order of sections when the section key is not the request's first sort key.
///
/// Core Data keeps such sections in the order the fetch met them, and puts a section that appears
/// later before the first section whose first object sorts after the new section's object, at
/// the end if none does (GFFetchedResultsController's `_postprocessInsertedObjects:`; the iOS
/// 26.1 decompilation keeps the sections in an ordered set; semantics.md, "Section key not first
/// in the sort"). The controller gives each such section a *label* — a string of letters, the
/// labels sorting in the sections' order with room between any two — and orders objects by the
/// label in place of the section key's value. A section keeps its label while it exists.
///
/// Sections Core Data cuts by count over the fetched objects (a grouped fetch on a SQLite store,
/// or a reused cache: `FetchedResultsController+GroupedSections.swift`) may hold objects whose
/// key names another section. Such an object is *placed*: it carries the label of the section it
/// sits in, whatever its key says, until it leaves the results or Core Data moves it.
final class SectionLabels {
    /// Section identity → its label, as `.string`.
    private var labelOfSection: [Value: Value] = [:]
    /// Label → section identity.
    private var sectionOfLabel: [Value: Value] = [:]
    /// The placed objects' labels.
    private var labelOfObject: [ObjectID: Value] = [:]

    /// The label of the section `identity` names, or nil if that section has none (a new one).
    func label(of identity: Value) -> Value? {
        labelOfSection[identity]
    }

    /// The label `object` sorts under: the one it is placed in, else its section's (nil for a
    /// section that has none yet).
    @inline(__always)
    func label(of identity: Value, object: ObjectID) -> Value? {
        if !labelOfObject.isEmpty, let placed = labelOfObject[object] { return placed }
        return labelOfSection[identity]
    }

    /// Whether some object is placed in a section its key does not name.
    var hasPlacedObjects: Bool { !labelOfObject.isEmpty }

    /// Whether `object` is placed in a section its key does not name.
    func isPlaced(_ object: ObjectID) -> Bool {
        labelOfObject[object] != nil
    }

    /// Places `object` in the section labelled `label`.
    func place(_ object: ObjectID, in label: Value) {
        labelOfObject[object] = label
    }

    /// Lets `object` sort under its own section's label again.
    func release(_ object: ObjectID) {
        labelOfObject[object] = nil
    }

    /// The section identity `label` stands for; `label` itself when it is not a label.
    func section(ofLabel label: Value) -> Value {
        sectionOfLabel[label] ?? label
    }

    /// Replaces every label: `sections`, in this order, get evenly spaced labels.
    /// - Complexity: O(s) for s sections.
    func reset(to sections: [Value]) {
        labelOfSection = [:]
        sectionOfLabel = [:]
        labelOfObject = [:]
        // Width w with room for the labels and gaps between them; a final 'n' keeps every label
        // from ending in 'a', below which no string of letters fits.
        var width = 1
        var span = 26
        while span < 2 * (sections.count + 1) {
            width += 1
            span *= 26
        }
        let step = span / (sections.count + 1)
        for (index, section) in sections.enumerated() {
            var digits = [UInt8](repeating: 0, count: width)
            var number = (index + 1) * step
            for position in stride(from: width - 1, through: 0, by: -1) {
                digits[position] = UInt8(number % 26)
                number /= 26
            }
            assign(section, Self.text(digits + [13]))
        }
    }

    /// Gives section `identity` a label between the labels `lower` and `upper` (nil: unbounded)
    /// and returns it.
    @discardableResult
    func insert(_ identity: Value, after lower: Value?, before upper: Value?) -> Value {
        let label = Self.text(Self.between(Self.digits(lower), upper.map(Self.digits)))
        assign(identity, label)
        return label
    }

    /// Forgets the labels not in `live` (sections that no longer exist: one that reappears is
    /// placed anew, as Core Data places a new section).
    func keep(only live: Set<Value>) {
        for label in Array(sectionOfLabel.keys) where !live.contains(label) {
            if let section = sectionOfLabel.removeValue(forKey: label) { labelOfSection[section] = nil }
        }
        if !labelOfObject.isEmpty { labelOfObject = labelOfObject.filter { live.contains($0.value) } }
    }

    private func assign(_ identity: Value, _ label: Value) {
        labelOfSection[identity] = label
        sectionOfLabel[label] = identity
    }

    /// Letters (digits 0–25) strictly between `lower` and `upper` in string order, ending in a
    /// digit other than 0; `lower` below `upper`, `upper` not ending in 0.
    static func between(_ lower: [UInt8], _ upper: [UInt8]?) -> [UInt8] {
        var result: [UInt8] = []
        let bound = upper ?? []
        var upperIsOpen = upper == nil
        for index in 0..<(lower.count + bound.count + 2) {
            let low = index < lower.count ? Int(lower[index]) : 0
            let high = upperIsOpen ? 26 : (index < bound.count ? Int(bound[index]) : 0)
            if high - low >= 2 {
                result.append(UInt8((low + high) / 2))
                return result
            }
            result.append(UInt8(low))
            if high > low { upperIsOpen = true }
        }
        // Unreachable for labels this type made; a label past `lower` all the same.
        return lower + [13]
    }

    private static func digits(_ label: Value?) -> [UInt8] {
        guard case .string(let text)? = label else { return [] }
        return text.utf8.map { $0 &- UInt8(ascii: "a") }
    }

    private static func text(_ digits: [UInt8]) -> Value {
        .string(String(decoding: digits.map { $0 &+ UInt8(ascii: "a") }, as: UTF8.self))
    }
}
