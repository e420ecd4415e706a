import Adapters
import Interpreter

/// A change event that went wrong, and the kind of failure it is — what the shrinker keeps.
///
/// The kind is read from typed values, never from wording: UIKit's error by its case
/// (`TableViewError.kind`), or the consistency check's first problem by its
/// `ConsistencyProblem.Kind`.
package struct FuzzFailure: Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure an event had.
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// UIKit rejected the batch; the case of `TableViewError`, e.g. `invalidRowCount`.
        case tableError(String)
        /// The table and the controller differ; the kind of the check's first problem.
        case inconsistent(ConsistencyProblem.Kind)
        /// A drag left the full, unfiltered order different from the one the user produced.
        case userOrder
        /// The object graph refused to take back or re-apply an event it reported (`undo`,
        /// `redo`: the command's name), which it must always be able to do; the generator
        /// writes them only when the context can undo or redo.
        case refusedReplay(String)

        /// `UIKit: invalidRowCount`, or the problem kind's name (`stale cell`).
        package var description: String {
            switch self {
            case .tableError(let name): "UIKit: \(name)"
            case .inconsistent(let kind): kind.rawValue
            case .userOrder: "user order"
            case .refusedReplay(let command): "\(command) refused"
            }
        }
    }

    /// What must stay the same while shrinking.
    package let kind: Kind
    /// UIKit's message or the first problem, verbatim.
    package let message: String

    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The failure of an event that raised a UIKit error or left the table inconsistent; nil
    /// for a consistent one. A UIKit error takes precedence.
    package init?(_ report: EventReport) {
        if let error = report.event.tableError {
            self.init(kind: .tableError(error.kind), message: error.description)
        } else if let problem = report.problems.first {
            self.init(kind: .inconsistent(problem.kind), message: problem.description)
        } else {
            return nil
        }
    }

    /// Whether the table was left inconsistent or UIKit rejected the batch (what a transcript's
    /// `# expect: inconsistent` means), rather than an order lost or an undo refused.
    package var leavesTableInconsistent: Bool {
        switch kind {
        case .tableError, .inconsistent: true
        case .userOrder, .refusedReplay: false
        }
    }

    /// Whether UIKit rejected the batch (rather than the check finding a difference).
    package var isUIKitError: Bool {
        if case .tableError = kind { true } else { false }
    }

    /// `stale cell: row 0.2 shows a stale cell for #3: …` or `UIKit error: Invalid update: …`.
    package var description: String {
        isUIKitError ? "UIKit error: \(message)" : "\(kind): \(message)"
    }
}
