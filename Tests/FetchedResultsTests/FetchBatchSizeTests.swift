import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// `fetchBatchSize` (docs/semantics.md, "fetchBatchSize"): Apple's documentation — "When the fetch
/// is executed, the entire request is evaluated and the identities of all matching objects
/// recorded, but only data for objects up to the batchSize will be fetched from the persistent
/// store at a time … as you traverse the array, a batch of objects is faulted in." Twelve notes,
/// batches of five: ranks 0–4, 5–9, 10–11.
@Suite struct FetchBatchSizeTests {
    private func controller(batchSize: Int) throws -> (ObjectContext, FetchedResultsController) {
        let context = try makeContext()
        for i in 0..<12 { try insertNote(context, "n\(i)", order: i) }
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "order")], fetchBatchSize: batchSize)
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        return (context, controller)
    }

    @Test func objectsFaultInByBatchOnFirstAccess() throws {
        let (_, frc) = try controller(batchSize: 5)
        #expect(frc.numberOfFaults == 12)
        #expect(frc.numberOfBatchesFetched == 0)
        _ = frc.object(at: IndexPath(row: 0, section: 0))
        #expect((frc.numberOfBatchesFetched, frc.numberOfFaults) == (1, 7))
        _ = frc.object(at: IndexPath(row: 3, section: 0))  // same batch: no fetch
        #expect((frc.numberOfBatchesFetched, frc.numberOfFaults) == (1, 7))
        _ = frc.object(at: IndexPath(row: 7, section: 0))  // ranks 5–9
        #expect((frc.numberOfBatchesFetched, frc.numberOfFaults) == (2, 2))
        _ = frc.object(at: IndexPath(row: 11, section: 0))  // the short last batch, 10–11
        #expect((frc.numberOfBatchesFetched, frc.numberOfFaults) == (3, 0))
    }

    @Test func withoutABatchSizeNothingIsAFault() throws {
        let (_, frc) = try controller(batchSize: 0)
        _ = frc.object(at: IndexPath(row: 7, section: 0))
        #expect((frc.fetchBatchSize, frc.numberOfBatchesFetched, frc.numberOfFaults) == (0, 0, 0))
    }

    @Test func anObjectInsertedAfterTheFetchIsNoFault() throws {
        let (context, frc) = try controller(batchSize: 5)
        let delegate = RecordingDelegate()
        frc.delegate = delegate
        try insertNote(context, "first", order: -1)
        try context.processPendingChanges()
        _ = frc.object(at: IndexPath(row: 0, section: 0))  // the new object: in memory
        #expect((frc.numberOfBatchesFetched, frc.numberOfFaults) == (0, 12))
        withExtendedLifetime(delegate) {}
    }
}
