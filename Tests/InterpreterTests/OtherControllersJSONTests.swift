import Foundation
import Interpreter
import Testing

/// Issue 16: the other controllers' callbacks in the JSON protocol, with the same fields as the
/// selected controller's.
@Suite struct OtherControllersJSONTests {
    @Test func everyOtherControllerThatHeardTheEventIsListedWithItsCallbacks() throws {
        let session = try Session(.empty)
        _ = session.text("entity Note title:string done:bool order:int")
        _ = session.text("insert Note title=\"Milk\" done=false order=1 ; insert Note title=\"Eggs\" done=true order=2")
        _ = session.text("fetch Note sort order")
        _ = session.text("fetch Note where done == true sort order as done")
        // Milk (#1) starts matching 'done': an insert at 0.0 here; in 'default' an update in place.
        let answer = try session.json("set #1 done=true")
        let batch = try #require(answer["batch"] as? [String: Any])
        let others = try #require(batch["controllers"] as? [[String: Any]])
        #expect(others.map { $0["controller"] as? String } == ["default"])
        let callbacks = try #require(others.first?["callbacks"] as? [[String: Any]])
        #expect(callbacks.map { $0["event"] as? String } == ["willChangeContent", "object", "didChangeContent"])
        #expect(callbacks[1]["type"] as? String == "update" && callbacks[1]["id"] as? Int == 1)
        #expect(callbacks[1]["indexPath"] as? [Int] == [0, 0] && callbacks[1]["action"] as? String == "applied")
        #expect(others.first?["error"] is NSNull)
        let own = try #require(batch["callbacks"] as? [[String: Any]])
        #expect(own.contains { $0["type"] as? String == "insert" && $0["newIndexPath"] as? [Int] == [0, 0] })
    }
}
