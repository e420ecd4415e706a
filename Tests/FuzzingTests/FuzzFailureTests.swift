import Adapters
import Fuzzing
import Interpreter
import Testing

/// Failure kinds: what the shrinker must keep the same, read from typed values.
@Suite struct FuzzFailureTests {
    private func report(error: TableViewError? = nil, problems: [ConsistencyProblem] = []) -> EventReport {
        var event = AdapterEvent()
        event.tableError = error
        return EventReport(number: 1, event: event, problems: problems)
    }

    @Test func aConsistentEventIsNoFailure() {
        #expect(FuzzFailure(report()) == nil)
    }

    @Test(arguments: ConsistencyProblem.Kind.allCases)
    func theFirstProblemGivesTheKind(_ kind: ConsistencyProblem.Kind) throws {
        let failure = try #require(FuzzFailure(report(problems: [.init(kind, "first"), .init(.order, "second")])))
        #expect(failure.kind == .inconsistent(kind))
        #expect(failure.message == "first")
        #expect(failure.kind.description == kind.rawValue)
        #expect(!failure.isUIKitError)
    }

    @Test func aUIKitErrorTakesPrecedenceAndIsKindedByItsCase() throws {
        let path = IndexPath(row: 12, section: 0)
        let failure = try #require(
            FuzzFailure(
                report(
                    error: .deleteRowOutOfRange(path, rowCount: 12),
                    problems: [.init(.rowCount, "section 0 has 4 rows but the controller has 5")])))
        #expect(failure.kind == .tableError("deleteRowOutOfRange"))
        #expect(failure.kind.description == "UIKit: deleteRowOutOfRange")
        #expect(
            failure.message == "attempt to delete row 12 from section 0 which only contains 12 rows before the update")
        #expect(failure.isUIKitError)
        let elsewhere = try #require(
            FuzzFailure(report(error: .deleteRowOutOfRange(IndexPath(row: 3, section: 2), rowCount: 1))))
        #expect(elsewhere.kind == failure.kind, "the same mistake at another index path is the same kind")
    }

    @Test func tableErrorKindsNameTheirCases() {
        #expect(
            TableViewError.invalidSectionCount(after: 1, before: 2, inserted: 0, deleted: 0).kind
                == "invalidSectionCount")
        #expect(TableViewError.endUpdatesWithoutBeginUpdates.kind == "endUpdatesWithoutBeginUpdates")
        #expect(TableViewError.userMoveDuringUpdates.kind == "userMoveDuringUpdates")
        #expect(TableViewError.updateBlockFailed("x").kind == "updateBlockFailed")
    }
}
