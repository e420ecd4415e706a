import Adapters
import CommandLanguage
import ObjectGraph

/// `show schema|fetch|adapter|settings`, and `adapter`/`profile` without arguments: the setup,
/// printed as lines of the command language where it can be pasted back (sqlite3's `.schema`
/// and `.show`, psql's `\d`).
extension Interpreter {
    /// After `entity` redefined the fetched entity: fetches the same request again, or — when it
    /// no longer fits (a sort key is gone) — drops the fetch. Returns what it did, as lines.
    func refetchAfterRedefining(_ name: String) -> [String] {
        dropOtherControllers(ofEntity: name)
        guard let spec = fetchSpec, spec.entity == name else { return [] }
        let line = Command.fetch(spec).description
        if case let outcome = execute(line), !outcome.failed { return ["fetched again: \(line)"] }
        workspace.clearFetch()
        fetchSpec = nil
        lastReport = nil
        return ["the fetch no longer fits the entity and was dropped; use 'fetch' again"]
    }

    /// Each entity as the `entity …` line that defines it; an entity of a model's hierarchy is
    /// followed by a comment naming its parent (a fetch of the parent includes its objects) or
    /// saying that it is abstract.
    func showSchema() -> LineOutcome {
        let entities = context.schema.entities
        let lines =
            entities.isEmpty
            ? ["no entities yet; define one with 'entity'"]
            : entities.flatMap { entity in
                var hierarchy: [String] = []
                if let parent = entity.parentName { hierarchy.append("sub-entity of \(parent)") }
                if entity.isAbstract { hierarchy.append("abstract") }
                // 'entity' has no word for it: a transient attribute is named in the comment.
                let transient = entity.attributes.filter(\.isTransient).map(\.name)
                if !transient.isEmpty { hierarchy.append("transient " + transient.joined(separator: ", ")) }
                let comment = hierarchy.isEmpty ? [] : ["# \(entity.name): " + hierarchy.joined(separator: ", ")]
                return [Command.entity(name: entity.name, attributes: entity.attributes).description] + comment
            }
        let json = JSONValue.array(
            entities.map { entity in
                // Hierarchy fields only for a model's hierarchy, so that other schemas print as before.
                .object(
                    [("name", .string(entity.name))]
                        + (entity.parentName.map { [("parent", JSONValue.string($0))] } ?? [])
                        + (entity.isAbstract ? [("abstract", JSONValue.bool(true))] : []) + [
                            (
                                "attributes",
                                .array(
                                    entity.attributes.map { attribute in
                                        .object(
                                            [
                                                ("name", .string(attribute.name)),
                                                ("type", .string(attribute.type.rawValue)),
                                                ("optional", .bool(attribute.isOptional)),
                                                ("default", attribute.defaultValue.map(Self.json) ?? .null),
                                            ]
                                                + (attribute.destinationEntity.map {
                                                    [("destination", JSONValue.string($0))]
                                                } ?? [])
                                                + (attribute.isTransient ? [("transient", JSONValue.bool(true))] : []))
                                    })
                            )
                        ])
            })
        return text(lines, json: [("entities", json)])
    }

    /// The current request as a `fetch …` line.
    func showFetch() -> LineOutcome {
        guard let spec = fetchSpec else {
            return text(["nothing fetched yet; use 'fetch' first"], json: [("fetch", .null)])
        }
        let line = Command.fetch(spec).description
        return text([line], json: [("fetch", .string(line))])
    }

    /// `adapter KIND OPTIONS`, every option spelled out.
    func showAdapter() -> LineOutcome {
        if workspace.userList != nil { return showUserAdapter() }
        let kind = workspace.adapterKind
        let options = workspace.adapterOptions
        return text(
            ["adapter \(kind.rawValue) \(options)"],
            json: [("adapter", .string(kind.rawValue)), ("options", .string(options.description))])
    }

    /// Everything the session is set to, one `name  value` line each.
    func showSettings() -> LineOutcome {
        let workspace = workspace
        let rows: [(String, String)] = [
            (
                "adapter",
                workspace.userAdapterName.map { "\($0) (the app's view controller)" }
                    ?? "\(workspace.adapterKind.rawValue) \(workspace.adapterOptions)"
            ),
            ("profile", workspace.profile.rawValue),
            ("reorder", workspace.reorderStrategy.rawValue),
            ("fetch", fetchSpec.map { Command.fetch($0).description } ?? "none"),
            ("viewport", "\(workspace.viewport)"),
            ("events", "\(workspace.eventCount)"),
            ("block", isInTransaction ? "open ('commit' or 'abort')" : "none"),
            ("unsaved", context.hasChanges ? "yes" : "no"),
            ("table", workspace.tableStyle.rawValue),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        return text(
            rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 },
            json: rows.map { ($0.0, JSONValue.string($0.1)) })
    }
}
