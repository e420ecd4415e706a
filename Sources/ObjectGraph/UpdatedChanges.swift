/// The changed keys of every updated object of a change event, in one list: the changes of the
/// updated object at position `i` are `self[i]`, in attribute order (possibly none).
///
/// The notification and the undo record share it. One `[ValueChange]` per updated object would be
/// an allocation per object (docs/performance.md, "The context's event").
struct UpdatedChanges {
    /// Every object's changes, object after object.
    private(set) var changes: [ValueChange] = []
    /// Where each object's changes end in `changes`.
    private(set) var ends: [Int] = []

    init() {}

    /// The number of objects.
    var count: Int { ends.count }

    mutating func reserveCapacity(objects: Int, changes count: Int) {
        ends.reserveCapacity(objects)
        changes.reserveCapacity(count)
    }

    /// The changes of object `index`.
    subscript(index: Int) -> ArraySlice<ValueChange> {
        changes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Appends a change of the object being added (`endObject()` ends it).
    mutating func appendChange(_ change: ValueChange) {
        changes.append(change)
    }

    /// Puts the changes appended since the last end (the object being added) in attribute
    /// order, in place: an insertion sort, as an object has few.
    mutating func sortLastObject() {
        let start = ends.last ?? 0
        guard changes.count - start > 1 else { return }
        for i in (start + 1)..<changes.count {
            var j = i
            while j > start, changes[j - 1].index > changes[j].index {
                changes.swapAt(j - 1, j)
                j -= 1
            }
        }
    }

    /// Ends the object being added: the changes appended since the last end are its.
    mutating func endObject() {
        ends.append(changes.count)
    }

    /// Appends an object with `list` as its changes.
    mutating func append(_ list: [ValueChange]) {
        changes.append(contentsOf: list)
        endObject()
    }

    /// The same objects with each change's old and new values exchanged (what undo applies).
    var inverted: UpdatedChanges {
        var inverse = self
        inverse.changes = changes.map {
            ValueChange(key: $0.key, index: $0.index, oldValue: $0.newValue, newValue: $0.oldValue)
        }
        return inverse
    }
}
