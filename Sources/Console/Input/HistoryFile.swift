import Foundation

/// Where the REPL's readline history lives.
package enum HistoryFile {
    /// `$FETCHSIM_HISTORY` if set (empty turns the history file off), else `~/.fetchsim_history`;
    /// `nil` when there is no file to use.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let override = environment["FETCHSIM_HISTORY"] {
            return override.isEmpty ? nil : override
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home.hasSuffix("/") ? home + ".fetchsim_history" : home + "/.fetchsim_history"
    }

    /// How many lines the history keeps.
    package static let capacity = 1000
}
