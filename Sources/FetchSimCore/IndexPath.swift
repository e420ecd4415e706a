/// A position in a sectioned list: a zero-based section and a zero-based row within it.
///
/// Like UIKit's `IndexPath(row:section:)`. It orders section first, then row, and prints as
/// Apple's debugger does (`[0, 2]`); `shortDescription` gives the `S.R` form the REPL uses.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.row < rhs.row
    }

    /// `[S, R]`, as Apple prints an `IndexPath`.
    public var description: String { "[\(section), \(row)]" }

    /// `S.R`, as the REPL reads and writes index paths.
    public var shortDescription: String { "\(section).\(row)" }
}
