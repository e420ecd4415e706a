import FetchSimTestSupport
import Foundation
import Fuzzing
import ObjectGraph
import Testing

@testable import Benchmarks

/// `fetchsim bench --model M --entity E --section KEY --index KEY`: the benchmark's pipeline on a
/// user's entity. The model and rows are the fuzzer's fixtures (`Tests/FuzzingTests/Fixtures`):
/// `Tasks.xcdatamodeld`, written by hand in Xcode's format, and `Tasks.csv`, six rows. What the
/// tests expect — the titles in file order, the ranges, which rows a filter keeps — is read off
/// those two files by hand.
@Suite(.timeLimit(.minutes(10)))
struct SchemaBenchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let fixtures = root + "/Tests/FuzzingTests/Fixtures"
    static let tasksModel = fixtures + "/Tasks.xcdatamodeld"
    static let tasksCSV = fixtures + "/Tasks.csv"
    static let notesModel = root + "/Examples/NotesApp/Notes.xcdatamodeld"

    /// Tasks.csv's titles, in its order.
    static let csvTitles = ["Buy milk", "Call plumber", "Write report", "Review PR", "File taxes", "Water plants"]
    /// Task's attributes the fuzzer writes: all but the Binary `attachment` and the relationship `project`.
    static let writtenKeys: Set<String> = [
        "cost", "done", "due", "estimate", "identifier", "list", "notes", "position", "priority", "progress", "title",
    ]

    static func arguments(
        model: String = tasksModel, entity: String? = "Task", section: String? = "list", index: String? = "position",
        filter: String? = nil, data: String? = tasksCSV
    ) -> FuzzSchemaArguments {
        var arguments = FuzzSchemaArguments()
        (arguments.model, arguments.entity, arguments.section, arguments.index) = (model, entity, section, index)
        (arguments.filter, arguments.data) = (filter, data)
        return arguments
    }

    // MARK: The list

    @Test func theDataGivesTheSizeAndStartsTheList() throws {
        let schema = try BenchRunner.schema(Self.arguments())
        #expect(try BenchRunner.sizes(on: schema, asked: nil, defaults: [10_000]) == [6])
        #expect(try BenchRunner.sizes(on: schema, asked: [40], defaults: [10_000]) == [40])
        var workload = try SchemaBenchWorkload(schema: schema, rows: 6, seed: 3)
        let context = try ObjectContext(store: workload.makeStore(count: 6))
        let objects = context.objects(ofEntity: "Task").sorted { $0.objectID < $1.objectID }
        #expect(objects.map { $0.value(forKey: "title") ?? .null } == Self.csvTitles.map(Value.string))
        #expect(objects.map { $0.value(forKey: "priority") ?? .null } == [1, 3, 2, -2, 5, 0].map(Value.int))
    }

    @Test func sizesBeyondTheDataAreFilledWithGeneratedRows() throws {
        let schema = try BenchRunner.schema(Self.arguments())
        var workload = try SchemaBenchWorkload(schema: schema, rows: 40, seed: 3)
        let context = try ObjectContext(store: workload.makeStore(count: 40))
        let objects = context.objects(ofEntity: "Task").sorted { $0.objectID < $1.objectID }
        #expect(objects.count == 40)
        #expect(objects.prefix(6).map { $0.value(forKey: "title") ?? .null } == Self.csvTitles.map(Value.string))
        // Generated rows keep to the data's ranges: priority -2…5, estimate 5…240 (or nil).
        for object in objects.dropFirst(6) {
            guard case .int(let priority)? = object.value(forKey: "priority") else {
                Issue.record("priority of a generated row is not an integer")
                continue
            }
            #expect((-2...5).contains(priority))
            if case .int(let estimate)? = object.value(forKey: "estimate") { #expect((5...240).contains(estimate)) }
        }
    }

    @Test func withoutDataTheSizeIsTheOneAsked() throws {
        let schema = try BenchRunner.schema(
            Self.arguments(model: Self.notesModel, entity: "Note", section: "group", index: "order", data: nil))
        #expect(try BenchRunner.sizes(on: schema, asked: nil, defaults: [10_000, 100_000]) == [10_000, 100_000])
        var workload = try SchemaBenchWorkload(schema: schema, rows: 250, seed: 1)
        let context = try ObjectContext(store: workload.makeStore(count: 250))
        #expect(context.objects(ofEntity: "Note").count == 250)
    }

    @Test func theFilterFetchesTheRowsItAccepts() throws {
        let schema = try BenchRunner.schema(Self.arguments(filter: "done == NO"))
        var workload = try SchemaBenchWorkload(schema: schema, rows: 6, seed: 3)
        let context = try ObjectContext(store: workload.makeStore(count: 6))
        let pipeline = try PipelineStack(
            context: context, request: workload.request, indexKey: workload.indexKey, path: .automatic)
        // Not done: Buy milk and Call plumber (Home), Write report (Work), File taxes (Errands).
        #expect(pipeline.controller.numberOfFetchedObjects == 4)
        #expect(pipeline.controller.sections?.map(\.name) == ["Errands", "Home", "Work"])
        #expect(pipeline.controller.sections?.map(\.numberOfObjects) == [1, 2, 1])
    }

    // MARK: The edits

    @Test func editsAreTheFuzzersDrawsForTheEntitysAttributes() throws {
        let schema = try BenchRunner.schema(Self.arguments())
        var workload = try SchemaBenchWorkload(schema: schema, rows: 6, seed: 5)
        _ = try workload.makeStore(count: 6)
        var kinds: Set<String> = []
        for _ in 0..<20 {
            for edit in workload.nextEvent(changes: 50) {
                switch edit {
                case .insert(let values):
                    kinds.insert("insert")
                    #expect(Set(values.map(\.key)) == Self.writtenKeys)
                    for (key, value) in values { try Self.expectInRange(key, value) }
                case .delete:
                    kinds.insert("delete")
                case .set(_, let key, let value):
                    kinds.insert(key == "position" ? "index" : key == "list" ? "section" : "plain")
                    #expect(Self.writtenKeys.contains(key), "\(key)")
                    try Self.expectInRange(key, value)
                }
            }
        }
        #expect(kinds == ["insert", "delete", "index", "section", "plain"])
    }

    /// The ranges of Tasks.csv, read by hand; nil only where the attribute is optional.
    static func expectInRange(_ key: String, _ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let optional: Set<String> = ["cost", "due", "estimate", "notes"]
        if value.isNull {
            #expect(optional.contains(key), "\(key) is required but drawn nil", sourceLocation: sourceLocation)
            return
        }
        switch (key, value) {
        case ("priority", .int(let n)): #expect((-2...5).contains(n), sourceLocation: sourceLocation)
        case ("estimate", .int(let n)): #expect((5...240).contains(n), sourceLocation: sourceLocation)
        case ("progress", .double(let x)): #expect((0...1).contains(x), sourceLocation: sourceLocation)
        case ("cost", .double(let x)): #expect((3.25...99.99).contains(x), sourceLocation: sourceLocation)
        case ("position", .int(let n)): #expect(n >= 0, sourceLocation: sourceLocation)
        case ("done", .bool), ("title", .string), ("notes", .string), ("identifier", .string), ("due", .date):
            break
        case ("list", .string(let name)):
            // The small set: the data's lists by frequency, then A, B, … for the rest.
            #expect(
                ["Home", "Work", "Errands"].contains(name) || name.first?.isUppercase == true,
                sourceLocation: sourceLocation)
        default:
            Issue.record("unexpected value \(value) for '\(key)'", sourceLocation: sourceLocation)
        }
    }

    @Test func theWorkloadIsRepeatable() throws {
        let schema = try BenchRunner.schema(Self.arguments())
        var a = try SchemaBenchWorkload(schema: schema, rows: 6, seed: 9)
        var b = try SchemaBenchWorkload(schema: schema, rows: 6, seed: 9)
        _ = try a.makeStore(count: 30)
        _ = try b.makeStore(count: 30)
        for _ in 0..<10 {
            #expect(String(describing: a.nextEvent(changes: 10)) == String(describing: b.nextEvent(changes: 10)))
        }
    }

    // MARK: The runner

    @Test func theRunnerMeasuresEveryPairOnTheEntitysList() throws {
        var runner = BenchRunner(sizes: [6], changes: [1, 8], seed: 4, repetitions: 3)
        runner.schema = try BenchRunner.schema(Self.arguments(filter: "priority > 0"))
        var results: [BenchResult] = []
        // The runner throws when the pipeline and the controller disagree after any event.
        try runner.run(progress: { _ in }, report: { results.append($0) })
        #expect(results.map { [$0.size, $0.changes] } == [[6, 1], [6, 8]])
        #expect(results.allSatisfy { $0.events == 3 && $0.controllerMs > 0 && $0.pipelineMs > 0 })
    }

    @Test func theAppleStackIsTheBuiltInListsOnly() throws {
        var runner = BenchRunner(sizes: [6], changes: [1], repetitions: 1, stack: .apple)
        runner.schema = try BenchRunner.schema(Self.arguments())
        #expect(throws: BenchError.self) { try runner.run(progress: { _ in }, report: { _ in }) }
    }

    // MARK: Refusals

    struct Refusal: Sendable, CustomTestStringConvertible {
        var entity: String?
        var section: String?
        var index: String?
        var filter: String?
        var expected: String
        var testDescription: String { expected }
    }

    static let refusals = [
        Refusal(entity: "Tsk", section: "list", index: "position", expected: "--entity: no entity 'Tsk' in '"),
        Refusal(
            entity: "Task", section: "lst", index: "position",
            expected: "--section: no attribute 'lst' in entity 'Task' (did you mean 'list'?)"),
        Refusal(entity: "Task", section: "list", index: "title", expected: "--index: 'title' is a String attribute"),
        Refusal(
            entity: "Task", section: "project", index: "position",
            expected: "--section: 'project' is a relationship of 'Task'"),
        Refusal(entity: "Task", section: "list", index: "position", filter: "done ==", expected: "--filter: "),
        Refusal(entity: "Task", section: nil, index: "position", expected: "'--model' needs --section"),
    ]

    @Test(arguments: refusals)
    func aBadEntityOrKeyIsRefusedNamingTheOption(_ refusal: Refusal) {
        do {
            _ = try BenchRunner.schema(
                Self.arguments(
                    entity: refusal.entity, section: refusal.section, index: refusal.index, filter: refusal.filter))
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains(refusal.expected), "\(error)")
        }
    }

    @Test func dataWithoutRowsAndNoSizesIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schema-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("empty.csv").path
        try "title,list,position\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let schema = try BenchRunner.schema(Self.arguments(data: empty))
        #expect(throws: BenchError.self) { try BenchRunner.sizes(on: schema, asked: nil, defaults: [10]) }
        #expect(try BenchRunner.sizes(on: schema, asked: [10], defaults: [20]) == [10])
    }

    // MARK: The command

    @Test func benchModelPrintsBenchsTableForTheDatasRows() async throws {
        let (output, errors, status) = try await BinaryLocator.runCollectingErrors([
            "bench", "--model", Self.tasksModel, "--entity", "Task", "--section", "list", "--index", "position",
            "--data", Self.tasksCSV, "--changes", "1,4", "--repetitions", "2",
        ])
        #expect(status == 0, "\(errors)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("peak MB") == true, "\(output)")
        let rows = lines.dropFirst().prefix(2).map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { Array($0.prefix(2)) } == [["6", "1"], ["6", "4"]], "\(output)")
        #expect(rows.allSatisfy { $0.count == BenchResult.tableHeader.count }, "\(output)")
    }

    @Test func theModelsOptionsNeedTheModelAndTheDefaultScenario() async throws {
        let (_, errors, status) = try await BinaryLocator.runCollectingErrors(["bench", "--entity", "Task"])
        #expect(status == 64, "\(errors)")
        #expect(errors.contains("'--entity' needs '--model'"), "\(errors)")
        let (_, storeErrors, storeStatus) = try await BinaryLocator.runCollectingErrors([
            "bench", "--store", "--model", Self.tasksModel, "--entity", "Task", "--section", "list", "--index",
            "position",
        ])
        #expect(storeStatus == 64, "\(storeErrors)")
        #expect(storeErrors.contains("cannot be combined with '--store'"), "\(storeErrors)")
        let (_, entityErrors, entityStatus) = try await BinaryLocator.runCollectingErrors([
            "bench", "--model", Self.tasksModel, "--entity", "Tsk", "--section", "list", "--index", "position",
        ])
        #expect(entityStatus == 2, "\(entityErrors)")
        #expect(entityErrors.contains("fetchsim bench: --entity: no entity 'Tsk'"), "\(entityErrors)")
    }
}
