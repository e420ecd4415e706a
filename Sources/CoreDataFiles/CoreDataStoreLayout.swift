/// Where Core Data keeps a model's objects in its SQLite store (docs/store.md, "Core Data
/// stores"): one table per root entity, `Z` and the entity name in upper case, shared by all
/// its sub-entities and told apart by `Z_ENT` (the entity's number in `Z_PRIMARYKEY`); a column
/// per stored property of the whole hierarchy, `Z` and the property name in upper case, with
/// a number after it when an earlier property of the hierarchy already took the name.
struct CoreDataStoreLayout {
    /// One root entity's table.
    struct Table {
        let root: String
        let name: String
        /// The column of each stored property of the hierarchy, by owner entity and property name.
        var columns: [String: [String: String]] = [:]
    }

    let tables: [Table]

    init(model: ManagedObjectModelDescription) {
        var tables: [Table] = []
        for root in model.entities where root.parentEntity == nil {
            var table = Table(root: root.name, name: "Z" + root.name.uppercased())
            var taken: [String: Int] = [:]
            // Depth first in file order, each entity's attributes then its relationships — the
            // order in which the numbering of repeated names is assumed (it is not documented).
            var pending = [root]
            while !pending.isEmpty {
                let entity = pending.removeFirst()
                let stored =
                    entity.attributes.filter { !$0.isTransient }.map(\.name)
                    + entity.relationships.filter { !$0.isTransient && !$0.isToMany }.map(\.name)
                for property in stored {
                    let base = "Z" + property.uppercased()
                    let count = taken[base, default: 0]
                    taken[base] = count + 1
                    table.columns[entity.name, default: [:]][property] = count == 0 ? base : base + String(count)
                }
                pending = model.entities.filter { $0.parentEntity == entity.name } + pending
            }
            tables.append(table)
        }
        self.tables = tables
    }

    /// The table of `root`.
    func table(ofRoot root: String) -> Table? {
        tables.first { $0.root == root }
    }
}
