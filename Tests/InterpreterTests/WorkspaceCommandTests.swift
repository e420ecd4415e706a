import Interpreter
import Testing

/// `fetch … as NAME`, `use`, `close`, `context`, `batch`, `refetch` (issue 16 items 3 and 4).
@Suite struct WorkspaceCommandTests {
    /// Notes #1 Milk (todo), #2 Eggs (done), #3 Tea (todo), saved, one controller over all of them.
    private func notes() throws -> Session {
        let session = try Session(.empty)
        _ = session.text("entity Note title:string done:bool order:int")
        _ = session.text(
            #"insert Note title="Milk" done=false order=1 ; insert Note title="Eggs" done=true order=2 ; insert Note title="Tea" done=false order=3"#
        )
        _ = session.text("save")
        _ = session.text("fetch Note sort order")
        return session
    }

    @Test func everyControllerReceivesEveryEventAndIsChecked() throws {
        let session = try notes()
        _ = session.text("fetch Note where done == true sort order as done")
        // #1 starts matching 'done' (an insert there) and is updated in place in 'default'.
        #expect(try session.callbacks("set #1 done=true") == ["insert #1 nil→0.0 applied"])
        #expect(session.interpreter.workspace.parked.map(\.name) == ["default"])
        #expect(session.interpreter.workspace.parked[0].adapter.lastEvent.entries.count == 3, "will, update, did")
        _ = session.text("use default")
        #expect(try session.callbacks("delete #2") == ["delete #2 0.1→nil applied"])
        #expect(session.text("check") == ["✓ consistent"])
    }

    @Test func sharingOneTableThrowsUIKitsRowCountError() throws {
        let session = try notes()
        _ = session.text("fetch Note where done == true sort order as done share default")
        let answer = try session.json(#"insert Note title="Rice" done=true order=0"#)
        let batch = try #require(answer["batch"] as? [String: Any])
        // The shared table had 4 rows after the first adapter's batch; the data source says 4,
        // and the second adapter inserts one more row into section 0.
        #expect(
            batch["error"] as? String
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
                + "section after the update (4) must be equal to the number of rows contained in that section before the update (4), plus or "
                + "minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of "
                + "rows moved into or out of that section (0 moved in, 0 moved out). Table view: <UITableView: 0x7fa5c0008000>"
        )
        #expect(batch["consistent"] as? Bool == false)
    }

    @Test func closingDetachesTheDelegateUnlessTold() throws {
        let session = try notes()
        _ = session.text("fetch Note where done == true sort order as done")
        _ = session.text("fetch Note where done == false sort order as todo")
        _ = session.text("use default")
        #expect(session.text("close todo") == ["closed 'todo': delegate detached, controller released"])
        _ = session.text("close --leave-delegate done")
        let problems =
            try #require(try session.json("set #2 title=\"Brown eggs\"")["batch"] as? [String: Any])["problems"]
            as? [String]
        #expect(problems?.count == 1)
        #expect(
            problems?.first?.hasPrefix(
                "controller 'done': 3 callbacks reached the table closed with 'close --leave-delegate': "
                    + "UITableView was told to layout its visible cells") == true)
        #expect(session.text("use done") == ["error: controller 'done' was closed at column 5"])
        #expect(
            session.text("close default") == [
                "error: controller 'default' is selected; 'use' another first at column 7"
            ])
        #expect(
            session.text("use defualt") == [
                "error: no controller named 'defualt' at column 5 (did you mean 'default'?)"
            ])
    }

    @Test func backgroundEditsArriveAtSaveAsOneMergedEvent() throws {
        let session = try notes()
        _ = session.text("context bg")
        _ = session.text("use context bg")
        #expect(try session.callbacks("set #1 title=\"Oat milk\" ; delete #3") == [])
        #expect(try session.callbacks(#"insert Note title="Rice" done=false order=0"#) == [])
        let saved = try session.json("save")
        #expect(saved["merged"] as? Bool == true)
        _ = session.text("use context main")
        #expect(session.text("check") == ["✓ consistent"])
        #expect(session.interpreter.workspace.controller?.fetchedObjects?.map(\.objectID.rawValue) == [4, 1, 2])
    }

    @Test func theMainContextsCommandsAreRefusedInABackgroundContext() throws {
        let session = try notes()
        _ = session.text("context bg")
        _ = session.text("use context bg")
        let answer = try session.json("fetch Note sort title")
        #expect(
            answer["error"] as? String
                == "'fetch' works on the main context and its controllers; 'use context main' first (the selected context is 'bg')"
        )
    }

    @Test func mergedSaveReportsEveryChangeInOneEvent() throws {
        let session = try notes()
        _ = session.text("context bg")
        _ = session.text("use context bg")
        _ = session.text("set #1 title=\"Oat milk\" ; delete #3")
        #expect(try session.callbacks("save") == ["delete #3 0.2→nil applied", "update #1 0.0→0.0 applied"])
    }

    @Test func batchUpdateLeavesTheControllerStaleUntilMerged() throws {
        let session = try notes()
        let answer = try session.json("batch set Note order=0 where done == true")
        #expect(answer["written"] as? [Int] == [2])
        #expect(answer["consistent"] as? Bool == false)
        #expect(
            answer["problems"] as? [String] == [
                "controller 'default' disagrees with a fresh fetch: #2 is at 0.1 but a fresh fetch has it at 0.0",
                "controller 'default' disagrees with a fresh fetch: #2 has order=2 but the store has 0",
                "controller 'default' disagrees with a fresh fetch: #1 is at 0.0 but a fresh fetch has it at 0.1",
            ])
        _ = session.text("refetch")
        #expect(session.text("check") == ["✓ consistent"])
        #expect(
            try session.callbacks("batch --merge delete Note where title == \"Tea\"") == ["delete #3 0.2→nil applied"])
        #expect(session.text("check") == ["✓ consistent"])
    }

    @Test func badWorkspaceInputIsOneLineNamingWhatAndWhere() throws {
        let session = try notes()
        #expect(session.text("use context bgg") == ["error: no context named 'bgg' at column 13"])
        #expect(session.text("context main") == ["error: 'main' is the main context's name at column 9"])
        #expect(
            session.text("batch set Nte order=1") == ["error: unknown entity 'Nte' at column 11 (did you mean 'Note'?)"]
        )
        #expect(
            try session.json("batch set Note ordr=1")["error"] as? String
                == "unknown attribute 'ordr' of entity 'Note' at column 16 (did you mean 'order'?)")
        #expect(
            session.text("fetch Note sort order as x share x") == [
                "error: controller 'x' cannot share its own table at column 34"
            ])
    }
}
