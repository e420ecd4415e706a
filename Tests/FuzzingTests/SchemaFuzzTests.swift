import Adapters
import Foundation
import Fuzzing
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// `fuzz --model M --entity E --section KEY --index KEY`: the fuzzer on a user's entity. The
/// model `Fixtures/Tasks.xcdatamodeld` is written by hand in the format Xcode writes (as
/// `Tests/CoreDataFilesTests/ModelFixtures.swift` describes it), with an attribute of each type;
/// `Fixtures/Tasks.csv` holds six rows in `import csv`'s format. The ranges and sets expected
/// below are read off those two files by hand.
@Suite(.timeLimit(.minutes(10)))
struct SchemaFuzzTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path
    static let tasksModel = fixtures + "/Tasks.xcdatamodeld"
    static let tasksCSV = fixtures + "/Tasks.csv"
    static let notesModel =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Examples/NotesApp/Notes.xcdatamodeld"

    /// A configuration on the Tasks entity, sectioned by `list`, ordered by `position`.
    static func tasks(
        filter: String? = nil, data: String? = tasksCSV, index: String = "position",
        _ change: (inout FuzzConfiguration) -> Void = { _ in }
    ) throws -> FuzzConfiguration {
        try .schema(
            model: tasksModel, entity: "Task", section: "list", index: index, filter: filter, data: data, change)
    }

    /// A configuration on the example app's Note entity (no seed rows).
    static func notes(_ change: (inout FuzzConfiguration) -> Void = { _ in }) throws -> FuzzConfiguration {
        try .schema(model: notesModel, entity: "Note", section: "group", index: "order", change)
    }

    /// Runs the setup and `batches` batches of one session, as `Fuzzer` does, returning each line's text.
    static func session(_ configuration: FuzzConfiguration, seed: UInt64, batches: Int) throws -> (
        lines: [FuzzLine], texts: [String]
    ) {
        var generator = FuzzGenerator(configuration: configuration, seed: seed)
        let executor = try FuzzExecutor(schema: configuration.schema)
        var lines: [FuzzLine] = []
        var texts: [String] = []
        func run(_ line: FuzzLine) {
            let step = executor.run(line)
            #expect(step.inputError == nil, "\(step.text ?? ""): \(step.inputError ?? "")")
            lines.append(line)
            if let text = step.text { texts.append(text) }
        }
        generator.setup().forEach(run)
        for _ in 0..<batches { run(generator.nextBatch(executor)) }
        return (lines, texts)
    }

    // MARK: The schema

    @Test func readsTheEntitysAttributesAndTheSeedRows() throws {
        let schema = try #require(try Self.tasks().schema)
        // Schema order (the file's); the Binary attribute and the relationship are left out.
        #expect(
            schema.columns.map(\.name) == [
                "cost", "done", "due", "estimate", "identifier", "list", "notes", "position",
                "priority", "progress", "title",
            ])
        #expect(
            schema.columns.map(\.modelType.rawValue) == [
                "Decimal", "Boolean", "Date", "Integer 64", "UUID", "String", "String",
                "Integer 32", "Integer 16", "Double", "String",
            ])
        #expect(schema.columns.filter(\.isOptional).map(\.name) == ["cost", "due", "estimate", "notes"])
        #expect(schema.columns.first { $0.role == .section }?.name == "list")
        #expect(schema.columns.first { $0.role == .index }?.name == "position")
        // Home 3 rows, Work 2, Errands 1, then the first letter not among them.
        #expect(schema.sectionValues == [.string("Home"), .string("Work"), .string("Errands"), .string("A")])
        #expect(schema.seedRows.count == 6)
    }

    @Test func theFetchAndTheCommandLineNameTheUsersSchema() throws {
        let configuration = try Self.tasks(filter: "done == NO") {
            $0.sortsAscending = false
            $0.reorder = .sparse
        }
        var generator = FuzzGenerator(configuration: configuration, seed: 1)
        let setup = generator.setup().compactMap { line -> String? in
            if case .command(let text, _) = line { return text }
            return nil
        }
        #expect(
            setup.first
                == "fetch Task where done == NO sort list, position desc section list index position reorder sparse")
        #expect(!setup.contains { $0.hasPrefix("entity ") })
        #expect(
            configuration.commandLine
                == "fetchsim fuzz --seed 1 --reorder sparse --sort desc --model \(Self.tasksModel) --entity Task"
                + " --section list --index position --filter 'done == NO' --data \(Self.tasksCSV)")
    }

    /// With `--rows` at least the file's six rows, a session starts with all of them, in the
    /// file's order, each written with every attribute (the CSV's empty optional cells as nil).
    @Test func aSessionStartsWithTheUsersRows() throws {
        let (_, texts) = try Self.session(try Self.tasks { $0.rows = 20 }, seed: 3, batches: 0)
        let inserts = texts[0].components(separatedBy: " ; ")
        #expect(inserts.count == 6)
        #expect(
            inserts.first == "insert Task cost=3.25 done=false due=2026-03-01T09:00:00Z estimate=15"
                + " identifier=\"0B5E7C1E-6F0A-4D3B-9C57-1F2E3D4C5B6A\" list=\"Home\" notes=nil position=0 priority=1 progress=0.5 title=\"Buy milk\""
        )
        #expect(
            inserts[1]
                == "insert Task cost=nil done=false due=nil estimate=30 identifier=\"5C1D2E3F-4A5B-4C6D-8E7F-901A2B3C4D5E\""
                + " list=\"Home\" notes=\"ask about the \\\"leak\\\"\" position=1 priority=3 progress=0.0 title=\"Call plumber\""
        )
        let titles = inserts.map { $0.components(separatedBy: "title=").last ?? "" }
        #expect(
            titles == [
                "\"Buy milk\"", "\"Call plumber\"", "\"Write report\"", "\"Review PR\"", "\"File taxes\"",
                "\"Water plants\"",
            ])
        // With fewer rows asked for, a sample of them, still in file order.
        let (_, sampled) = try Self.session(try Self.tasks { $0.rows = 4 }, seed: 3, batches: 0)
        let sample = sampled[0].components(separatedBy: " ; ").map { $0.components(separatedBy: "title=").last ?? "" }
        #expect((2...4).contains(sample.count))
        #expect(sample == titles.filter(sample.contains))
    }

    /// Every value the generator writes is of its attribute's type and within what the data
    /// shows: priority −2…5, estimate 5…240, progress 0…1, cost 3.25…99.99, due between
    /// 2026-02-20T12:00:00Z and 2026-04-15T23:59:59Z, the list among the small set; optional
    /// attributes are sometimes nil, required ones never; every insert sets every attribute.
    @Test func generatedValuesFollowTheTypesAndTheDataRanges() throws {
        let configuration = try Self.tasks()
        let schema = try #require(configuration.schema)
        let (lines, _) = try Self.session(configuration, seed: 5, batches: 400)
        let position = { (name: String) in schema.columns.first { $0.name == name }?.position ?? -1 }
        var values: [FuzzValues] = []
        var inserts = 0
        var nils: Set<String> = []
        for line in lines.dropFirst() {
            guard case .edits(let edits) = line else { continue }
            for edit in edits {
                switch edit {
                case .insert(_, let v):
                    values.append(v)
                    inserts += 1
                    // Every attribute; the relationship `project` besides, some of the time.
                    #expect(v.count - v.links.count == 11)
                case .set(_, let v): values.append(v)
                case .delete, .insertRelated: break
                }
            }
        }
        #expect(inserts > 20)
        let low = Date(timeIntervalSince1970: 1_771_588_800)
        let high = Date(timeIntervalSince1970: 1_776_297_599)
        for v in values {
            if let list = v[.group] { #expect(schema.sectionValues.contains(list)) }
            if let order = v[.order] {
                guard case .int = order else {
                    Issue.record("position \(order)")
                    continue
                }
            }
            for other in v.others {
                let name = schema.columns.first { $0.position == other.position }?.name ?? "?"
                if other.value.isNull {
                    nils.insert(name)
                    continue
                }
                switch (name, other.value) {
                case ("priority", .int(let n)): #expect((-2...5).contains(n))
                case ("estimate", .int(let n)): #expect((5...240).contains(n))
                case ("progress", .double(let d)): #expect((0...1).contains(d))
                case ("cost", .double(let d)): #expect((3.25...99.99).contains(d))
                case ("due", .date(let d)): #expect(low <= d && d <= high)
                case ("done", .bool): break
                case ("identifier", .string(let s)): #expect(UUID(uuidString: s) != nil)
                case ("title", .string(let s)), ("notes", .string(let s)): #expect(!s.isEmpty)
                default: Issue.record("\(name) = \(other.value)")
                }
            }
        }
        #expect(nils == ["cost", "due", "estimate", "notes"])
        #expect(position("title") >= 0)
    }

    // MARK: Campaigns

    @Test func aCorrectAdapterStaysConsistent() throws {
        let runs: [FuzzConfiguration] = [
            try Self.notes { $0.batches = 600 },
            try Self.tasks(filter: "done == NO") {
                $0.batches = 600
                $0.seed = 2
            },
            try Self.tasks(filter: "priority > 0 AND list != \"Work\"") {
                $0.batches = 400
                $0.seed = 3
                $0.reorder = .sparse
                $0.sortsAscending = false
            },
            try Self.tasks(index: "progress") {
                $0.batches = 400
                $0.seed = 4
                $0.reorder = .fractional
                $0.mixedPercent = 30
            },
        ]
        for configuration in runs {
            let result = try Fuzzer(configuration: configuration).run()
            guard case .passed = result.outcome else {
                Issue.record("\(configuration.commandLine): \(result.outcome)")
                continue
            }
            #expect(result.batches == configuration.batches)
        }
    }

    /// Apple's template adapter (rule 4: the update reconfigures the cell at its old path) is
    /// caught on the user's entity; the shrunk transcript names the model, holds the seed rows
    /// as its own insert lines, and replays to the same failure with the CSV file gone.
    @Test func aBrokenAdapterIsCaughtShrunkAndReplaysWithoutTheData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-schemafuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("Tasks.csv").path
        try FileManager.default.copyItem(atPath: Self.tasksCSV, toPath: csv)
        let configuration = try Self.tasks(data: csv) {
            $0.adapter = .appleTemplate
            $0.seed = 11
            $0.batches = 2_000
        }
        let path = directory.appendingPathComponent("found.session").path
        var launcher = FuzzLauncher(configuration: configuration)
        launcher.outputPath = path
        launcher.showsProgress = false
        var output: [String] = []
        launcher.output = { output.append($0) }
        #expect(launcher.run() == 1, "\(output)")
        try FileManager.default.removeItem(atPath: csv)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(4) == [
                "# fetchsim session v1", "# start: empty",
                "# model: " + FuzzTranscript.relativePath(to: Self.tasksModel, from: directory.path),
                "# expect: inconsistent",
            ])
        #expect(lines.contains { $0.hasPrefix("> insert Task ") })
        #expect(!lines.contains { $0.hasPrefix("> entity ") || $0.hasPrefix("> import ") })
        #expect(lines.filter { $0.hasPrefix("> ") }.count <= 10)
        #expect(lines.contains("# Failure: stale cell") || lines.contains("# Failure: wrong cell"))
        let replay = TranscriptReplayer().replay(path: path)
        #expect(replay.passed, "\(replay.report)")
    }

    /// The fuzzer's self-test on the user's entity: the seeds' visible-only renumbering loses the
    /// order of the rows the filter hides, and the shrinker cuts it to a short session.
    @Test func theRenumberingBugIsCaughtUnderTheUsersFilter() throws {
        let configuration = try Self.tasks(filter: "done == NO") {
            $0.breaksRenumbering = true
            $0.batches = 3_000
            $0.seed = 7
        }
        let found = try #require(try FuzzPipeline.run(configuration), "not caught")
        #expect(found.finding.failure.kind == .userOrder)
        let transcript = found.transcript
        #expect(transcript.failure?.kind == .userOrder)
        #expect(transcript.inputLines <= 8, "\(transcript.text)")
    }

    @Test func runsAreDeterministic() throws {
        let configuration = try Self.tasks {
            $0.batches = 300
            $0.seed = 9
        }
        let first = try Self.session(configuration, seed: 42, batches: 200).texts
        let second = try Self.session(configuration, seed: 42, batches: 200).texts
        #expect(first == second)
    }

    // MARK: Refusals, before any batch

    static func refusal(_ arguments: FuzzSchemaArguments, _ change: (inout FuzzConfiguration) -> Void = { _ in })
        -> String?
    {
        var configuration = FuzzConfiguration()
        change(&configuration)
        do {
            try arguments.apply(to: &configuration)
            return nil
        } catch {
            return error.description
        }
    }

    static func arguments(
        model: String = tasksModel, entity: String? = "Task", section: String? = "list", index: String? = "position",
        filter: String? = nil, data: String? = nil, store: String? = nil
    ) -> FuzzSchemaArguments {
        var arguments = FuzzSchemaArguments()
        (arguments.model, arguments.entity, arguments.section, arguments.index) = (model, entity, section, index)
        (arguments.filter, arguments.data, arguments.coreDataStore) = (filter, data, store)
        return arguments
    }

    @Test func unknownNamesGetDidYouMean() {
        #expect(
            Self.refusal(Self.arguments(entity: "Tsk"))
                == "--entity: no entity 'Tsk' in '\(Self.tasksModel)' (did you mean 'Task'?); its entities: Assignment, Project, Task"
        )
        #expect(
            Self.refusal(Self.arguments(section: "lst"))?.hasPrefix(
                "--section: no attribute 'lst' in entity 'Task' (did you mean 'list'?); its attributes: cost, done,")
                == true)
        #expect(
            Self.refusal(Self.arguments(index: "postion"))?.hasPrefix(
                "--index: no attribute 'postion' in entity 'Task' (did you mean 'position'?)") == true)
        #expect(
            Self.refusal(Self.arguments(section: "project"))
                == "--section: 'project' is a relationship of 'Task': a key must be an attribute")
    }

    /// An abstract entity is in the engine's schema (a fetch of it includes its sub-entities)
    /// but has no objects of its own: refused, naming the sub-entities to fuzz instead.
    @Test func anAbstractEntityIsRefusedWithItsSubEntities() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-abstract-\(UUID().uuidString)/Items.xcdatamodel")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22522" systemVersion="23F79" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
                <attribute name="list" attributeType="String"/>
                <attribute name="position" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
            </entity>
            <entity name="Task" representedClassName="Task" parentEntity="Item" syncable="YES">
                <attribute name="title" optional="YES" attributeType="String"/>
            </entity>
        </model>
        """.write(to: directory.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        #expect(
            Self.refusal(Self.arguments(model: directory.path, entity: "Item"))
                == "--entity: entity 'Item' is abstract (no object is ever of it): fuzz one of its sub-entities (Task)")
        #expect(Self.refusal(Self.arguments(model: directory.path, entity: "Task")) == nil)
    }

    @Test func keysOfUnusableTypesAreRefused() {
        #expect(
            Self.refusal(Self.arguments(section: "due"))
                == "--section: 'due' is a Date attribute; a section key must be a String, Integer 16/32/64 or Boolean attribute, whose values the fuzzer draws from a small set"
        )
        #expect(
            Self.refusal(Self.arguments(index: "title"))
                == "--index: 'title' is a String attribute; the index key (the display order drags renumber) must be an Integer 16/32/64, Double, Float or Decimal attribute"
        )
        #expect(
            Self.refusal(Self.arguments(index: "progress"), { $0.reorder = .sparse })
                == "--index: 'progress' is a Double attribute, but '--reorder sparse' keeps its keys in an int attribute"
        )
        #expect(
            Self.refusal(Self.arguments(section: "position"))?.hasPrefix("--section and --index both name 'position'")
                == true)
    }

    @Test func aBadFilterIsRefusedWithItsColumn() {
        #expect(Self.refusal(Self.arguments(filter: "done == == NO"))?.hasPrefix("--filter: ") == true)
        #expect(
            Self.refusal(Self.arguments(filter: "done == == NO"))?.contains("at column 9 of 'done == == NO'") == true)
        #expect(Self.refusal(Self.arguments(filter: "dnoe == NO"))?.hasSuffix("(did you mean 'done'?)") == true)
    }

    @Test func aCSVThatDoesNotMatchIsRefusedWithItsPlace() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-schemafuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let unknown = directory.appendingPathComponent("unknown.csv").path
        try "titel,list,position,identifier\nA,Home,0,11111111-2222-4333-8444-555555555555\n".write(
            toFile: unknown, atomically: true, encoding: .utf8)
        #expect(
            Self.refusal(Self.arguments(data: unknown))
                == "--data: \(unknown):1:1: unknown attribute 'titel' of entity 'Task' (did you mean 'title'?)")
        let badCell = directory.appendingPathComponent("bad.csv").path
        try "title,list,position,identifier\nA,Home,first,11111111-2222-4333-8444-555555555555\n".write(
            toFile: badCell, atomically: true, encoding: .utf8)
        #expect(
            Self.refusal(Self.arguments(data: badCell)) == "--data: \(badCell):2:3: invalid int 'first' for 'position'")
        let missing = directory.appendingPathComponent("missing.csv").path
        try "title,list,position\nA,Home,0\n".write(toFile: missing, atomically: true, encoding: .utf8)
        #expect(
            Self.refusal(Self.arguments(data: missing))
                == "--data: \(missing):1:1: no column for required attribute 'identifier' of 'Task' (and it has no default value)"
        )
        #expect(
            Self.refusal(Self.arguments(data: directory.path + "/none.csv"))
                == "--data: no such file '\(directory.path)/none.csv'")
    }

    @Test func otherCombinationsAreRefused() {
        #expect(
            Self.refusal(Self.arguments(entity: nil, index: nil))
                == "'--model' needs --entity, --index: the entity to fuzz, the attribute its list is sectioned by and the one that orders it"
        )
        #expect(
            Self.refusal(Self.arguments(entity: "Project", section: "name", index: "name"))?.hasPrefix(
                "--section and --index") == true)
        // A required relationship is fuzzed too (RelationshipFuzzTests): its targets are inserted.
        #expect(Self.refusal(Self.arguments(entity: "Assignment", section: "team", index: "rank")) == nil)
        #expect(
            Self.refusal(Self.arguments(data: "a.csv", store: "b.sqlite"))
                == "'--data' and '--coredata-store' both seed the list: give one")
        #expect(
            Self.refusal(Self.arguments(), { $0.itemKey = .title })
                == "'--items' names a field of the built-in Item; it cannot be combined with '--model'")
        #expect(
            Self.refusal(Self.arguments(), { $0.workspaceOptions.controllers = 2 })?.hasPrefix(
                "'--controllers', '--background'") == true)
        #expect(
            Self.refusal(Self.arguments(model: Self.fixtures + "/None.xcdatamodeld"))?.hasPrefix("--model: ") == true)
        var builtIn = FuzzSchemaArguments()
        builtIn.data = "a.csv"
        #expect(
            Self.refusal(builtIn)
                == "'--data' needs '--model': it names part of a user's schema (the built-in schema is Item with group and order)"
        )
        builtIn = FuzzSchemaArguments()
        builtIn.filter = "done == NO"
        #expect(
            Self.refusal(builtIn)
                == "'--filter' must be a percentage between 0 and 100, not 'done == NO' (a predicate is a filter for a user's entity, with '--model')"
        )
        builtIn.filter = "30"
        var configuration = FuzzConfiguration()
        #expect(throws: Never.self) { try builtIn.apply(to: &configuration) }
        #expect(configuration.filterPercent == 30 && configuration.schema == nil)
    }

    @Test func relativeModelPaths() {
        #expect(
            FuzzTranscript.relativePath(to: "/w/Models/Notes.xcdatamodeld", from: "/w/out")
                == "../Models/Notes.xcdatamodeld")
        #expect(FuzzTranscript.relativePath(to: "/w/out/Notes.xcdatamodeld", from: "/w/out") == "Notes.xcdatamodeld")
        #expect(FuzzTranscript.relativePath(to: "/a/b/M.xcdatamodel", from: "/a/c/d") == "../../b/M.xcdatamodel")
        #expect(FuzzTranscript.relativePath(to: "/work/M.xcdatamodel", from: "/tmp/x") == "/work/M.xcdatamodel")
    }
}

extension SchemaFuzzTests {
    /// The shrinker makes an optional attribute nil when the failure does not need its value,
    /// and a required one its type's plainest value.
    @Test func shrinkingSimplifiesTheUsersAttributes() throws {
        let configuration = try Self.notes()
        let schema = try #require(configuration.schema)
        let created = try #require(schema.columns.first { $0.name == "created" }).position
        let done = try #require(schema.columns.first { $0.name == "done" }).position
        func note(_ symbol: Int, title: String) -> FuzzEdit {
            var values = FuzzValues(group: .string("A"), order: .int(0))
            values.setOther(.date(Date(timeIntervalSinceReferenceDate: 86_400)), at: created)
            values.setOther(.bool(true), at: done)
            values.setOther(.string(title), at: try! #require(schema.columns.first { $0.name == "title" }).position)
            return .insert(FuzzSymbol(symbol), values)
        }
        let session = FuzzSession(lines: [
            .edits([note(0, title: "t1"), note(1, title: "t2")]),
            .command("fetch Note sort group, order section group index order", isEssential: true),
            .command("adapter apple-template", isEssential: false),
            .edits([
                .set(FuzzSymbol(1), FuzzValues(group: .string("A"))), .set(FuzzSymbol(0), FuzzValues(order: .int(1))),
            ]),
        ])
        var shrinker = FuzzShrinker(kind: .inconsistent(.wrongCell))
        shrinker.schema = schema
        let shrunk = shrinker.shrink(session)
        guard case .edits(let inserts)? = shrunk.lines.first, case .insert(_, let values)? = inserts.first else {
            Issue.record("\(shrunk)")
            return
        }
        #expect(values.other(at: created) == .null)
        #expect(values.other(at: done) == .null)
    }
}
