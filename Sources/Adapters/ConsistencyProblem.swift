/// One difference the consistency check found between the table and the controller: its kind,
/// and where and what it is in words (the `description`, as `check` prints it).
///
/// ```swift
/// try context.setValue(.string("Oat milk"), forKey: "title", of: milk.objectID)  // the table is not told
/// let problem = ConsistencyCheck(table: table, dataSource: dataSource).run().first
/// problem?.kind         // .staleCell
/// problem?.description  // row 0.0 shows a stale cell for #1: "Milk | Groceries | 0" but it
///                       // should show "Oat milk | Groceries | 0"
/// ```
public struct ConsistencyProblem: Hashable, Sendable, CustomStringConvertible {
    /// What kind of difference it is; the raw value is the name `fetchsim fuzz` reports. A test
    /// asserts the kind rather than the wording.
    ///
    /// ```swift
    /// #expect(check.run().map(\.kind) == [.staleCell])
    /// ConsistencyProblem.Kind.staleCell.rawValue  // "stale cell"
    /// ```
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The table has a different number of sections than the controller.
        case sectionCount = "section count"
        /// A section header differs from the controller's section name.
        case sectionTitle = "section title"
        /// A section has a different number of rows than the controller has objects in it.
        case rowCount = "row count"
        /// The table shows a row past the controller's last one in its section.
        case extraRow = "extra row"
        /// A row shows a different object than the controller has at its index path.
        case wrongRow = "wrong row"
        /// The row is right but its cell shows another object.
        case wrongCell = "wrong cell"
        /// The cell shows the right object with old values.
        case staleCell = "stale cell"
        /// The controller's own objects are out of sort order.
        case order
        /// Not a difference: how many more the check found past its `limit`.
        case omitted
        /// The controller disagrees with a fresh fetch: the store changed without a change event
        /// (a batch request, an unmerged save of another context).
        case staleResults = "stale results"
        /// Another controller's adapter failed on its table, or drove a table that was closed.
        case otherTable = "other table"
    }

    /// What kind of difference it is.
    public let kind: Kind
    /// The problem in words, e.g. `row 0.1 shows #3 "Bread" but the controller has #4 "Coffee" there`.
    public let description: String

    /// A problem of `kind`, described in words.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
