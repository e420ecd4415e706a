import Testing

@testable import FetchSimStorage

@Suite("Storage checks")
struct StorageChecksTests {
    /// The tests run in debug, where the package defines FETCHSIM_STORAGE_CHECKS for this module:
    /// a test run that skipped the invariant walks would prove less than it claims.
    @Test func checksRunInTestBuilds() {
        #if DEBUG
        #expect(StorageChecks.isEnabled)
        #else
        #expect(!StorageChecks.isEnabled)
        #endif
    }
}
