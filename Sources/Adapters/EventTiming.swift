/// Stopwatch marks an adapter leaves during one change event, so that `timing on` can split the
/// event's time into controller, adapter and table (the consistency check is timed by its caller).
///
/// The clock is injected (nanoseconds on any monotonic scale): the REPL passes the system's
/// monotonic clock, tests pass a counter so their figures are exact.
package final class EventTiming {
    package let clock: () -> UInt64
    /// When the adapter received `controllerWillChangeContent` (the controller's work is done by then).
    package private(set) var firstCallbackAt: UInt64?
    /// Nanoseconds spent in table calls made through the adapter (batches, reloads).
    package private(set) var tableNanoseconds: UInt64 = 0

    package init(clock: @escaping () -> UInt64) {
        self.clock = clock
    }

    /// Forgets the marks of the previous event.
    package func reset() {
        firstCallbackAt = nil
        tableNanoseconds = 0
    }

    func markFirstCallback() {
        if firstCallbackAt == nil { firstCallbackAt = clock() }
    }

    /// Adds the time `body` takes to the table's share.
    func timeTable<E: Error>(_ body: () throws(E) -> Void) throws(E) {
        let start = clock()
        defer { tableNanoseconds += clock() &- start }
        try body()
    }
}
