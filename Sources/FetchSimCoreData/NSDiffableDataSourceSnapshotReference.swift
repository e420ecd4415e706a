/// The untyped snapshot, as UIKit's `NSDiffableDataSourceSnapshotReference`: what
/// `controller(_:didChangeContentWith:)` receives from a fetched results controller, with section
/// names (`String`) and object IDs (`NSManagedObjectID`) as identifiers.
///
/// On iOS an app bridges it with `as`; Swift on Linux has no bridging casts, so the typed
/// snapshot is built with an initializer instead — the one edit such code needs:
///
/// ```swift
/// // iOS:   let snapshot = snapshot as NSDiffableDataSourceSnapshot<String, NSManagedObjectID>
/// let snapshot = NSDiffableDataSourceSnapshot<String, NSManagedObjectID>(snapshot)
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
///
/// Identifiers are `Any`, as Objective-C's `id`; each must be `Hashable` (an identifier that is
/// not raises `NSInvalidArgumentException`, recorded, and is left out).
open class NSDiffableDataSourceSnapshotReference: NSObject, @unchecked Sendable {
    // `@unchecked`: as UIKit's class, a reference snapshot is built on one thread and handed on;
    // its state is Sendable values replaced only through its own methods (the untyped form is
    // made on the first read, by the thread that holds the snapshot).

    /// The typed snapshot this one was made from, while it is unchanged: the typed initializer
    /// hands it back as it is, as UIKit's bridging cast does, where converting it would rebuild
    /// every identifier twice (a fetched results controller delivers one snapshot per change).
    private var origin: (any UntypedConvertible)?
    /// The untyped form, made from `origin` on first need.
    private var untyped: NSDiffableDataSourceSnapshot<ReferenceIdentifier, ReferenceIdentifier>?

    /// The typed snapshot this one forwards to.
    package var storage: NSDiffableDataSourceSnapshot<ReferenceIdentifier, ReferenceIdentifier> {
        if let untyped { return untyped }
        let made = origin?.untypedSnapshot() ?? .init()
        untyped = made
        return made
    }

    /// Changes the untyped form; the snapshot no longer is its origin.
    private func update(
        _ change: (inout NSDiffableDataSourceSnapshot<ReferenceIdentifier, ReferenceIdentifier>) -> Void
    ) {
        var snapshot = storage
        // Released before the change, so that the change does not copy the snapshot's storage.
        untyped = nil
        origin = nil
        change(&snapshot)
        untyped = snapshot
    }

    /// An empty snapshot.
    public override init() { untyped = .init() }

    /// The untyped form of `snapshot` (UIKit's `snapshot as NSDiffableDataSourceSnapshotReference`).
    public init<S, I>(_ snapshot: NSDiffableDataSourceSnapshot<S, I>) {
        origin = snapshot
    }

    /// `origin` when it is a snapshot of `S` and `I`.
    fileprivate func origin<S, I>(as type: Typed<S, I>.Type) -> Typed<S, I>? { origin as? Typed<S, I> }

    fileprivate typealias Typed<S: Hashable & Sendable, I: Hashable & Sendable> = NSDiffableDataSourceSnapshot<S, I>

