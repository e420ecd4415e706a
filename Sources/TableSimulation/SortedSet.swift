import FetchSimCore

/// The index paths or section indexes of one kind in a batch, each once, in ascending order — what
/// UIKit's index sets hold. A batch names a handful of each: a sorted array beats hashing them into
/// a `Set` (Foundation's `IndexPath` hashes through its storage enum, path by path).
struct SortedSet<Element: Comparable>: Sequence {
    private(set) var elements: [Element] = []
    /// Whether `append` added elements since the last `normalize()`.
    private var isNormalized = true

    /// Adds `items`; call `normalize()` before reading.
    mutating func append(contentsOf items: some Sequence<Element>) {
        elements.append(contentsOf: items)
        isNormalized = false
    }

    /// Sorts and drops repeats (O(n log n) once, for a batch of any size).
    mutating func normalize() {
        guard !isNormalized else { return }
        isNormalized = true
        guard elements.count > 1 else { return }
        elements.sort()
        var kept = 1
        for index in 1..<elements.count where elements[index] != elements[kept - 1] {
            elements[kept] = elements[index]
            kept += 1
        }
        elements.removeLast(elements.count - kept)
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }

    /// - Complexity: O(log n).
    func contains(_ element: Element) -> Bool {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low < elements.count && elements[low] == element
    }

    func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}

/// A row's position as two plain integers, ordered section first as `IndexPath` is: cheap to
/// compare, with no storage enum to go through.
struct RowKey: Comparable, Hashable {
    var section: Int
    var row: Int

    init(_ path: IndexPath) {
        section = path.section
        row = path.row
    }

    init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    var path: IndexPath { IndexPath(row: row, section: section) }

    static func < (a: RowKey, b: RowKey) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }
}
