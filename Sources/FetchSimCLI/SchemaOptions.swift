import ArgumentParser
import Fuzzing

/// The options that put a user's entity under `fetchsim fuzz` or `fetchsim bench` instead of the
/// built-in `Item`: the model, the entity, its section and index keys, and the rows to start
/// from. `--filter` stays with each command, whose meanings of it differ.
struct SchemaOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Use an entity of this Xcode model (.xcdatamodeld or .xcdatamodel) instead of the built-in Item; needs --entity, --section and --index.",
            valueName: "model"))
    var model: String?

    @Option(help: ArgumentHelp("With --model: the entity whose list is edited.", valueName: "entity"))
    var entity: String?

    @Option(
        help: ArgumentHelp(
            "With --model: the attribute that sections the list (String, Integer or Boolean).", valueName: "attribute"))
    var section: String?

    @Option(
        help: ArgumentHelp(
            "With --model: the attribute that orders each section, which drags renumber (Integer, Double, Float or Decimal).",
            valueName: "attribute"))
    var index: String?

    @Option(
        help: ArgumentHelp(
            "With --model: start each list with the rows of this CSV file (import csv's format).", valueName: "file"))
    var data: String?

    @Option(
        name: .customLong("coredata-store"),
        help: ArgumentHelp(
            "With --model: start each list with the entity's rows in this Core Data SQLite store (read, never written).",
            valueName: "file"))
    var coreDataStore: String?

    /// These options and `filter`, to be checked together as `Fuzzing` checks them.
    ///
    /// - Parameter filter: The command's `--filter` as typed, nil when not given.
    /// - Returns: The arguments that choose the schema.
    func arguments(filter: String?) -> FuzzSchemaArguments {
        var arguments = FuzzSchemaArguments()
        (arguments.model, arguments.entity, arguments.section, arguments.index) = (model, entity, section, index)
        (arguments.filter, arguments.data, arguments.coreDataStore) = (filter, data, coreDataStore)
        return arguments
    }

    /// The options given that need `--model`, by name, in the order `--help` lists them.
    var givenWithoutModel: [String] {
        [
            ("--entity", entity), ("--section", section), ("--index", index), ("--data", data),
            ("--coredata-store", coreDataStore),
        ]
        .compactMap { $0.1 == nil ? nil : $0.0 }
    }
}
