internal import CTerminal
import Foundation
import Interpreter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The width of the terminal output goes to, in columns.
package struct TerminalSize: Hashable, Sendable {
    package var columns: Int

    package init(columns: Int) {
        self.columns = columns
    }

    /// The width used when nothing better is known, and for transcripts.
    package static let fallback = TerminalSize(columns: 80)

    /// The terminal's own width if known, else a positive `COLUMNS`, else 80.
    package static func resolve(windowColumns: Int?, environment: [String: String]) -> TerminalSize {
        if let windowColumns, windowColumns > 0 { return TerminalSize(columns: windowColumns) }
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0
        {
            return TerminalSize(columns: columns)
        }
        return fallback
    }

    /// The width of the terminal on standard output (asked with `TIOCGWINSZ`), with the fallbacks above.
    package static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> TerminalSize
    {
        let columns = Int(fetchsim_terminal_columns(STDOUT_FILENO))
        return resolve(windowColumns: columns > 0 ? columns : nil, environment: environment)
    }
}
