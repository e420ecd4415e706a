import Adapters

/// What one run-loop turn ended with, as `Simulator.endTurn()` reports it: what the user and the
/// app did to the view, what UIKit and Core Data would have raised, and whether the view still
/// shows what its data source answers.
///
/// ```swift
/// let report = simulator.endTurn()
/// #expect(report.isConsistent, "\(report)")
/// ```
public struct TurnReport: Sendable, CustomStringConvertible {
    /// The differences between the view and its data source after the turn (empty when none),
    /// worded as FetchSim's consistency check words them.
    public let problems: [ConsistencyProblem]
    /// Every exception raised during the turn, oldest first: the view's (an invalid batch, an
    /// unregistered identifier) and the context's.
    public let exceptions: [NSException]
    /// The user's actions of the turn and the view's methods the app called, in order
    /// (`user moves row 0.2 to 0.0`, `beginUpdates`, `moveRow 0.2 → 0.0`, `endUpdates`).
    public let calls: [String]

    /// The first exception of the turn: the one that would have ended the app.
    public var exception: NSException? { exceptions.first }

    /// No exception and no problem.
    public var isConsistent: Bool { problems.isEmpty && exceptions.isEmpty }

    /// The exceptions, then the problems, one a line; `consistent` when there are none.
    public var description: String {
        let lines = exceptions.map(\.description) + problems.map(\.description)
        return lines.isEmpty ? "consistent" : lines.joined(separator: "\n")
    }
}
