import Interpreter
/// A change event that went wrong, and the kind of failure it is — what the shrinker keeps.
///
/// Kinds: UIKit's error with its numbers replaced by `N` (`UIKit: Invalid update: invalid number
/// of rows in section N. …`), or the kind of the consistency check's first problem: `section
/// count`, `section title`, `row count`, `extra row`, `wrong row`, `wrong cell`, `stale cell`,
/// `order`.
public struct FuzzFailure: Equatable, Sendable, CustomStringConvertible {
    /// What must stay the same while shrinking.
    public let kind: String
    /// UIKit's message or the first problem, verbatim.
    public let message: String

    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The failure of an event that raised a UIKit error or left the table inconsistent; nil
    /// for a consistent one.
    public init?(_ report: EventReport) {
        if let error = report.event.tableError {
            self.init(kind: "UIKit: " + Self.strippingNumbers(error), message: error)
        } else if let problem = report.problems.first {
            self.init(kind: Self.kind(ofProblem: problem), message: problem)
        } else {
            return nil
        }
    }

    /// The kind of a drag that left the full, unfiltered order different from the user's.
    public static let userOrderKind = "user order"

    /// Whether UIKit rejected the batch (rather than the check finding a difference).
    public var isUIKitError: Bool { kind.hasPrefix("UIKit: ") }

    /// `stale cell: row 0.2 shows a stale cell for #3: …` or `UIKit error: Invalid update: …`.
    public var description: String {
        isUIKitError ? "UIKit error: \(message)" : "\(kind): \(message)"
    }

    /// The kind of one of `ConsistencyCheck`'s problems, from its wording.
    package static func kind(ofProblem problem: String) -> String {
        if problem.hasPrefix("the table has ") && problem.contains(" sections but the controller has ") { return "section count" }
        if problem.hasPrefix("section ") && problem.contains(" is titled ") { return "section title" }
        if problem.hasPrefix("section ") && problem.contains(" rows but the controller has ") { return "row count" }
        if problem.hasSuffix("but the controller has no row there") { return "extra row" }
        if problem.hasPrefix("row ") && problem.contains(" but its cell shows ") { return "wrong cell" }
        if problem.hasPrefix("row ") && problem.contains(" shows a stale cell ") { return "stale cell" }
        if problem.hasPrefix("row ") && problem.hasSuffix(" there") { return "wrong row" }
        if problem.hasPrefix("the controller's objects are out of order") { return "order" }
        return "other: " + strippingNumbers(problem)
    }

    /// `text` with every run of digits replaced by `N`.
    package static func strippingNumbers(_ text: String) -> String {
        var result = ""
        var inNumber = false
        for character in text {
            if character.isASCII, character.isNumber {
                if !inNumber { result.append("N") }
                inNumber = true
            } else {
                result.append(character)
                inNumber = false
            }
        }
        return result
    }
}
