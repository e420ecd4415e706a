import FetchedResults

/// The app's own crash inside a delegate callback: a Swift runtime trap in the app's code (a
/// force-unwrapped nil), which ends the process. Core Data catches Objective-C exceptions thrown
/// from its delegate (rule 17) but cannot catch a trap, so nothing after it runs: no later
/// callback of the event, no `endUpdates`.
///
/// ```swift
/// if let crash = adapter.lastEvent.appCrash { print("the app crashed: \(crash)") }
/// ```
public struct AppCrash: Equatable, Sendable, CustomStringConvertible {
    /// The line Swift's runtime prints, as the profile's Swift words it.
    public let message: String
    /// The delegate method it happened in, in Swift's spelling.
    public let method: String
    /// What was nil, and why.
    public let detail: String

    /// `Fatal error: Unexpectedly found nil while unwrapping an Optional value (in …: …)`.
    public var description: String { "\(message) (in \(method): \(detail))" }

    /// A force unwrap of nil. Swift 3 (Xcode 8, profiles `ios9` and `ios10`) prints
    /// `fatal error: unexpectedly found nil while unwrapping an Optional value`; Swift 5
    /// (profiles `modern` and `strict`) `Fatal error: Unexpectedly found nil while unwrapping an
    /// Optional value`, after the file and line (docs/semantics.md, "Xcode's Swift template").
    static func unexpectedNil(profile: CompatibilityProfile, method: String, detail: String) -> AppCrash {
        let message =
            switch profile {
            case .ios9, .ios10: "fatal error: unexpectedly found nil while unwrapping an Optional value"
            case .modern, .strict: "Fatal error: Unexpectedly found nil while unwrapping an Optional value"
            }
        return AppCrash(message: message, method: method, detail: detail)
    }
}
