import Synchronization

/// The names of the adapters an app's own executable registered: its view controllers, which
/// `adapter NAME` selects (`FetchSimCLI.main(adapters:)`, docs/apple-api.md). One list per
/// process, set before the first line is parsed; the plain `fetchsim` registers none.
///
/// ```swift
/// RegisteredAdapters.register(["notes"], executable: "notes-fetchsim")
/// try CommandParser.parseLine("adapter notes")   // [.userAdapter("notes")]
/// ```
package enum RegisteredAdapters {
    private static let state = Mutex<(names: [String], executable: String?)>(([], nil))

    /// Adds `names` (in order, once each), registered by the executable named `executable`.
    package static func register(_ names: [String], executable: String) {
        state.withLock { state in
            for name in names where !state.names.contains(name) { state.names.append(name) }
            state.executable = executable
        }
    }

    /// Forgets every name (tests).
    package static func removeAll() {
        state.withLock { $0 = ([], nil) }
    }

    /// The registered names, in registration order.
    package static var names: [String] { state.withLock { $0.names } }

    /// The name of the executable that registered them; nil when none are registered.
    package static var executable: String? { state.withLock { $0.executable } }

    package static func contains(_ name: String) -> Bool { state.withLock { $0.names.contains(name) } }
}
