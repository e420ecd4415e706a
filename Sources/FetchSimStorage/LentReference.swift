/// A reference that does not keep its object alive: one word, copied, read and dropped without
/// reference counting — for values sorted and copied in bulk (the controller's tree entries, a
/// change event's candidates) whose objects a strong reference elsewhere keeps alive.
///
/// The owner of the values promises that strong reference for as long as a value is used (the
/// controller's tracked table holds every object its tree holds). Builds with storage checks
/// (`StorageChecks.isEnabled`: debug builds and the tests) also keep a weak reference and stop
/// with a message when a value is read after its object was freed, instead of reading freed
/// memory.
///
/// ```swift
/// let reference = LentReference(object)
/// reference.withObject { print($0) }
/// ```
public struct LentReference<Object: AnyObject> {
    @usableFromInline unowned(unsafe) let unretained: Object
    #if FETCHSIM_STORAGE_CHECKS
    @usableFromInline weak var check: Object?
    #endif

    /// A reference to `object`, which its owner keeps alive while the reference is used.
    @inlinable @inline(__always)
    public init(_ object: Object) {
        unretained = object
        #if FETCHSIM_STORAGE_CHECKS
        check = object
        #endif
    }

    /// The object, as a strong reference (retained for the caller).
    @inlinable
    public var object: Object {
        @inline(__always) get {
            checkAlive()
            return unretained
        }
    }

    /// Calls `body` with the object lent: no retain or release around the call. `body` must not
    /// keep the object beyond the call without retaining it.
    /// - Parameter body: What to do with the object.
    /// - Returns: What `body` returns.
    @inlinable @inline(__always)
    public func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        checkAlive()
        return try Unmanaged.passUnretained(unretained)._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with `object` lent: no retain or release around the call, where reading a
    /// reference out of a buffer and passing it on would retain it and release it after.
    ///
    /// ```swift
    /// LentReference.lending(slots[i].object) { entry(for: $0) }
    /// ```
    /// - Parameters:
    ///   - object: An object its owner keeps alive throughout the call.
    ///   - body: What to do with the object.
    /// - Returns: What `body` returns.
    @inlinable @inline(__always)
    public static func lending<Result>(_ object: Object, _ body: (Object) throws -> Result) rethrows -> Result {
        try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
    }

    /// In builds with storage checks, stops the program if the object was freed.
    @inlinable @inline(__always)
    func checkAlive() {
        #if FETCHSIM_STORAGE_CHECKS
        precondition(check != nil, "a LentReference was read after its object was freed")
        #endif
    }
}
