#if canImport(FoundationEssentials)
@_exported import struct FoundationEssentials.IndexPath
#else
@_exported import struct Foundation.IndexPath
#endif

/// A position in a sectioned list is Foundation's `IndexPath` with two elements, a zero-based
/// section and a zero-based row within it — extended here exactly as UIKit extends it.
///
/// Being Foundation's own type (not a look-alike), `IndexPath` means the same thing in a file that
/// imports Foundation and FetchSim's modules together: no ambiguity, and a delegate written with
/// Foundation in scope matches FetchSim's protocols. It orders section first, then row, and prints
/// as Apple's debugger does (`[0, 2]`); `shortDescription` gives the `S.R` form the REPL uses.
///
/// ```swift
/// let path = IndexPath(row: 2, section: 0)
/// (path.section, path.row)              // (0, 2)
/// path.shortDescription                 // "0.2"
/// IndexPath(row: 0, section: 1) > path  // true: section first, then row
/// IndexPath(item: 2, section: 0) == path // true: a collection view's item is the row
/// ```
extension IndexPath {
    /// An index path for `row` in `section`, as UIKit's `IndexPath(row:section:)`.
    ///
    /// Built element by element, which keeps the two indexes inline in Foundation's storage
    /// without allocating the array `init(indexes:)` takes.
    @inlinable
    public init(row: Int, section: Int) {
        self.init(index: section)
        append(row)
    }

    /// The section: the first element. The index path must have two elements.
    @inlinable
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row within the section: the second element. The index path must have two elements.
    @inlinable
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// An index path for `item` in `section`, as UIKit's `IndexPath(item:section:)` for
    /// collection views: the same two elements as `IndexPath(row:section:)`.
    @inlinable
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The item within the section, as collection views name the second element: the same
    /// element as `row`. The index path must have two elements.
    @inlinable
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// `S.R`, as the REPL reads and writes index paths.
    public var shortDescription: String { "\(section).\(row)" }
}
