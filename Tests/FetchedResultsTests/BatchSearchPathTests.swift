import Testing

@testable import FetchedResults

/// The controller's batch search of old slots (`findOldSlots(_:)`), which runs only on trees of
/// `batchSearchMinimumCount` objects or more, forced onto the small trees of the random tests:
/// the callbacks must still rebuild a fresh fetch's layout (`RandomReplayTests`, a brute-force
/// oracle) and match the linear path's (`ChangePathTests`).
@Suite struct BatchSearchPathTests {
    @Test(arguments: RandomReplayTests.configurations)
    func randomReplayWithTheBatchSearch(_ configuration: RandomReplayTests.Configuration) throws {
        try FetchedResultsController.$batchSearchMinimumCount.withValue(0) {
            try RandomReplayTests().callbacksReplayOntoTheOldLayoutGiveAFreshFetch(configuration)
        }
    }

    @Test(arguments: ChangePathTests.configurations)
    func incrementalWithTheBatchSearchMatchesLinear(_ configuration: ChangePathTests.Configuration) throws {
        try FetchedResultsController.$batchSearchMinimumCount.withValue(0) {
            try ChangePathTests().bothPathsReportTheSameCallbacks(configuration)
        }
    }
}
