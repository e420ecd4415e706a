import ObjectGraph

/// A fetched object as the controller's tree holds it: the object and a snapshot of its sort key
/// taken when it entered the tree, so it can still be found after its values change.
struct ResultEntry {
    let object: ManagedObject
    let key: [Value]
}

/// Orders entries by the sort descriptors, then by object ID (ascending, whatever the direction).
struct EntryOrdering: TreeOrdering {
    let ascending: [Bool]

    @inline(__always)
    func areInIncreasingOrder(_ lhs: ResultEntry, _ rhs: ResultEntry) -> Bool {
        for i in 0..<ascending.count {
            let c = Value.compare(lhs.key[i], rhs.key[i])
            if c != 0 { return ascending[i] ? c < 0 : c > 0 }
        }
        return lhs.object.objectID < rhs.object.objectID
    }
}

/// A section as the controller's section tree holds it: the section key value; its weight in the
/// tree is the number of objects in the section.
struct SectionEntry {
    let value: Value
}

/// Orders sections as the first sort descriptor orders their objects.
struct SectionOrdering: TreeOrdering {
    let ascending: Bool

    @inline(__always)
    func areInIncreasingOrder(_ lhs: SectionEntry, _ rhs: SectionEntry) -> Bool {
        let c = Value.compare(lhs.value, rhs.value)
        return ascending ? c < 0 : c > 0
    }
}

extension Value {
    /// The section name a section key value gives: its text, and `""` for nil.
    var sectionName: String {
        isNull ? "" : description
    }
}