    /// What UIKit would have raised on this snapshot (FetchSim's addition).
    public var raisedExceptions: ExceptionLog { storage.raisedExceptions }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSDiffableDataSourceSnapshotReference else { return false }
        return other === self || other.storage == storage
    }

    open override var hash: Int { ObjectIdentifier(self).hashValue }

    private func hashable(_ identifiers: [Any]) -> [ReferenceIdentifier]? {
        var result: [ReferenceIdentifier] = []
        for identifier in identifiers {
            guard let hashable = (identifier as? AnyHashable).map(ReferenceIdentifier.init) else {
                storage.raisedExceptions.raise(
                    .invalidArgumentException, reason: "identifier \(identifier) is not Hashable")
                return nil
            }
            result.append(hashable)
        }
        return result
    }

    private func hashable(_ identifier: Any) -> ReferenceIdentifier? { hashable([identifier])?.first }

    // MARK: Reading

    public var numberOfItems: Int { storage.numberOfItems }
    public var numberOfSections: Int { storage.numberOfSections }
    public var sectionIdentifiers: [Any] { storage.sectionIdentifiers.map(\.base) }
    public var itemIdentifiers: [Any] { storage.itemIdentifiers.map(\.base) }
    public var reloadedItemIdentifiers: [Any] { storage.reloadedItemIdentifiers.map(\.base) }
    public var reconfiguredItemIdentifiers: [Any] { storage.reconfiguredItemIdentifiers.map(\.base) }
    public var reloadedSectionIdentifiers: [Any] { storage.reloadedSectionIdentifiers.map(\.base) }

    public func numberOfItems(inSection sectionIdentifier: Any) -> Int {
        hashable(sectionIdentifier).map { storage.numberOfItems(inSection: $0) } ?? 0
    }

    public func itemIdentifiersInSection(withIdentifier sectionIdentifier: Any) -> [Any] {
        hashable(sectionIdentifier).map { storage.itemIdentifiers(inSection: $0).map(\.base) } ?? []
    }

    public func sectionIdentifierForSectionContainingItem(withIdentifier itemIdentifier: Any) -> Any? {
        hashable(itemIdentifier).flatMap { storage.sectionIdentifier(containingItem: $0)?.base }
    }

    /// The item's index across sections, or `NSNotFound`.
    public func index(ofItemIdentifier itemIdentifier: Any) -> Int {
        hashable(itemIdentifier).flatMap { storage.indexOfItem($0) } ?? NSNotFound
    }

    /// The section's index, or `NSNotFound`.
    public func index(ofSectionIdentifier sectionIdentifier: Any) -> Int {
        hashable(sectionIdentifier).flatMap { storage.indexOfSection($0) } ?? NSNotFound
    }

    // MARK: Items

    public func appendItems(withIdentifiers identifiers: [Any]) {
        if let items = hashable(identifiers) { update { $0.appendItems(items) } }
    }

    public func appendItems(withIdentifiers identifiers: [Any], intoSectionWithIdentifier sectionIdentifier: Any) {
        if let items = hashable(identifiers), let section = hashable(sectionIdentifier) {
            update { $0.appendItems(items, toSection: section) }
        }
    }

    public func insertItems(withIdentifiers identifiers: [Any], beforeItemWithIdentifier itemIdentifier: Any) {
        if let items = hashable(identifiers), let next = hashable(itemIdentifier) {
            update { $0.insertItems(items, beforeItem: next) }
        }
    }

    public func insertItems(withIdentifiers identifiers: [Any], afterItemWithIdentifier itemIdentifier: Any) {
        if let items = hashable(identifiers), let next = hashable(itemIdentifier) {
            update { $0.insertItems(items, afterItem: next) }
        }
    }

    public func deleteItems(withIdentifiers identifiers: [Any]) {
        if let items = hashable(identifiers) { update { $0.deleteItems(items) } }
    }

    public func deleteAllItems() { update { $0.deleteAllItems() } }

    public func moveItem(withIdentifier fromIdentifier: Any, beforeItemWithIdentifier toIdentifier: Any) {
        if let from = hashable(fromIdentifier), let to = hashable(toIdentifier) {
            update { $0.moveItem(from, beforeItem: to) }
        }
    }

    public func moveItem(withIdentifier fromIdentifier: Any, afterItemWithIdentifier toIdentifier: Any) {
        if let from = hashable(fromIdentifier), let to = hashable(toIdentifier) {
            update { $0.moveItem(from, afterItem: to) }
        }
    }

    public func reloadItems(withIdentifiers identifiers: [Any]) {
        if let items = hashable(identifiers) { update { $0.reloadItems(items) } }
    }

    public func reconfigureItems(withIdentifiers identifiers: [Any]) {
        if let items = hashable(identifiers) { update { $0.reconfigureItems(items) } }
    }

    // MARK: Sections

    public func appendSections(withIdentifiers sectionIdentifiers: [Any]) {
        if let sections = hashable(sectionIdentifiers) { update { $0.appendSections(sections) } }
    }

    public func insertSections(
        withIdentifiers sectionIdentifiers: [Any], beforeSectionWithIdentifier toSectionIdentifier: Any
    ) {
        if let sections = hashable(sectionIdentifiers), let next = hashable(toSectionIdentifier) {
            update { $0.insertSections(sections, beforeSection: next) }
        }
    }

    public func insertSections(
        withIdentifiers sectionIdentifiers: [Any], afterSectionWithIdentifier toSectionIdentifier: Any
    ) {
        if let sections = hashable(sectionIdentifiers), let next = hashable(toSectionIdentifier) {
            update { $0.insertSections(sections, afterSection: next) }
        }
    }

    public func deleteSections(withIdentifiers sectionIdentifiers: [Any]) {
        if let sections = hashable(sectionIdentifiers) { update { $0.deleteSections(sections) } }
    }

    public func moveSection(
        withIdentifier fromSectionIdentifier: Any, beforeSectionWithIdentifier toSectionIdentifier: Any
    ) {
        if let from = hashable(fromSectionIdentifier), let to = hashable(toSectionIdentifier) {
            update { $0.moveSection(from, beforeSection: to) }
        }
    }

    public func moveSection(
        withIdentifier fromSectionIdentifier: Any, afterSectionWithIdentifier toSectionIdentifier: Any
    ) {
        if let from = hashable(fromSectionIdentifier), let to = hashable(toSectionIdentifier) {
            update { $0.moveSection(from, afterSection: to) }
        }
    }

    public func reloadSections(withIdentifiers sectionIdentifiers: [Any]) {
        if let sections = hashable(sectionIdentifiers) { update { $0.reloadSections(sections) } }
    }
}

