/// The names of the adapters an app's own executable registered — its view controllers, which
/// `adapter NAME` selects (`FetchSimCLI.main(adapters:)`, docs/apple-api.md) — and the name of
/// that executable.
package struct AdapterRegistry: Sendable, Equatable {
    package var names: [String]
    package var executable: String?

    package init(names: [String] = [], executable: String? = nil) {
        self.names = names
        self.executable = executable
    }
}

/// The registry the current task (or thread) runs with: bound around a command line's run
/// (`FetchSimCLI.main(adapters:)`) or a test's body, so that sessions elsewhere in the process —
/// other tests — see none. The plain `fetchsim` binds none.
///
/// ```swift
/// RegisteredAdapters.$registry.withValue(AdapterRegistry(names: ["notes"], executable: "notes-fetchsim")) {
///     try CommandParser.parseLine("adapter notes")   // [.userAdapter("notes")]
/// }
/// ```
package enum RegisteredAdapters {
    @TaskLocal package static var registry = AdapterRegistry()

    /// The registered names, sorted.
    package static var names: [String] { registry.names }

    /// The name of the executable that registered them; nil when none are registered.
    package static var executable: String? { registry.executable }

    package static func contains(_ name: String) -> Bool { registry.names.contains(name) }
}
