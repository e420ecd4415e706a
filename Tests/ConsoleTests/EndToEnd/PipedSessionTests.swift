import FetchSimTestSupport
import Foundation
import SQLiteStore
import Testing

/// The built executable, driven through pipes as scripts drive it.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct PipedSessionTests {
    @Test func plainModeRunsEveryLineAndExitsZeroWhenAllIsWell() async throws {
        let (output, status) = try await BinaryLocator.run([], input: "set 0.1 order=9\ncheck\n")
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "event 1 · 1 move applied · table: deleteRows [0.1]; insertRows [0.3]")
        #expect(lines.contains("> 0.3←0.1  #2   Eggs          Groceries  9      true"))
        #expect(lines.last == "✓ consistent")
        #expect(!output.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func aScriptWithAnInconsistencyOrAnErrorExitsNonZero() async throws {
        #expect(
            try await BinaryLocator.run([], input: "adapter apple-template moves=move-row\nmove --unflagged 0.3 0.1\n")
                .status == 1)
        #expect(try await BinaryLocator.run([], input: "nonsense\n").status == 1)
        #expect(try await BinaryLocator.run(["--empty"], input: "entity A x:int\n").status == 0)
    }

    @Test func jsonModeAnswersEveryLineWithOneJSONObject() async throws {
        let input = [
            "set 0.1 order=9", "insert Note title=\"T\" group=\"New\" order=0 ; delete #1", "", "# a comment",
            "begin", "set #2 title=\"x\"", "commit", "bogus", "check", "dump objects", "log", "stats", "save", "undo",
        ]
        let (output, _) = try await BinaryLocator.run(["--json"], input: input.joined(separator: "\n") + "\n")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == input.count)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            objects.append(try #require(object, "not a JSON object: \(line)"))
        }
        let batch = try #require(objects[1]["batch"] as? [String: Any])
        for key in ["n", "callbacks", "consistent", "problems", "error"] { #expect(batch[key] != nil, "batch.\(key)") }
        let callbacks = try #require(batch["callbacks"] as? [[String: Any]])
        #expect(callbacks.first?["event"] as? String == "willChangeContent")
        #expect(callbacks.last?["event"] as? String == "didChangeContent")
        for callback in callbacks where callback["event"] as? String == "object" {
            for key in ["type", "id", "indexPath", "newIndexPath", "action"] {
                #expect(callback[key] != nil, "callback.\(key)")
            }
        }
        #expect(objects[1]["ids"] as? [Int] == [13])
        #expect(objects[5]["batch"] is NSNull, "inside begin … commit")
        #expect(objects[7]["ok"] as? Bool == false && objects[7]["error"] != nil)
        #expect(objects[9]["objects"] != nil && objects[9]["sections"] != nil && objects[9]["table"] != nil)
    }

    @Test func emptyStartAndHelpWork() async throws {
        let (output, status) = try await BinaryLocator.run(["--empty"], input: "help insert\ndump\n")
        #expect(status == 0)
        #expect(output.contains("insert"))
        #expect(output.contains("nothing fetched"))
    }
}

