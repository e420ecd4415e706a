import Foundation

/// What FetchSim's Core Data names throw or hand to a completion handler, worded for the person
/// who wrote the code: the model, the store, a fetch or a save, each naming what and where.
///
/// Core Data reports these as `NSError`s of `NSCocoaErrorDomain`; `localizedDescription` gives the
/// message, and `as NSError` works as for any Swift error.
///
/// ```swift
/// container.loadPersistentStores { _, error in
///     if let error { print(error) }   // relationship 'notes' of entity 'List' has no destination entity in this model
/// }
/// ```
public enum CoreDataError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The model cannot be loaded into the engine.
    case model(String)
    /// The store cannot be opened, read or written.
    case store(String)
    /// A fetch request cannot be run.
    case fetch(String)
    /// A save failed; nothing was saved.
    case save(String)
    /// The context cannot do what was asked (no store yet, an object of another context, …).
    case context(String)

    public var description: String {
        switch self {
        case .model(let message), .store(let message), .fetch(let message), .save(let message), .context(let message):
            message
        }
    }

    public var errorDescription: String? { description }
}
