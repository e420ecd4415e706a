import FetchSimCore
import FetchSimStorage
import ObjectGraph

/// Puts together the sections of the results while the linear change path emits them in their
/// new order, and works out which sections the event inserted and deleted.
///
/// An object that stays (keeps its key) brings the index of its old section: two staying objects
/// side by side share a section exactly when they shared one before, so no value is compared for
/// them. Only next to an entering object are two section values compared. Each new section
/// remembers the old section it continues (one of its objects stayed), so that old sections and
/// new ones are matched without hashing; a section made only of entering objects is looked up
/// among the old ones by binary search.
/// - Complexity: O(n + k + s log s) for n objects, k of them entering, and s sections.
struct SectionAssembler {
    /// The old sections' values and states, in order.
    private let oldValues: [Value]
    private let oldStates: [SectionState?]
    /// The new sections, their object counts and the old section each continues (nil: none).
    private(set) var sections: [SectionEntry] = []
    private(set) var counts: [Int] = []
    private(set) var continued: [Int?] = []
    /// The section being assembled: its value, the old section it continues, its objects' IDs.
    private var value = Value.null
    private var oldIndex: Int?
    private var ids = SequenceFingerprint.Builder()
    private var idCount = 0
    private var isOpen = false
    /// The old section of the last object added (nil when it was an entering one).
    private var previousOld: Int?
    /// The global rank of the first object of the section being assembled.
    private(set) var start = 0
    private var added = 0

    init(oldValues: [Value], oldStates: [SectionState?]) {
        self.oldValues = oldValues
        self.oldStates = oldStates
        sections.reserveCapacity(oldValues.count + 1)
    }

    /// The index the section being assembled will have.
    var index: Int { sections.count }

    /// Adds a staying object of old section `oldSection`.
    @inline(__always)
    mutating func addStaying(_ id: Int, oldSection: Int) {
        if !isOpen {
            open(oldValues[oldSection], continuing: oldSection)
        } else if let previousOld {
            if previousOld != oldSection { open(oldValues[oldSection], continuing: oldSection) }
        } else if Value.compare(value, oldValues[oldSection]) != 0 {
            open(oldValues[oldSection], continuing: oldSection)
        } else if oldIndex == nil {
            oldIndex = oldSection
        }
        previousOld = oldSection
        ids.append(id)
        idCount += 1
        added += 1
    }

    /// Adds the objects of `run`, staying objects of old section `oldSection`, in order.
    mutating func addStaying(_ run: Span<ResultEntry>, oldSection: Int) {
        guard !run.isEmpty else { return }
        addStaying(run[0].objectID.rawValue, oldSection: oldSection)
        for index in 1..<run.count { ids.append(run[index].objectID.rawValue) }
        idCount += run.count - 1
        added += run.count - 1
    }

    /// Adds an entering object whose section value (its section identity) is `section`.
    mutating func addEntering(_ id: Int, section: Value) {
        if !isOpen || Value.compare(value, section) != 0 { open(section, continuing: nil) }
        previousOld = nil
        ids.append(id)
        idCount += 1
        added += 1
    }

    /// Closes the section being assembled (if any) and opens one for `value`.
    private mutating func open(_ value: Value, continuing old: Int?) {
        close()
        self.value = value
        oldIndex = old
        isOpen = true
        start = added
    }

    private mutating func close() {
        guard isOpen else { return }
        let fingerprint = ids.fingerprint
        let state: SectionState
        if let oldIndex, let old = oldStates[oldIndex] {
            state = old
            state.fingerprint = fingerprint
        } else {
            state = SectionState(fingerprint: fingerprint)
        }
        sections.append(SectionEntry(value: value, state: state))
        counts.append(idCount)
        continued.append(oldIndex)
        ids = SequenceFingerprint.Builder()
        idCount = 0
        isOpen = false
    }

    /// Closes the last section.
    mutating func finish() {
        close()
    }

    /// The old indexes of the sections that no longer exist and the new indexes of the sections
    /// that did not exist, both ascending. `ordering` orders the sections (old and new alike).
    func insertsAndDeletes(ordering: SectionOrdering) -> (deleted: [Int], inserted: [Int]) {
        var matched = [Bool](repeating: false, count: oldValues.count)
        var inserted: [Int] = []
        for (index, old) in continued.enumerated() {
            if let old {
                matched[old] = true
            } else if let old = oldIndex(of: sections[index].value, ordering: ordering) {
                matched[old] = true
            } else {
                inserted.append(index)
            }
        }
        return (matched.indices.filter { !matched[$0] }, inserted)
    }

    /// The index of the old section whose value is `value`, by binary search.
    private func oldIndex(of value: Value, ordering: SectionOrdering) -> Int? {
        var lo = 0
        var hi = oldValues.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let c = Value.compare(oldValues[mid], value)
            if c == 0 { return mid }
            if ordering.ascending ? c < 0 : c > 0 { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The old section values (for naming deleted sections).
    func oldValue(at index: Int) -> Value { oldValues[index] }
}
