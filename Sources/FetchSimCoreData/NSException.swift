import Synchronization

/// An Objective-C exception as Apple's frameworks raise it: a name and a reason.
///
/// Swift on Linux has no Objective-C exceptions, and a trap would end the simulation where the
/// app's bug shows. So where Core Data or UIKit would raise, FetchSim builds the exception with
/// Apple's exact text and records it in the ``ExceptionLog`` of the context, table or snapshot
/// (`raisedExceptions`); the call returns and the turn's report carries it.
///
/// ```swift
/// let exception = NSException(name: .internalInconsistencyException, reason: "Invalid update: …")
/// print(exception)   // NSInternalInconsistencyException: Invalid update: …
/// ```
public final class NSException: CustomStringConvertible, @unchecked Sendable {
    // `@unchecked`: every stored property is an immutable `let` of Sendable types; the class is
    // open to no subclass that could add mutable state.

    /// The exception's name, as `NSInternalInconsistencyException`.
    public let name: NSExceptionName
    /// The reason, word for word as Apple's frameworks word it.
    public let reason: String?
    /// Extra information; FetchSim's exceptions carry none.
    public let userInfo: [String: String]?

    /// An exception named `name` for `reason`.
    public init(name: NSExceptionName, reason: String?, userInfo: [String: String]? = nil) {
        self.name = name
        self.reason = reason
        self.userInfo = userInfo
    }

    /// `NAME: REASON`, the form the console prints for an uncaught exception's first line.
    public var description: String { "\(name.rawValue): \(reason ?? "")" }
}

extension NSExceptionName {
    /// `NSInternalInconsistencyException`: UIKit's invalid batch updates, an unregistered cell identifier.
    public static let internalInconsistencyException = NSExceptionName("NSInternalInconsistencyException")
    /// `NSRangeException`: an index out of bounds, as `object(at:)` past a section's end.
    public static let rangeException = NSExceptionName("NSRangeException")
    /// `NSInvalidArgumentException`: an argument the method cannot take, as an unknown key.
    public static let invalidArgumentException = NSExceptionName("NSInvalidArgumentException")
}

/// Apple's exceptions that one simulated object (a table view, a context) raised since they
/// were last taken, in the order raised.
///
/// Core Data's and UIKit's simulated types record here instead of trapping; the driver (the
/// simulator's `endTurn()`, a test) takes them after each turn. Each raising object owns its log,
/// so two simulations in one process (tests run in parallel) never see each other's exceptions;
/// a mutex guards it because a context may run on a queue of its own.
///
/// ```swift
/// tableView.endUpdates()                           // an invalid batch: recorded, not raised
/// let raised = tableView.raisedExceptions.take()   // [NSInternalInconsistencyException: Invalid update: …]
/// ```
public final class ExceptionLog: Sendable {
    private let exceptions = Mutex<[NSException]>([])

    /// An empty log.
    public init() {}

    /// Records `exception` as raised. `package`: only the simulated frameworks raise.
    package func raise(_ exception: NSException) {
        exceptions.withLock { $0.append(exception) }
    }

    /// Records an exception named `name` for `reason`.
    package func raise(_ name: NSExceptionName, reason: String) {
        raise(NSException(name: name, reason: reason))
    }

    /// The exceptions raised since the last call, oldest first; the log is empty after it.
    public func take() -> [NSException] {
        exceptions.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    /// The exceptions raised since the last `take()`, without taking them.
    public var pending: [NSException] {
        exceptions.withLock { $0 }
    }
}
