import ObjectGraph

/// The switches of an adapter, settable at run time with `adapter NAME option=value …`.
public struct AdapterOptions: Equatable, Sendable, CustomStringConvertible {
    /// How a move is shown.
    public var moves: MovePolicy = .deleteInsert
    /// How an update is shown.
    public var updates: UpdatePolicy
    /// What the adapter does with the callbacks of the user's own drag.
    public var userDriven: UserDrivenPolicy
    /// Above this many changes in one event the coordinator reloads everything; nil for never.
    public var threshold: Int?
    /// While paused the coordinator ignores changes; resuming refetches and reloads.
    public var isPaused = false
    /// The diffable adapter only: the attribute whose value identifies an item (`items=KEY`),
    /// as an app that builds its snapshot from values does; nil for the object ID (`items=object`).
    public var itemKey: String?
    /// The diffable adapter only: the whole-event callback the app implements (`delegate=…`).
    public var delivery = DiffableDelivery.snapshot
    /// The diffable adapter only: what `reorderingHandlers.canReorderItem` answers for every item
    /// (`canreorder=true|false`); false refuses every drag.
    public var canReorderItems = true
    /// The coordinator only: which sections a row change is filtered against (`sectionfilter=`).
    public var sectionFilter = SectionFilter.event
    /// The diffable adapter only: whether the app applies the controller's snapshot as it is or
    /// rebuilds its own from it, leaving the reload marks behind (`snapshot=as-is|rebuilt`).
    public var snapshot = DiffableSnapshotUse.asIs

    /// The defaults of `kind`, each as its source writes it: Apple's template reconfigures at the
    /// old path and bypasses every callback of a user-driven change (its "User-Driven Updates"
    /// sample); the coordinator configures the changed object's cell inside the batch, as
    /// FetchedResultsCoordinator does with a `cellConfigurator` (its README's usage), and bypasses
    /// only the moves of a drag; reload-all has no per-change policy to speak of.
    public init(for kind: AdapterKind) {
        switch kind {
        case .appleTemplate:
            updates = .reconfigure
            userDriven = .skipAll
        case .coordinator:
            updates = .reconfigureInBatch
            userDriven = .skipMoves
        case .reloadAll:
            updates = .reconfigureAfter
            userDriven = .skipMoves
        // The template configures the changed object's own cell inside the batch, moves with
        // `moveRow` and has no user-driven flag.
        case .xcodeTemplate:
            moves = .moveRow
            updates = .reconfigureInBatch
            userDriven = .off
        // The snapshot alone: nothing is reconfigured (docs/semantics.md rule D2).
        case .diffable:
            updates = .ignore
            userDriven = .skipMoves
        }
    }

    /// `moves=delete-insert updates=reconfigure-in-batch userdriven=skip-moves threshold=off paused=false`.
    public var description: String {
        "moves=\(moves.rawValue) updates=\(updates.rawValue) userdriven=\(userDriven.rawValue) "
            + "threshold=\(threshold.map(String.init) ?? "off") paused=\(isPaused)"
            + (itemKey.map { " items=\($0)" } ?? "")
            + (delivery == .snapshot ? "" : " delegate=\(delivery.rawValue)")
            + (canReorderItems ? "" : " canreorder=false")
            + (snapshot == .asIs ? "" : " snapshot=\(snapshot.rawValue)")
            + (sectionFilter == .event ? "" : " sectionfilter=\(sectionFilter.rawValue)")
    }
}

/// What went wrong configuring an adapter or a user drag, worded for the person who typed it.
///
/// ```swift
/// do {
///     _ = try ListDataSource(controller: controller, indexKey: "title")  // the list is sorted by group, order
/// } catch {
///     print(error)  // index attribute 'title' must be what the list is sorted by: sort by 'group, title'
///                   // (then any tie-breakers), not 'group, order'
/// }
/// ```
public enum AdapterError: Error, Equatable, Sendable, CustomStringConvertible {
    case noIndexAttribute
    case invalidIndexAttribute(String)
    /// The list is not sorted by (section key, index key, …): a drag could not keep its order.
    case indexNotSorted(String, expected: [String], actual: [String])
    /// The strategy cannot keep its keys in an attribute of this type.
    case strategyNeedsType(ReorderStrategy, key: String, type: AttributeType)
    /// A drop into a section whose section key value cannot be told (an empty table section).
    case unknownSectionValue(Int)
    /// A drag could not write a section key that goes through a relationship (`list.name`).
    case sectionKeyPathNotWritable(String)

    public var description: String {
        switch self {
        case .noIndexAttribute:
            "the fetch has no index attribute to renumber; use 'fetch … index KEY'"
        case .invalidIndexAttribute(let key):
            "index attribute '\(key)' must be an int, double or string attribute of the fetched entity"
        case .indexNotSorted(let key, let expected, let actual):
            "index attribute '\(key)' must be what the list is sorted by: sort by '\(expected.joined(separator: ", "))' "
                + "(then any tie-breakers), not '\(actual.joined(separator: ", "))'"
        case .strategyNeedsType(let strategy, let key, let type):
            "'reorder \(strategy)' needs \(strategy.requiredType) index attribute; '\(key)' is \(type)"
        case .unknownSectionValue(let section):
            "cannot tell which section key value the empty section \(section) stands for"
        case .sectionKeyPathNotWritable(let key):
            "a drag cannot write section key '\(key)', which goes through a relationship; drop 'index' or section by an attribute"
        }
    }
}
