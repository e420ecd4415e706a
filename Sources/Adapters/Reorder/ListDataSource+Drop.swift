import FetchSimCore
import FetchedResults
import ObjectGraph

/// What placing one object at a table position writes: its section key value (when it changes
/// section), its new index key, and other objects' new index keys.
package struct DropWrites: Equatable, Sendable {
    /// The destination section's key value; nil without a section key.
    package var sectionValue: Value?
    package var key: Value
    package var rewrites: [(id: ObjectID, key: Value)]

    package static func == (a: DropWrites, b: DropWrites) -> Bool {
        a.sectionValue == b.sectionValue && a.key == b.key
            && a.rewrites.map(\.id) == b.rewrites.map(\.id) && a.rewrites.map(\.key) == b.rewrites.map(\.key)
    }
}

extension ListDataSource {
    /// Where an object dropped into table section `section`, between the visible rows `above`
    /// and `below`, goes in the section's full order, and what that writes (docs/reorder.md):
    /// directly after `above` — before any hidden object that follows it — or, at the top of the
    /// section, directly before `below`; at the end of an empty section.
    /// `moved` is left out of the order (nil for an object not inserted yet). The section's key
    /// value is read from the model, as an app's `moveRowAt` reads it: a neighbour's, or for a
    /// section that shows no row the name of the controller's section at that index
    /// (docs/semantics.md, "A drop into a section the controller no longer has").
    package func planDrop(
        of moved: ObjectID?, into section: Int, above: ObjectID?, below: ObjectID?, crossesSections: Bool
    ) throws(AdapterError) -> DropWrites {
        let (indexKey, type) = try requireIndexAttribute()
        let request = controller.fetchRequest
        let context = controller.context
        let excluded = moved ?? ObjectID(-1)
        var sectionValue: Value?
        if let sectionKey = request.sectionNameKeyPath {
            if !crossesSections, let moved, let object = context.object(with: moved) {
                sectionValue = object[sectionKey]
            } else if let neighbour = (above ?? below).flatMap(context.object(with:)) {
                sectionValue = neighbour[sectionKey]
            } else {
                sectionValue = try value(ofEmptySection: section)
            }
        }
        // The controller's own section holds the full order when nothing is hidden.
        let controllerSection = (above ?? below ?? (crossesSections ? nil : moved)).flatMap {
            controller.indexPath(forObjectID: $0)?.section
        }
        var order =
            controllerSection.flatMap { SectionOrder.controllerSection(controller, section: $0, excluding: excluded) }
            ?? SectionOrder.scanning(context, request: request, sectionValue: sectionValue, excluding: excluded)
        var slot = slot(in: order, above: above, below: below)
        if slot == nil, order.count > 0 {
            // The table is out of step with the controller: read the context instead.
            order = SectionOrder.scanning(context, request: request, sectionValue: sectionValue, excluding: excluded)
            slot = self.slot(in: order, above: above, below: below)
        }
        // `object[indexKey]`, with the attribute's position looked up once instead of per object
        // (every object of a section order is of the request's entity).
        let indexPosition = context.schema.entity(named: request.entityName)?.index(of: indexKey)
        let indexValue = { (object: ManagedObject?) -> Value in
            guard let object, let indexPosition, indexPosition < object.valueCount else {
                return object?[indexKey] ?? .null
            }
            return object.value(at: indexPosition)
        }
        let plan = RowPlacement.plan(
            count: order.count, key: { indexValue(order.object(at: $0)) }, slot: slot ?? order.count,
            strategy: strategy, ascending: sortsIndexAscending, type: type)
        var rewrites = plan.rewrites.compactMap { rewrite in
            order.object(at: rewrite.position).map { ($0.objectID, rewrite.key) }
        }
        if strategy == .dense, crossesSections, let moved, let object = context.object(with: moved) {
            // Dense keeps the section the row left contiguous too.
            let source = SectionOrder.scanning(
                context, request: request,
                sectionValue: request.sectionNameKeyPath.map { object[$0] }, excluding: moved)
            rewrites += RowPlacement.renumber(
                count: source.count, key: { indexValue(source.object(at: $0)) },
                ascending: sortsIndexAscending, type: type
            )
            .compactMap { rewrite in source.object(at: rewrite.position).map { ($0.objectID, rewrite.key) } }
        }
        return DropWrites(sectionValue: sectionValue, key: plan.key, rewrites: rewrites)
    }

    /// Writes `drop` for `moved` and returns how many objects changed.
    func write(_ drop: DropWrites, for moved: ObjectID) throws(ObjectGraphError) -> Int {
        guard let indexKey, let object = controller.context.object(with: moved) else { return 0 }
        let context = controller.context
        var written = false
        if let sectionKey = controller.fetchRequest.sectionNameKeyPath, let value = drop.sectionValue,
            object[sectionKey] != value
        {
            try context.setValue(value, forKey: sectionKey, of: moved)
            written = true
        }
        if object[indexKey] != drop.key {
            try context.setValue(drop.key, forKey: indexKey, of: moved)
            written = true
        }
        for (id, key) in drop.rewrites {
            try context.setValue(key, forKey: indexKey, of: id)
        }
        return drop.rewrites.count + (written ? 1 : 0)
    }

    /// The slot after `above`, or before `below`, in `order`; nil when neither is in it.
    private func slot(in order: SectionOrder, above: ObjectID?, below: ObjectID?) -> Int? {
        if let above { return order.position(of: above).map { $0 + 1 } }
        if let below { return order.position(of: below) }
        return order.count
    }

    /// The section key value of a table section that shows no row: the name the controller gives
    /// its section at the same index, as an app's `tableView(_:moveRowAt:to:)` reads
    /// `sections[destination.section].name` — the value of an object of the entity whose section
    /// name it is, or the name itself for a string key. The objects the controller lists there
    /// are not read: the same turn may already have written them another value. When the table
    /// shows a section the controller has deleted (`userdriven=skip-all`, rule 20) that is
    /// another section's name, or none past the controller's last section, where the app's
    /// subscript traps and the drop is refused.
    private func value(ofEmptySection section: Int) throws(AdapterError) -> Value {
        let request = controller.fetchRequest
        guard let sectionKey = request.sectionNameKeyPath, let name = controller.sectionName(at: section) else {
            throw .unknownSectionValue(section)
        }
        let context = controller.context
        let entities =
            request.includesSubentities ? context.schema.family(of: request.entityName) : [request.entityName]
        for object in entities.lazy.flatMap({ context.objects(ofEntity: $0) }) {
            let value = object[sectionKey]
            if (value.isNull ? "" : value.description) == name { return value }
        }
        let type = controller.context.schema.entity(named: request.entityName)?.attribute(named: sectionKey)?.type
        guard type == .string else { throw .unknownSectionValue(section) }
        return .string(name)
    }
}
