/// The options of `fetchsim fuzz` that choose the schema: `--model`, `--entity`, `--section`,
/// `--index`, `--data`, `--coredata-store`, and `--filter`, which is a percentage of hidden
/// rows on the built-in `Item` and a predicate on a user's entity. Checked together, each
/// refusal naming the option.
///
/// ```swift
/// var arguments = FuzzSchemaArguments()
/// arguments.model = "Notes.xcdatamodeld"; arguments.entity = "Note"
/// arguments.section = "group"; arguments.index = "order"
/// try arguments.apply(to: &configuration)
/// ```
package struct FuzzSchemaArguments: Equatable, Sendable {
    package var model: String?
    package var entity: String?
    package var section: String?
    package var index: String?
    /// `--filter` as typed: a percentage without `--model`, a predicate with it; nil when not given.
    package var filter: String?
    package var data: String?
    package var coreDataStore: String?

    package init() {}

    /// Sets `configuration.schema` (reading the model and the seed rows) or, without `--model`,
    /// `configuration.filterPercent` from `--filter`.
    package func apply(to configuration: inout FuzzConfiguration) throws(FuzzConfigurationError) {
        guard let model else {
            let given = [
                ("--entity", entity), ("--section", section), ("--index", index), ("--data", data),
                ("--coredata-store", coreDataStore),
            ]
            if let (option, _) = given.first(where: { $0.1 != nil }) {
                throw FuzzConfigurationError(
                    "'\(option)' needs '--model': it names part of a user's schema (the built-in schema is Item with group and order)"
                )
            }
            if let filter {
                guard let percent = Int(filter) else {
                    throw FuzzConfigurationError(
                        "'--filter' must be a percentage between 0 and 100, not '\(filter)' (a predicate is a filter for a user's entity, with '--model')"
                    )
                }
                guard (0...100).contains(percent) else {
                    throw FuzzConfigurationError("'--filter' must be a percentage between 0 and 100, not '\(percent)'")
                }
                configuration.filterPercent = percent
            }
            return
        }
        let missing = [("--entity", entity), ("--section", section), ("--index", index)].filter { $0.1 == nil }.map(\.0)
        guard let entity, let section, let index, missing.isEmpty else {
            throw FuzzConfigurationError(
                "'--model' needs \(missing.joined(separator: ", ")): the entity to fuzz, the attribute its list is sectioned by and the one that orders it"
            )
        }
        if data != nil, coreDataStore != nil {
            throw FuzzConfigurationError("'--data' and '--coredata-store' both seed the list: give one")
        }
        if configuration.itemKey != nil {
            throw FuzzConfigurationError(
                "'--items' names a field of the built-in Item; it cannot be combined with '--model'")
        }
        if configuration.workspaceOptions != FuzzWorkspaceOptions() {
            throw FuzzConfigurationError(
                "'--controllers', '--background' and their options fetch the built-in Item's fields; they cannot be combined with '--model'"
            )
        }
        let options = FuzzSchema.Options(
            model: model, entity: entity, section: section, index: index, filter: filter,
            data: data, coreDataStore: coreDataStore)
        configuration.schema = try FuzzSchema.load(
            options, sections: configuration.sections, reorder: configuration.reorder)
        configuration.filterPercent = 0
    }

    /// Refuses a user schema for `fuzz --keys`, which drives the full-screen editor on the demo.
    package func checkKeys() throws(FuzzConfigurationError) {
        let given = [
            ("--model", model), ("--entity", entity), ("--section", section), ("--index", index), ("--data", data),
            ("--coredata-store", coreDataStore),
        ]
        if let (option, _) = given.first(where: { $0.1 != nil }) {
            throw FuzzConfigurationError(
                "'\(option)' cannot be combined with '--keys': the key fuzzer drives the full-screen editor on the demo list"
            )
        }
    }
}