/// `fetchsim --store FILE`: edit, save, quit, reopen, dump — the same objects.
@Suite(.enabled(if: BinaryLocator.fetchsim != nil, "build fetchsim first (swift build)"), .timeLimit(.minutes(10)))
struct StoreSessionTests {
    @Test func aSavedSessionReopensWithIdenticalObjects() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        let first = try await BinaryLocator.run(
            ["--json", "--store", store],
            input: """
                set 0.1 order=9 ; delete #5
                insert Note title="Tea ☕ \\"strong\\"" group="Groceries" order=4 done=false
                save
                dump objects
                """ + "\n")
        let firstDump = try #require(first.output.split(separator: "\n").last.map(String.init))
        let second = try await BinaryLocator.run(
            ["--json", "--store", store], input: "dump objects\ninsert Note title=\"new\"\n")
        let lines = second.output.split(separator: "\n").map(String.init)
        let objects = { (line: String) throws -> Any? in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["objects"]
        }
        let before = try #require(try objects(firstDump) as? [[String: Any]])
        let after = try #require(try objects(lines[0]) as? [[String: Any]])
        #expect(before.count == 12 && after.count == 12)
        #expect(NSArray(array: before).isEqual(to: after), "identical objects after reopening")
        let inserted = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect(inserted?["ids"] as? [Int] == [14], "IDs are never reused across runs")
    }

    /// `save` keeps the fetch, adapter, profile and reorder strategy in the store; reopening it
    /// applies them, so the list shows as it was saved (issue 34 item 11).
    @Test func aReopenedStoreBringsBackItsFetchAdapterProfileAndReorder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        _ = try await BinaryLocator.run(
            ["--store", store],
            input: """
                profile ios10
                reorder sparse
                adapter coordinator moves=move-row userdriven=skip-moves
                fetch Note where done != true sort group, title section group
                save
                """ + "\n")
        let reopened = try await BinaryLocator.runCollectingErrors(["--store", store], input: "show settings\nshow\n")
        #expect(reopened.error.isEmpty, "\(reopened.error)")
        let settings = reopened.output.split(separator: "\n").map(String.init)
        #expect(settings.contains("profile   ios10"))
        #expect(settings.contains("reorder   sparse"))
        #expect(
            settings.contains {
                $0.hasPrefix("adapter   coordinator moves=move-row ") && $0.contains("userdriven=skip-moves")
            })
        #expect(
            settings.contains {
                $0.hasPrefix("fetch     fetch Note where done != true sort group, title")
                    && $0.contains("section group")
            })
        // The demo's three done notes are filtered out: 9 rows in the restored list.
        #expect(reopened.output.contains("── Groceries (G) · 3 rows"))
        #expect(!reopened.output.contains("Eggs"))
    }

    /// A saved setting that no longer applies (here a fetch naming a key the entity lacks, as a
    /// store edited by hand or by another tool may hold) is skipped with a warning on stderr; the
    /// others still apply and the store opens.
    @Test func aSavedSettingThatNoLongerAppliesIsReportedAndSkipped() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        _ = try await BinaryLocator.run(["--store", store], input: "save\n")
        let file = try SQLiteStore(path: store)
        try file.saveSessionSettings(["fetch": "Note sort rank", "profile": "ios10"])
        try file.close()
        let reopened = try await BinaryLocator.runCollectingErrors(["--store", store], input: "show fetch\nprofile\n")
        #expect(
            reopened.error.hasPrefix("fetchsim: the store's saved 'fetch Note sort rank' no longer applies: "),
            "\(reopened.error)")
        #expect(reopened.output == "nothing fetched yet; use 'fetch' first\nprofile ios10\n")
    }

    /// A store file that may not be written opens read-only: the objects show, `save` is refused.
    @Test func aReadOnlyStoreOpensReadOnlyAndRefusesSave() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        _ = try await BinaryLocator.run(["--store", store], input: "delete #1\nsave\n")
        chmod(store, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let reopened = try await BinaryLocator.runCollectingErrors(
            ["--store", store], input: "stats\ndelete #2\nsave\n")
        #expect(reopened.output.hasPrefix("objects: 11"))
        #expect(
            reopened.error.contains(
                "<stdin>:3: error: store file '\(store)' is open read-only (the file cannot be written): nothing was saved"
            ))
        #expect(reopened.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    /// A recording of a session on a store embeds the store's objects: the transcript replays
    /// after the store file is gone (issue 34 item 10, for `--store`).
    @Test func aRecordingOnAStoreReplaysWithoutTheStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        let recording = folder.appendingPathComponent("bug.session").path
        _ = try await BinaryLocator.run(
            ["--store", store],
            input:
                "delete #3\nset 0.0 title=\"Oat \\\"milk\\\"\"\nfetch Note where done != true sort group, order section group index order\nsave\n"
        )
        let recorded = try await BinaryLocator.run(
            ["--store", store, "--record", recording], input: "move 0.0 0.1\nsave\nshow\n")
        #expect(recorded.status == 0, "\(recorded.output)")
        try FileManager.default.removeItem(atPath: store)
        let replay = try await BinaryLocator.run(["replay", recording], input: "")
        #expect(replay.status == 0, "\(replay.output)")
        let transcript = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(transcript.contains("# store: notes.fetchsim\n"))
        #expect(!transcript.contains("object 3 "), "the deleted note is not in the store")
    }

    /// `record` after a save cannot start from the store's first state: it says so.
    @Test func recordAfterASaveOnAStoreIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("notes.fetchsim").path
        _ = try await BinaryLocator.run(["--store", store], input: "save\n")
        let recording = folder.appendingPathComponent("late.session").path
        let late = try await BinaryLocator.runCollectingErrors(
            ["--store", store], input: "delete #1\nsave\nrecord \(recording)\n")
        #expect(
            late.error.hasPrefix("<stdin>:3: error: the session has saved to its store since it opened it"),
            "\(late.error)")
        #expect(late.status == 1)
        #expect(!FileManager.default.fileExists(atPath: recording))
    }

    @Test func aDamagedStoreIsRefusedWithOneLineAndLeftUntouched() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-store-\(UUID().uuidString).txt")
        try Data("hello\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (output, status) = try await BinaryLocator.run(["--store", file.path], input: "")
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(try Data(contentsOf: file) == Data("hello\n".utf8))
    }

    /// Piped input is a script read from stdin: errors go to stderr as `<stdin>:LINE: error: …`,
    /// one line each however long, and stdout keeps only the output.
    @Test func pipedErrorsNameStdinAndTheLineOnStderr() async throws {
        let input = "bogus\nset 9.9 title=\"a title long enough to carry the message past eighty columns\"\nstats\n"
        let (output, errors, status) = try await BinaryLocator.runCollectingErrors([], input: input)
        #expect(status == 1)
        #expect(
            errors == """
                <stdin>:1: error: unknown command 'bogus' at column 1 (try 'help')
                <stdin>:2: error: index path 9.9 is out of range (the table has 3 sections) at column 5

                """)
        #expect(!output.contains("error"))
        #expect(output.hasPrefix("objects: 12"))
    }

    /// A script that defines the demo's entity on the demo fails, and says how to start empty.
    @Test func redefiningTheDemosEntitySaysStartWithEmpty() async throws {
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors(
            [], input: "entity Note title:string rank:int\n")
        #expect(status == 1)
        #expect(
            errors.hasPrefix(
                "<stdin>:1: error: entity 'Note' has 12 objects; delete them before redefining it at column 8; "))
        #expect(errors.contains("start with --empty"))
        let (_, emptyErrors, emptyStatus) = try await BinaryLocator.runCollectingErrors(
            ["--empty"], input: "entity Note title:string rank:int\n")
        #expect(emptyStatus == 0 && emptyErrors.isEmpty)
    }

    /// A mistyped subcommand reads as a script that does not exist: it is named as meant.
    @Test func aMistypedSubcommandGetsDidYouMean() async throws {
        let (output, errors, status) = try await BinaryLocator.runCollectingErrors(["repaly", "x.session"])
        #expect(status == 64 && output.isEmpty)
        #expect(errors.hasPrefix("Error: no such script 'repaly'; did you mean 'fetchsim replay'?"))
    }
}
