import Interpreter
import Testing

/// `timing on|off` (psql's `\timing`) with an injected clock that advances 1 µs per reading, so
/// every figure is exact (issue 13 item 12).
@Suite struct TimingCommandTests {
    /// A session whose clock reads 1 µs, 2 µs, 3 µs, …
    func session() throws -> Session {
        let session = try Session()
        var now: UInt64 = 0
        session.interpreter.clock = {
            now += 1_000
            return now
        }
        return session
    }

    /// Readings of one edit line with the coordinator: 1 line start, 2 event start, 3 first
    /// callback, 4–5 its one batch, 6 end of the callbacks, 7 after layout, 8 after the check,
    /// 9 line end. So controller 3−2, adapter (6−3)−(5−4), table (5−4)+(7−6), check 8−7, total 9−1.
    @Test func anEditLineIsSplitIntoStages() throws {
        let session = try session()
        #expect(session.text("timing on") == ["timing on"])
        let outcome = session.interpreter.execute("delete 0.0")
        #expect(
            outcome.timing?.summary
                == "time 0.008 ms: controller 0.001, adapter 0.002, table 0.002, check 0.001 · 3 callbacks")
        #expect(
            !outcome.renderText(width: 80).contains { $0.hasPrefix("time ") },
            "timing is not part of the text a transcript records")
        let json = try session.json("set 0.0 title=\"x\"")
        let timing = try #require(json["timing"] as? [String: Any])
        #expect(timing["totalMs"] as? Double == 0.008 && timing["callbacks"] as? Int == 3)
    }

    @Test func aLineWithoutAnEventHasOnlyItsTotal() throws {
        let session = try session()
        _ = session.text("timing on")
        #expect(session.interpreter.execute("check").timing?.summary == "time 0.001 ms · no change event")
        #expect(session.text("timing") == ["timing on"])
        let off = session.interpreter.execute("timing off")
        #expect(off.timing == nil && off.renderText(width: 80) == ["timing off"])
        #expect(session.interpreter.execute("delete 0.0").timing == nil)
    }
}
