import Interpreter
import Testing

/// Seeing and changing the setup: `show schema|fetch|adapter|settings`, `adapter`/`profile` alone,
/// and `adapter OPTION=VALUE` on the current adapter.
@Suite struct SetupCommandTests {
    @Test func showSchemaPrintsEntityLinesThatDefineTheSameEntities() throws {
        let session = try Session(.empty)
        _ = session.text("entity Task title:string rank:int=5 due:date? done:bool?=false")
        #expect(session.text("show schema") == ["entity Task title:string rank:int=5 due:date? done:bool?=false"])
        let answer = try session.json("show schema")
        let entities = try #require(answer["entities"] as? [[String: Any]])
        let attributes = try #require(entities.first?["attributes"] as? [[String: Any]])
        #expect(attributes.map { $0["name"] as? String } == ["title", "rank", "due", "done"])
        #expect(attributes[1]["default"] as? Int == 5 && attributes[2]["optional"] as? Bool == true)
        // Pasting the line into a fresh session defines the same entity.
        let other = try Session(.empty)
        _ = other.text(session.text("show schema")[0])
        #expect(other.text("show schema") == session.text("show schema"))
    }

    /// `show fetch` is a line that fetches the same list again; a defaulted sort is spelled out.
    @Test func showFetchPrintsTheRequestAsALineThatCanBePastedBack() throws {
        let session = try Session()
        #expect(session.text("show fetch") == ["fetch Note sort group, order section group index order"])
        _ = session.text("fetch Note where done == nil section group index order limit 3")
        let line = session.text("show fetch")
        #expect(line == ["fetch Note where done == nil sort group, order section group index order limit 3"])
        let before = session.interpreter.execute("dump").json.description
        _ = session.text(line[0])
        #expect(session.interpreter.execute("dump").json.description == before)
        #expect(before.contains(#""ids":[1,3,4]"#), "the filter and the limit hold: Milk, Bread, Coffee")
    }

    @Test func adapterOptionsWithoutANameChangeTheCurrentAdapter() throws {
        let session = try Session()
        _ = session.text("adapter apple-template")
        #expect(
            session.text("adapter moves=move-row") == [
                "adapter apple-template moves=move-row updates=reconfigure userdriven=skip-all threshold=off paused=false"
            ])
        #expect(session.text("adapter") == session.text("show adapter"))
        #expect(
            session.text("show adapter") == [
                "adapter apple-template moves=move-row updates=reconfigure userdriven=skip-all threshold=off paused=false"
            ])
    }

    @Test func profileAloneAndShowSettingsTellTheCurrentSetup() throws {
        let session = try Session()
        _ = session.text("profile ios9")
        #expect(session.text("profile") == ["profile ios9"])
        _ = session.text("set 0.0 title=\"Oat milk\"")
        #expect(
            session.text("show settings") == [
                "adapter   coordinator moves=delete-insert updates=reconfigure-in-batch userdriven=skip-moves threshold=off paused=false",
                "profile   ios9",
                "reorder   dense",
                "fetch     fetch Note sort group, order section group index order",
                "viewport  rows 0..<200",
                "events    1",
                "block     none",
                "unsaved   yes",
                "table     table",
            ])
        _ = session.text("table collection")
        #expect(session.text("show settings").last == "table     collection")
    }
}

/// `entity` again with other attributes: replaced while no object exists, and the fetch of that
/// entity is fetched again — or dropped when it no longer fits.
@Suite struct EntityRedefinitionCommandTests {
    @Test func aTypoInAnEntityCanBeFixed() throws {
        let session = try Session(.empty)
        _ = session.text("entity Task titel:string rank:int")
        _ = session.text("fetch Task sort rank")
        #expect(
            session.text("entity Task title:string rank:int") == [
                "entity Task redefined: title string, rank int", "fetched again: fetch Task sort rank",
            ])
        _ = session.text("insert Task title=\"a\" rank=1")
        #expect(session.text("dump") == ["controller 0 \"\": #1", "table 0: #1"])
        #expect(
            session.text("entity Task title:string") == [
                "error: entity 'Task' has 1 object; delete it before redefining it at column 8"
            ])
    }

    @Test func aFetchThatNoLongerFitsIsDropped() throws {
        let session = try Session(.empty)
        _ = session.text("entity Task title:string rank:int")
        _ = session.text("fetch Task sort rank")
        #expect(
            session.text("entity Task title:string") == [
                "entity Task redefined: title string",
                "the fetch no longer fits the entity and was dropped; use 'fetch' again",
            ])
        #expect(session.text("show fetch") == ["nothing fetched yet; use 'fetch' first"])
        #expect(session.text("check") == ["✓ consistent"])
    }
}
