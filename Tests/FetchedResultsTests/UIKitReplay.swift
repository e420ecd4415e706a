import FetchSimCore
import ObjectGraph

/// Applies a change event's callbacks to the previous layout the way UITableView applies a batch
/// (semantics.md rule 13), written independently of the controller: section and row deletes and
/// moves-from use the old numbering, section and row inserts and moves-to the new one, deletes
/// first. Updates change no position. Returns nil (with a reason) if the callbacks are not a
/// valid batch for the old layout.
enum UIKitReplay {
    static func apply(_ callbacks: [RecordingDelegate.Callback], to old: [Layout.Section]) -> Result<
        [Layout.Section], ReplayFailure
    > {
        var deletedSections: Set<Int> = []
        var insertedSections: [(Int, String)] = []
        var removedRows: Set<IndexPath> = []
        var placed: [(IndexPath, ObjectID)] = []
        for callback in callbacks {
            switch callback {
            case .section(let change):
                if change.type == .delete {
                    guard change.index < old.count, deletedSections.insert(change.index).inserted else {
                        return .failure(.init("bad section delete \(change.index)"))
                    }
                } else {
                    insertedSections.append((change.index, change.name))
                }
            case .object(let type, let id, let from, let to):
                switch type {
                case .delete, .move:
                    guard let from, from.section < old.count, from.row < old[from.section].ids.count else {
                        return .failure(.init("\(type) of \(id) from missing path \(String(describing: from))"))
                    }
                    guard old[from.section].ids[from.row] == id else {
                        return .failure(
                            .init(
                                "\(type) of \(id) from \(from) but the old layout has \(old[from.section].ids[from.row]) there"
                            ))
                    }
                    guard removedRows.insert(from).inserted else { return .failure(.init("row \(from) removed twice")) }
                    if type == .move, let to { placed.append((to, id)) }
                case .insert:
                    guard let to else { return .failure(.init("insert of \(id) without a new path")) }
                    placed.append((to, id))
                case .update:
                    guard let from, from.section < old.count, from.row < old[from.section].ids.count,
                        old[from.section].ids[from.row] == id
                    else {
                        return .failure(.init("update of \(id) at \(String(describing: from)) which does not hold it"))
                    }
                }
            }
        }
        // Surviving old sections with their surviving rows, in order.
        var sections: [Layout.Section] = []
        for (s, section) in old.enumerated() where !deletedSections.contains(s) {
            let ids = section.ids.enumerated().filter { !removedRows.contains(IndexPath(row: $0.offset, section: s)) }
                .map(\.element)
            sections.append(Layout.Section(name: section.name, ids: ids))
        }
        for (s, _) in old.enumerated() where deletedSections.contains(s) {
            for r in old[s].ids.indices where !removedRows.contains(IndexPath(row: r, section: s)) {
                return .failure(.init("section \(s) deleted but its row \(r) was not removed"))
            }
        }
        for (index, name) in insertedSections.sorted(by: { $0.0 < $1.0 }) {
            guard index <= sections.count else {
                return .failure(.init("section insert at \(index) beyond \(sections.count)"))
            }
            sections.insert(Layout.Section(name: name, ids: []), at: index)
        }
        for (path, id) in placed.sorted(by: { $0.0 < $1.0 }) {
            guard path.section < sections.count, path.row <= sections[path.section].ids.count else {
                return .failure(.init("insert of \(id) at \(path) out of range"))
            }
            sections[path.section].ids.insert(id, at: path.row)
        }
        return .success(sections)
    }

    struct ReplayFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
