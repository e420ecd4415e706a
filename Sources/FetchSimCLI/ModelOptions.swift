import ArgumentParser

/// The checks `--model` and `--coredata-store` share between `fetchsim` and `fetchsim tui`.
enum ModelOptions {
    static func validate(model: String?, coreDataStore: String?, store: String?) throws {
        if coreDataStore != nil, model == nil {
            throw ValidationError("--coredata-store needs --model: a Core Data store is read through its model")
        }
        if model != nil, store != nil {
            throw ValidationError(
                "--model cannot be combined with --store (a FetchSim store file keeps its own schema)")
        }
    }
}
