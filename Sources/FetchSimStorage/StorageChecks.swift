/// Whether the storage types check their invariants after each mutation.
///
/// The storage module holds the engine's fast machinery — trees, lookup tables, pools, lent
/// iteration — and every unsafe construct in the package. Each type offers a safe API and a
/// `checkInvariants()` that walks its whole structure; mutations call it when this flag is on.
/// Debug builds (and so `swift test`) define `FETCHSIM_STORAGE_CHECKS`, release builds do not:
/// the checks cost a full walk per mutation, which the tests can pay and a benchmark cannot.
///
/// ```swift
/// if StorageChecks.isEnabled { tree.checkInvariants() }
/// ```
package enum StorageChecks {
    #if FETCHSIM_STORAGE_CHECKS
    /// True in this build: invariants are checked after each mutation.
    package static let isEnabled = true
    #else
    /// False in this build: invariants are checked only when a test asks.
    package static let isEnabled = false
    #endif
}
