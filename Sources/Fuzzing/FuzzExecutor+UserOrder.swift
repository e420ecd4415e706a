import FetchSimCore
import Interpreter
import ObjectGraph

/// The invariant a drag must keep (docs/reorder.md): afterwards the full, unfiltered order of
/// every section — all objects, hidden ones too, sorted by `order` in the list's direction and
/// then by ID — is the order before the drag with the dragged object taken out and put directly
/// after the row the table showed above the drop (at the top: directly before the row below).
/// The fuzzer keeps that order itself, from the objects, without asking the data source.
extension FuzzExecutor {
    /// Each section's objects by group name.
    typealias FullOrder = [String: [ObjectID]]

    /// The full order the user produces with `line` if it is a drag, read before it runs.
    /// `known`: the drag's `paths(of:)` in the table as it is now, when the caller has them
    /// (rendering the line found them: each costs two searches of the table).
    func userOrder(after line: FuzzLine, paths known: (from: IndexPath, to: IndexPath)? = nil) -> (
        order: FullOrder, moved: ObjectID
    )? {
        guard case .move(let drag) = line, let (from, to) = known ?? paths(of: drag), let table = workspace.table,
            let moved = table.rowIdentifier(at: from).map(ObjectID.init),
            let object = workspace.context.object(with: moved)
        else { return nil }
        var rows = table.rowIdentifiers(inSection: to.section).map(ObjectID.init)
        if from.section == to.section { rows.remove(at: from.row) }
        let above = to.row > 0 ? rows[to.row - 1] : nil
        let below = to.row < rows.count ? rows[to.row] : nil
        let context = workspace.context
        guard
            let group = (above ?? below).flatMap({ context.object(with: $0) }).map({
                FuzzFieldReader.sectionKey($0[names.section])
            })
                ?? (from.section == to.section ? FuzzFieldReader.sectionKey(object[names.section]) : nil)
        else { return nil }
        // Every section's list without the dragged object, then the object put back beside
        // the row it was dropped next to; a section left empty is no section.
        var order = fullOrder().mapValues { ids in ids.filter { $0 != moved } }
        var list = order[group] ?? []
        if let above, let index = list.firstIndex(of: above) {
            list.insert(moved, at: index + 1)
        } else if let below, let index = list.firstIndex(of: below) {
            list.insert(moved, at: index)
        } else {
            list.append(moved)
        }
        order[group] = list
        return (order.filter { !$0.value.isEmpty }, moved)
    }

    /// Every section's objects sorted by `order` (in the list's direction, with
    /// `Value.compare`), then by ID; a section is a `group` value, and holds hidden objects too.
    func fullOrder() -> FullOrder {
        let context = workspace.context
        let keys = names
        guard let entity = context.schema.entity(named: keys.entity),
            entity.index(of: keys.section) != nil, entity.index(of: keys.index) != nil
        else { return [:] }
        let ascending = workspace.dataSource?.sortsIndexAscending ?? true
        // Each object's `order` is read once, before the sort: the sort compares n log n pairs,
        // and a read looks the attribute up by name.
        var sections: [String: [OrderedObject]] = [:]
        for object in context.objects(ofEntity: keys.entity) {
            sections[FuzzFieldReader.sectionKey(object[keys.section]), default: []].append(
                OrderedObject(order: object[keys.index], id: object.objectID))
        }
        return sections.mapValues { objects in
            objects.sorted { a, b in
                let c = Value.compare(a.order, b.order)
                return c != 0 ? (ascending ? c < 0 : c > 0) : a.id < b.id
            }.map(\.id)
        }
    }

    /// An object's `order` value and ID, as `fullOrder()` sorts them.
    struct OrderedObject {
        let order: Value
        let id: ObjectID
    }

    /// The failure when the order after the drag is not `expected` (the first section that
    /// differs, by name), or when the dragged object shares its `order` with a neighbour (its
    /// place would then hang on its ID).
    func lostOrder(expected: (order: FullOrder, moved: ObjectID)) -> FuzzFailure? {
        let actual = fullOrder()
        for group in Set(actual.keys).union(expected.order.keys).sorted()
        where actual[group] ?? [] != expected.order[group] ?? [] {
            let text = { (ids: [ObjectID]) in ids.map(\.description).joined(separator: " ") }
            return FuzzFailure(
                kind: .userOrder,
                message: "section \"\(group)\": the user made "
                    + "\(text(expected.order[group] ?? [])), the full order is \(text(actual[group] ?? []))")
        }
        return tie(in: actual, moved: expected.moved)
    }

    /// The failure when the dragged object `moved` shares its `order` with a neighbour in
    /// `order` (the full order after the drag).
    private func tie(in order: FullOrder, moved: ObjectID) -> FuzzFailure? {
        let context = workspace.context
        for (group, ids) in order {
            guard let index = ids.firstIndex(of: moved), let key = context.object(with: moved)?[names.index] else {
                continue
            }
            for neighbour in [index - 1, index + 1] where ids.indices.contains(neighbour) {
                if let other = context.object(with: ids[neighbour]), Value.compare(other[names.index], key) == 0 {
                    return FuzzFailure(
                        kind: .userOrder,
                        message: "section \"\(group)\": the dragged "
                            + "\(moved) ties with \(other.objectID) at order \(key)")
                }
            }
        }
        return nil
    }
}
