/// How long one input line took (`timing on`, psql's `\timing`): in all, and for a line that
/// made a change event, split into its stages.
package struct LineTiming: Equatable, Sendable {
    /// One change event's stages, in nanoseconds.
    package struct Stages: Equatable, Sendable {
        /// From processing the pending changes to the adapter's first callback: the context's
        /// notification and the controller's change computation.
        package var controller: UInt64
        /// The adapter's own work between its first callback and the end of the event.
        package var adapter: UInt64
        /// Table calls the adapter made (batches, reloads) and the layout pass after the event.
        package var table: UInt64
        /// The consistency check.
        package var check: UInt64
        /// Delegate calls the adapter received, `willChangeContent` and `didChangeContent` included.
        package var callbacks: Int
    }

    package var totalNanoseconds: UInt64
    package var stages: Stages?

    /// `time 0.412 ms: controller 0.120, adapter 0.050, table 0.200, check 0.042 · 5 callbacks`,
    /// or `time 0.010 ms · no change event`.
    package var summary: String {
        let total = "time \(Self.milliseconds(totalNanoseconds)) ms"
        guard let stages else { return total + " · no change event" }
        return total
            + ": controller \(Self.milliseconds(stages.controller)), adapter \(Self.milliseconds(stages.adapter)), "
            + "table \(Self.milliseconds(stages.table)), check \(Self.milliseconds(stages.check))"
            + " · \(stages.callbacks) callback\(stages.callbacks == 1 ? "" : "s")"
    }

    /// `{"totalMs":…,"controllerMs":…,…,"callbacks":N}` (stages only for a change event).
    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("totalMs", .double(Self.ms(totalNanoseconds)))]
        if let stages {
            fields += [
                ("controllerMs", .double(Self.ms(stages.controller))), ("adapterMs", .double(Self.ms(stages.adapter))),
                ("tableMs", .double(Self.ms(stages.table))), ("checkMs", .double(Self.ms(stages.check))),
                ("callbacks", .int(stages.callbacks)),
            ]
        }
        return .object(fields)
    }

    private static func ms(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1_000_000 }

    /// Milliseconds with three decimals (microsecond resolution), e.g. `0.412`, `12.000`.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let micro = (nanoseconds + 500) / 1_000
        let fraction = String(micro % 1_000)
        return "\(micro / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
