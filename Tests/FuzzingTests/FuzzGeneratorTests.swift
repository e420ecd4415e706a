import FetchSimCore
import Fuzzing
import Interpreter
import Testing
import Transcripts

/// The generator writes every kind of batch the issue asks for, never an invalid line, and the
/// same lines for the same seed.
@Suite struct FuzzGeneratorTests {
    /// Runs `batches` generated lines for `configuration`; returns their text and the events' callbacks.
    static func generate(_ configuration: FuzzConfiguration, batches: Int, seed: UInt64 = 5) throws -> (
        lines: [String], callbacks: [String]
    ) {
        var generator = FuzzGenerator(configuration: configuration, seed: seed)
        let executor = try FuzzExecutor()
        executor.interpreter.rendersJSON = true  // the fuzzer runs without it; the batches are read from it here
        var lines: [String] = []
        var callbacks: [String] = []
        for line in generator.setup() {
            let step = executor.run(line)
            try #require(step.inputError == nil, "\(step.text ?? "")")
            lines.append(try #require(step.text))
        }
        for _ in 0..<batches {
            let step = executor.run(generator.nextBatch(executor))
            try #require(step.inputError == nil, "\(step.text ?? ""): \(step.inputError ?? "")")
            try #require(step.failure == nil, "\(step.text ?? ""): \(step.failure.map(String.init(describing:)) ?? "")")
            lines.append(try #require(step.text, "every generated line runs whole"))
            if let report = executor.interpreter.lastReport, step.outcome.json.description.contains("\"batch\":{") {
                callbacks += report.event.entries.map { "\($0.callback)" }
            }
        }
        return (lines, callbacks)
    }

    @Test func setupIsTheEntityTheRowsInOneLineTheFetchTheAdapterAndTheProfile() throws {
        let configuration = FuzzConfiguration.with(seed: 1, batches: 0) {
            $0.adapter = .appleTemplate
            $0.moves = .moveRow
        }
        let (lines, _) = try Self.generate(configuration, batches: 0)
        #expect(lines.count == 5)
        #expect(lines[0] == "entity Item title:string group:string order:int hidden:bool")
        #expect(lines[1].hasPrefix("insert Item title=\""))
        #expect(lines[1].components(separatedBy: " ; ").allSatisfy { $0.hasPrefix("insert Item ") })
        #expect(lines[2] == "fetch Item where hidden == NO sort group, order section group index order")
        #expect(lines[3] == "adapter apple-template moves=move-row")
        #expect(lines[4] == "profile modern")
    }

    @Test func batchesCoverEveryKindOfEdit() throws {
        let configuration = FuzzConfiguration.with(seed: 1, batches: 0) {
            $0.adapter = .reloadAll
            $0.unflaggedPercent = 30
        }
        let (all, callbacks) = try Self.generate(configuration, batches: 3_000)
        let lines = Array(all.dropFirst(5))
        let edits = lines.flatMap { $0.components(separatedBy: " ; ") }
        func has(_ prefix: String) -> Bool { edits.contains { $0.hasPrefix(prefix) } }
        func sets(_ field: String) -> Bool { edits.contains { $0.hasPrefix("set #") && $0.contains(" \(field)=") } }
        #expect(has("insert Item "))
        #expect(has("delete #"))
        for field in ["title", "order", "group", "hidden"] { #expect(sets(field), "set \(field)") }
        let counts = lines.map { $0.components(separatedBy: " ; ").count }
        #expect(counts.min() == 1)
        #expect(counts.max() == 10)
        let sections = lines.filter { $0.hasPrefix("move ") }.map {
            $0.split(separator: " ").suffix(2).map { $0.split(separator: ".")[0] }
        }
        let within = sections.contains { $0[0] == $0[1] }
        let across = sections.contains { $0[0] != $0[1] }
        #expect(within, "drags within a section")
        #expect(across, "drags across sections")
        let unflagged = lines.contains { $0.hasPrefix("move --unflagged ") }
        let flagged = lines.contains { $0.hasPrefix("move ") && !$0.contains("--unflagged") }
        #expect(unflagged && flagged)
        for command in ["save", "undo", "redo"] {
            let found = lines.contains(command)
            #expect(found, "\(command)")
        }
        let appear = callbacks.contains { $0.hasPrefix("didChange section") && $0.contains(" insert ") }
        let disappear = callbacks.contains { $0.hasPrefix("didChange section") && $0.contains(" delete ") }
        #expect(appear, "sections appear")
        #expect(disappear, "sections disappear")
    }

    @Test func drawsAreDeterministic() throws {
        let configuration = FuzzConfiguration.with(seed: 1, batches: 0)
        let first = try Self.generate(configuration, batches: 300, seed: 9).lines
        #expect(try Self.generate(configuration, batches: 300, seed: 9).lines == first)
        #expect(try Self.generate(configuration, batches: 300, seed: 10).lines != first)
    }

    @Test func theListStaysNearItsSize() throws {
        let configuration = FuzzConfiguration.with(seed: 1, batches: 0) { $0.rows = 12 }
        var generator = FuzzGenerator(configuration: configuration, seed: 3)
        let executor = try FuzzExecutor()
        for line in generator.setup() { _ = executor.run(line) }
        var sizes: [Int] = []
        for _ in 0..<1_000 {
            _ = executor.run(generator.nextBatch(executor))
            sizes.append(executor.interpreter.workspace.context.objectCount)
        }
        #expect(sizes.min() ?? 0 >= 1)
        #expect(sizes.max() ?? 0 <= 12 * 3 / 2 + 10)
    }
}
