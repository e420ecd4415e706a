/// How a context resolves conflicts between its unsaved values and the store's, as Core Data's
/// `NSMergePolicy`.
///
/// FetchSim records the policy; the engine resolves every conflict one way (see
/// `NSManagedObjectContext.mergePolicy`).
///
/// ```swift
/// context.mergePolicy = NSMergeByPropertyObjectTrumpMergePolicy
/// context.mergePolicy = NSMergePolicy.mergeByPropertyObjectTrump   // the same
/// ```
public final class NSMergePolicy: Sendable, CustomStringConvertible {
    /// Which policy, as Core Data's `NSMergePolicyType`.
    public let mergeType: NSMergePolicyType

    /// A policy of `type`.
    public init(merge type: NSMergePolicyType) {
        mergeType = type
    }

    /// Fail the save on a conflict (Core Data's default).
    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    /// Per property, the store's value wins.
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    /// Per property, the context's value wins.
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    /// The context's objects replace the store's whole.
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    /// The context's changes to conflicting objects are discarded.
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)

    public var description: String { "NSMergePolicy(\(mergeType))" }
}

/// The kinds of merge policy, as Core Data's `NSMergePolicyType`, with Apple's raw values.
///
/// ```swift
/// context.mergePolicy = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
/// (context.mergePolicy as? NSMergePolicy)?.mergeType   // .mergeByPropertyObjectTrumpMergePolicyType
/// ```
///
/// Recorded: the engine resolves every conflict one way, whatever the type (see
/// `NSManagedObjectContext.mergePolicy`).
public enum NSMergePolicyType: UInt, Sendable {
    case errorMergePolicyType = 0
    case mergeByPropertyStoreTrumpMergePolicyType = 1
    case mergeByPropertyObjectTrumpMergePolicyType = 2
    case overwriteMergePolicyType = 3
    case rollbackMergePolicyType = 4
}

/// Core Data's `NSErrorMergePolicy`.
public let NSErrorMergePolicy = NSMergePolicy.error
/// Core Data's `NSMergeByPropertyStoreTrumpMergePolicy`.
public let NSMergeByPropertyStoreTrumpMergePolicy = NSMergePolicy.mergeByPropertyStoreTrump
/// Core Data's `NSMergeByPropertyObjectTrumpMergePolicy`.
public let NSMergeByPropertyObjectTrumpMergePolicy = NSMergePolicy.mergeByPropertyObjectTrump
/// Core Data's `NSOverwriteMergePolicy`.
public let NSOverwriteMergePolicy = NSMergePolicy.overwrite
/// Core Data's `NSRollbackMergePolicy`.
public let NSRollbackMergePolicy = NSMergePolicy.rollback
