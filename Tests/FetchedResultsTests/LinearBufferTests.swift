import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// The linear path keeps its append buffer from one linear event to the next (a fresh buffer's
/// pages faulted in again on every event), but not one larger than `keptLinearBufferBytes`.
@Suite struct LinearBufferTests {
    /// A controller forced onto the linear path over 50 notes, and the notes. The delegate
    /// (which the controller holds weakly, and without which it handles no event) holds it.
    private func linearController() throws -> (
        ObjectContext, FetchedResultsController, RecordingDelegate, [ManagedObject]
    ) {
        let context = try makeContext()
        let notes = try (0..<50).map { try insertNote(context, "n\($0)", group: $0 % 2 == 0 ? "A" : "B", order: $0) }
        try context.processPendingChanges()
        let (controller, delegate) = try makeController(context)
        controller.changePath = .linear
        return (context, controller, delegate, notes)
    }

    /// Moves the first `count` notes to the end of their section.
    private func reorder(_ context: ObjectContext, _ notes: [ManagedObject], count: Int, base: Int) throws {
        for (i, note) in notes.prefix(count).enumerated() { try set(context, note, "order", .int(base + i)) }
        try context.processPendingChanges()
    }

    @Test func theBufferIsKeptAndReused() throws {
        let (context, controller, delegate, notes) = try linearController()
        #expect(controller.linearBuffer == nil)  // no linear event yet
        try reorder(context, notes, count: 10, base: 100)
        let kept = try #require(controller.linearBuffer)
        #expect(kept.count == 0)  // emptied into the new tree
        try reorder(context, notes, count: 20, base: 200)
        #expect(controller.linearBuffer === kept)
        #expect(layout(of: controller).flatMap(\.ids).count == 50)
        #expect(delegate.lines.contains { $0.contains("move") })
    }

    @Test func aBufferAboveTheLimitIsFreed() throws {
        let (context, controller, delegate, notes) = try linearController()
        try reorder(context, notes, count: 10, base: 100)
        #expect(controller.linearBuffer != nil)
        // 50 entries take more than 64 bytes: the next event's buffer is not kept.
        controller.keptLinearBufferBytes = 64
        try reorder(context, notes, count: 10, base: 300)
        #expect(controller.linearBuffer == nil)
        // Nor is a new one made to be kept while the limit stands.
        try reorder(context, notes, count: 10, base: 400)
        #expect(controller.linearBuffer == nil)
        #expect(!delegate.lines.isEmpty)
    }
}
