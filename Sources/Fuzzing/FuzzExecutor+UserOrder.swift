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
    func userOrder(after line: FuzzLine, paths known: (from: IndexPath, to: IndexPath)? = nil) -> (order: FullOrder, moved: ObjectID)? {
        guard case .move(let drag) = line, let (from, to) = known ?? paths(of: drag), let table = workspace.table,
              let moved = table.rowIdentifier(at: from).map(ObjectID.init),
              let object = workspace.context.object(with: moved) else { return nil }
        var rows = table.rowIdentifiers(inSection: to.section).map(ObjectID.init)
        if from.section == to.section { rows.remove(at: from.row) }
        let above = to.row > 0 ? rows[to.row - 1] : nil
        let below = to.row < rows.count ? rows[to.row] : nil
        let context = workspace.context
        guard let group = (above ?? below).flatMap({ context.object(with: $0) }).map({ FuzzFieldReader.sectionKey($0[names.section]) })
                ?? (from.section == to.section ? FuzzFieldReader.sectionKey(object[names.section]) : nil) else { return nil }
        var order = fullOrder()
        // Each section's list changed in place through the values' indices: looking each key
        // up again would hash its name, per section and per drag.
        for index in order.values.indices { order.values[index].removeAll { $0 == moved } }
        var list = order[group] ?? []
        if let above, let index = list.firstIndex(of: above) {
            list.insert(moved, at: index + 1)
        } else if let below, let index = list.firstIndex(of: below) {
            list.insert(moved, at: index)
        } else {
            list.append(moved)
        }
        order[group] = list
        // The empty sections dropped (a new dictionary) only when there is one: the order's
        // readers compare it section by section, never by its iteration order.
        if order.values.contains(where: { $0.isEmpty }) { order = order.filter { !$0.value.isEmpty } }
        return (order, moved)
    }

    /// Every section's objects sorted by `order` (in the list's direction), then by ID.
    func fullOrder() -> FullOrder {
        let ascending = workspace.dataSource?.sortsIndexAscending ?? true
        // Each object's key is read once, in place, not by name in every comparison of the sort.
        // Sections are few: found by a walk of their names, not by hashing each object's name.
        let keys = self.names
        var names: [String] = [], members: [[OrderEntry]] = []
        let context = workspace.context
        let entity = context.schema.entity(named: keys.entity)
        guard let group = entity?.index(of: keys.section), let index = entity?.index(of: keys.index) else { return [:] }
        if let order = integerOrder(context, group: group, index: index, ascending: ascending) { return order }
        for object in context.objects(ofEntity: keys.entity) {
            guard object.valueCount > max(group, index) else { continue } // every Item has the schema's shape
            let entry = OrderEntry(key: object.value(at: index), id: object.objectID)
            let name = FuzzFieldReader.sectionKey(object.value(at: group))
            if let section = names.firstIndex(of: name) {
                members[section].append(entry)
            } else {
                names.append(name)
                members.append([entry])
            }
        }
        var order = FullOrder(minimumCapacity: names.count)
        for (name, entries) in zip(names, members) { order[name] = sortedIDs(entries, ascending: ascending) }
        return order
    }

    /// `fullOrder()` when every object's `order` is an int (dense and sparse renumbering): one
    /// sort of plain integer triples (section, key, ID), then each section's run cut out — no
    /// values copied, no array per section grown object by object. Nil when a key is not an int.
    /// The objects are read where the context keeps them (`forEachObject(ofEntity:)`): no array
    /// of them built, retained and released per call.
    private func integerOrder(_ context: ObjectContext, group: Int, index: Int, ascending: Bool) -> FullOrder? {
        let entityName = self.names.entity
        var names: [String] = [], entries: [SectionedEntry] = []
        entries.reserveCapacity(context.objectCount)
        var allIntegers = true
        context.forEachObject(ofEntity: entityName) { object in
            guard allIntegers, object.valueCount > max(group, index) else { return } // every Item has the schema's shape
            guard case .int(let key) = object.value(at: index) else {
                allIntegers = false
                return
            }
            let name = FuzzFieldReader.sectionKey(object.value(at: group))
            let section: Int
            if let known = names.firstIndex(of: name) {
                section = known
            } else {
                section = names.count
                names.append(name)
            }
            entries.append(SectionedEntry(section: section, key: key, id: object.objectID.rawValue))
        }
        guard allIntegers else { return nil }
        // IDs are distinct, so the order is total and an unstable sort gives the same result:
        // `UnstableSort`, specialised with the comparison inlined, where the standard library's
        // merge sort calls it through a closure (twice per drag over every object).
        UnstableSort.sort(&entries) { a, b in
            if a.section != b.section { return a.section < b.section }
            return a.key != b.key ? (ascending ? a.key < b.key : a.key > b.key) : a.id < b.id
        }
        var order = FullOrder(minimumCapacity: names.count)
        var start = 0
        while start < entries.count {
            let section = entries[start].section
            var end = start + 1
            while end < entries.count, entries[end].section == section { end += 1 }
            order[names[section]] = entries[start..<end].map { ObjectID($0.id) }
            start = end
        }
        return order
    }

    /// An object of `integerOrder`: its section (by first appearance), `order` and ID.
    private struct SectionedEntry {
        var section: Int
        var key: Int
        var id: Int
    }

    /// The IDs of `entries` sorted by `order` (in the list's direction), then by ID.
    private func sortedIDs(_ entries: [OrderEntry], ascending: Bool) -> [ObjectID] {
        // Int keys (dense and sparse renumbering) sort as plain integers: `Value.compare` of two
        // ints is their integer order, and pairs of integers need no value witnesses.
        var integers: [IntegerEntry] = []
        integers.reserveCapacity(entries.count)
        for entry in entries {
            guard case .int(let key) = entry.key else { break }
            integers.append(IntegerEntry(key: key, id: entry.id.rawValue))
        }
        if integers.count == entries.count {
            // Integers and distinct IDs order totally: the in-place sort gives the stable one's order.
            UnstableSort.sort(&integers) { a, b in a.key != b.key ? (ascending ? a.key < b.key : a.key > b.key) : a.id < b.id }
            return integers.map { ObjectID($0.id) }
        }
        // Positions are sorted, comparing the entries in place: moving the entries themselves
        // copied their values through generic witnesses. The order is total (IDs are unique).
        return entries.withUnsafeBufferPointer { entries in
            var permutation = Array(entries.indices)
            permutation.sort { i, j in
                let c = Value.compare(entries[i].key, entries[j].key)
                return c != 0 ? (ascending ? c < 0 : c > 0) : entries[i].id < entries[j].id
            }
            return permutation.map { entries[$0].id }
        }
    }

    /// An entry of `fullOrder()` whose `order` is an int.
    private struct IntegerEntry {
        var key: Int
        var id: Int
    }

    /// One object of `fullOrder()`: its `order` value and its ID.
    private struct OrderEntry {
        var key: Value
        var id: ObjectID
    }

    /// The failure when the order after the drag is not `expected`, or when the dragged object
    /// shares its `order` with a neighbour (its place would then hang on its ID).
    func lostOrder(expected: (order: FullOrder, moved: ObjectID)) -> FuzzFailure? {
        // The full order is `expected` exactly when `isCurrentOrder` holds (see there): checked
        // in one pass over the expected IDs, without building and sorting the full order again.
        // Anything else — a difference, or a case that pass does not decide — builds the full
        // order and compares it section by section, as always, for the same failure and message.
        if isCurrentOrder(expected.order) { return tie(in: expected.order, moved: expected.moved) }
        let actual = fullOrder()
        for group in Set(actual.keys).union(expected.order.keys).sorted() where actual[group] ?? [] != expected.order[group] ?? [] {
            let text = { (ids: [ObjectID]) in ids.map(\.description).joined(separator: " ") }
            return FuzzFailure(kind: .userOrder, message: "section \"\(group)\": the user made "
                + "\(text(expected.order[group] ?? [])), the full order is \(text(actual[group] ?? []))")
        }
        return tie(in: actual, moved: expected.moved)
    }

    /// Whether `fullOrder()` would return `order` now: true only when every ID of `order` names
    /// a live object of the fuzzed entity's shape whose `order` is an int and whose group is
    /// the section it is listed in, each section's IDs are strictly ascending by (`order` in the
    /// list's direction, ID) — the order `fullOrder()` sorts them into — and the context holds
    /// no other object. Then the sections hold the same objects (each object in the one section
    /// its group names, none left out, none twice) in the one order the sort gives them, and no
    /// section is empty. False is no verdict: the caller builds the full order.
    /// - Complexity: O(n) lookups by ID for the n objects, no sort.
    private func isCurrentOrder(_ order: FullOrder) -> Bool {
        let context = workspace.context
        let ascending = workspace.dataSource?.sortsIndexAscending ?? true
        let entity = context.schema.entity(named: names.entity)
        guard let group = entity?.index(of: names.section), let index = entity?.index(of: names.index) else { return false }
        let width = max(group, index)
        let objects = context.liveObjects
        var total = 0
        for (name, ids) in order {
            guard !ids.isEmpty else { return false }
            var previous: (key: Int, id: Int)?
            for id in ids {
                guard let object = objects[id], object.valueCount > width,
                      case .int(let key) = object.value(at: index),
                      FuzzFieldReader.sectionKey(object.value(at: group)) == name else { return false }
                if let previous {
                    let inOrder = previous.key != key ? (ascending ? previous.key < key : previous.key > key) : previous.id < id.rawValue
                    guard inOrder else { return false }
                }
                previous = (key, id.rawValue)
            }
            total += ids.count
        }
        return total == objects.count
    }

    /// The failure when the dragged object `moved` shares its `order` with a neighbour in
    /// `order` (the full order after the drag).
    private func tie(in order: FullOrder, moved: ObjectID) -> FuzzFailure? {
        let context = workspace.context
        for (group, ids) in order {
            guard let index = ids.firstIndex(of: moved), let key = context.object(with: moved)?[names.index] else { continue }
            for neighbour in [index - 1, index + 1] where ids.indices.contains(neighbour) {
                if let other = context.object(with: ids[neighbour]), Value.compare(other[names.index], key) == 0 {
                    return FuzzFailure(kind: .userOrder, message: "section \"\(group)\": the dragged "
                        + "\(moved) ties with \(other.objectID) at order \(key)")
                }
            }
        }
        return nil
    }
}
