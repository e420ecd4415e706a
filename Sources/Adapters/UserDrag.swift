import FetchSimCore
import ObjectGraph

/// The user's drags of one change event, as the data source hands them to the delegate: where
/// each row was dropped, and which objects the write-back wrote (the dragged one and every object
/// it renumbered). Apple's `changeIsUserDriven` is a bare flag; this value is the flag with what
/// the app knows when it sets it, so that the delegate can tell the changes the drag caused — and
/// the table already shows — from the others of the same run-loop turn: a background merge, a
/// timer's edit (docs/semantics.md, "A drag mixed with other changes").
///
/// ```swift
/// var drag = UserDrag()
/// drag.add(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0), wrote: [ObjectID(4), ObjectID(1)])
/// drag.tablePath(forOldPath: IndexPath(row: 0, section: 0))  // [0, 1]: the drop pushed it down
/// ```
public struct UserDrag: Equatable, Sendable {
    /// One drop: the row's index path before it and after it, numbered as UIKit hands them to
    /// `tableView(_:moveRowAt:to:)` (the destination counted with the row lifted out).
    ///
    /// ```swift
    /// drag.add(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0), wrote: [ObjectID(4)])
    /// drag.drops.map(\.to)  // [[0, 0]]
    /// ```
    public struct Drop: Equatable, Sendable {
        /// Where the row was.
        public var from: IndexPath
        /// Where the user dropped it.
        public var to: IndexPath
    }

    /// The drops in the order the user made them.
    public private(set) var drops: [Drop] = []
    /// The objects the drags placed — each dragged object, written or not, and every object its
    /// write-back wrote: their changes are the drags' own.
    public private(set) var objects: Set<ObjectID> = []

    /// No drop yet.
    public init() {}

    /// Records a drop from `from` to `to` whose write-back wrote `wrote`.
    public mutating func add(from: IndexPath, to: IndexPath, wrote: some Sequence<ObjectID>) {
        drops.append(Drop(from: from, to: to))
        objects.formUnion(wrote)
    }

    /// Whether the drags wrote the object `id`.
    public func wrote(_ id: ObjectID) -> Bool { objects.contains(id) }

    /// Where the table shows, after the drops, the row it showed at `path` before them — the
    /// controller's old index path of an object, when the table was in step with the controller
    /// before the drag. Each drop takes its row out (the rows below it in its section move up)
    /// and puts it in at its destination (the rows from there down move down).
    public func tablePath(forOldPath path: IndexPath) -> IndexPath {
        var path = path
        for drop in drops {
            if path == drop.from {
                path = drop.to
                continue
            }
            var row = path.row
            if path.section == drop.from.section, row > drop.from.row { row -= 1 }
            if path.section == drop.to.section, row >= drop.to.row { row += 1 }
            path = IndexPath(row: row, section: path.section)
        }
        return path
    }
}