extension NSDiffableDataSourceSnapshot {
    /// The typed form of an untyped snapshot — on iOS, `reference as NSDiffableDataSourceSnapshot<…>`.
    ///
    /// Every identifier must have the type named (as the bridging cast requires); one that does
    /// not is a programming error and stops the program with a message naming it and the type.
    public init(_ reference: NSDiffableDataSourceSnapshotReference) {
        if let origin = reference.origin(as: Self.self) {
            // What the conversion below makes of it: the same identifiers and marks, a new log.
            self = origin.copyWithNewLog()
            return
        }
        let source = reference.storage
        func cast<T>(_ identifier: ReferenceIdentifier, _: T.Type) -> T {
            guard let typed = identifier.base as? T else {
                preconditionFailure(
                    "NSDiffableDataSourceSnapshot: identifier \(identifier.base) is a \(type(of: identifier.base)), not a \(T.self); name the snapshot's types as the controller delivers them (String, NSManagedObjectID)"
                )
            }
            return typed
        }
        self.init(
            uncheckedSections: source.sectionIdentifiers.map { section in
                (cast(section, S.self), source.itemIdentifiers(inSection: section).map { cast($0, I.self) })
            })
        reloadItems(source.reloadedItemIdentifiers.map { cast($0, I.self) })
        reconfigureItems(source.reconfiguredItemIdentifiers.map { cast($0, I.self) })
        reloadSections(source.reloadedSectionIdentifiers.map { cast($0, S.self) })
    }
}

/// A typed snapshot, as the untyped one holds it.
protocol UntypedConvertible: Sendable {
    /// The snapshot with every identifier as a `ReferenceIdentifier`, marks included, and a new log.
    func untypedSnapshot() -> NSDiffableDataSourceSnapshot<ReferenceIdentifier, ReferenceIdentifier>
}

extension NSDiffableDataSourceSnapshot: UntypedConvertible {
    func untypedSnapshot() -> NSDiffableDataSourceSnapshot<ReferenceIdentifier, ReferenceIdentifier> {
        var untyped = NSDiffableDataSourceSnapshot<ReferenceIdentifier, ReferenceIdentifier>(
            uncheckedSections: sectionIdentifiers.map { section in
                (ReferenceIdentifier(section), itemIdentifiers(inSection: section).map { ReferenceIdentifier($0) })
            }
        )
        untyped.reloadItems(reloadedItemIdentifiers.map { ReferenceIdentifier($0) })
        untyped.reconfigureItems(reconfiguredItemIdentifiers.map { ReferenceIdentifier($0) })
        untyped.reloadSections(reloadedSectionIdentifiers.map { ReferenceIdentifier($0) })
        return untyped
    }
}

/// An identifier of the untyped snapshot: Objective-C's `id`, hashable.
///
/// `@unchecked Sendable`: `AnyHashable` is not Sendable, but the identifiers a snapshot holds are
/// immutable values (section names, object IDs) that UIKit hands between threads the same way.
package struct ReferenceIdentifier: Hashable, @unchecked Sendable, CustomStringConvertible {
    package let hashable: AnyHashable
    package init(_ hashable: AnyHashable) { self.hashable = hashable }
    package init<T: Hashable>(_ value: T) { hashable = AnyHashable(value) }
    package var base: Any { hashable.base }
    package var description: String { "\(hashable.base)" }
}
