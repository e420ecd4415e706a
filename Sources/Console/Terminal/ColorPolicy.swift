import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether output may use colour: only on a terminal whose `TERM` is not `dumb`, and only when
/// `NO_COLOR` is unset or empty (https://no-color.org).
package struct ColorPolicy: Hashable, Sendable {
    package var usesColor: Bool

    package init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Decides from facts passed in, so the decision is testable.
    package init(isTerminal: Bool, environment: [String: String]) {
        let term = environment["TERM"]
        let noColor = environment["NO_COLOR"] ?? ""
        usesColor = isTerminal && term != "dumb" && noColor.isEmpty
    }

    /// The policy for standard output in this process.
    package static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> ColorPolicy
    {
        ColorPolicy(isTerminal: isatty(STDOUT_FILENO) != 0, environment: environment)
    }

    /// Never colour: transcripts, JSON and tests.
    package static let plain = ColorPolicy(usesColor: false)
}
