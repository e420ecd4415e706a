import Foundation
import Fuzzing
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// `fuzz --model M --entity E …` on an entity with relationships. The model
/// `Fixtures/Library.xcdatamodeld` is written by hand in Xcode's format: `Book` (sectioned by
/// `genre`, ordered by `position`, filtered by `read`) has a to-one `shelf` (inverse
/// `Shelf.books`, at most 4), a to-many `tags` (1 to 3, *Deny*: a book with tags cannot be
/// deleted), a to-many `notes` (*Cascade*: a book's notes go with it) and a to-one `next` to
/// another book (*Cascade*, inverse `previous`: deleting a book deletes the rest of its chain, rows
/// of the list). The expectations below are read off that file by hand.
@Suite(.timeLimit(.minutes(10)))
struct RelationshipFuzzTests {
    static let libraryModel = SchemaFuzzTests.fixtures + "/Library.xcdatamodeld"
    /// The same model with `tags` under *Nullify* instead of *Deny*.
    static let catalogModel = SchemaFuzzTests.fixtures + "/Catalog.xcdatamodeld"

    /// A configuration on Book, sectioned by `genre`, ordered by `position`.
    static func library(
        model: String = libraryModel, filter: String? = nil, _ change: (inout FuzzConfiguration) -> Void = { _ in }
    ) throws -> FuzzConfiguration {
        try .schema(model: model, entity: "Book", section: "genre", index: "position", filter: filter, change)
    }

    /// The IDs a line's text names (`#3`, and in lists `[#3, #4]`).
    static func ids(in text: String) -> [Int] {
        text.split(whereSeparator: { !$0.isNumber && $0 != "#" }).compactMap {
            $0.hasPrefix("#") ? Int($0.dropFirst()) : nil
        }
    }

    @Test func theRelationshipsAndTheirTargetsAreRead() throws {
        let schema = try #require(try Self.library().schema)
        let links = schema.links.map {
            "\($0.name):\($0.target ?? "self"):\($0.isToMany):\($0.minCount)-\($0.maxCount)"
        }
        #expect(
            links == [
                "next:self:false:0-0", "notes:Note:true:0-0", "previous:self:false:0-0", "shelf:Shelf:false:0-0",
                "tags:Tag:true:1-3",
            ])
        #expect(schema.related.map(\.entity) == ["Note", "Shelf", "Tag"])
        #expect(schema.related.map { $0.columns.map(\.name) } == [["text"], ["name"], ["label"]])
    }

    /// A session inserts a few objects of each related entity after the rows, then writes every
    /// relationship: to-one ones as `#ID` or nil, to-many ones as lists within their counts,
    /// each naming only objects that exist.
    @Test func theGeneratorWritesEveryRelationship() throws {
        let configuration = try Self.library { $0.rows = 20 }
        let (lines, texts) = try SchemaFuzzTests.session(configuration, seed: 4, batches: 600)
        guard case .edits(let related) = lines[1] else {
            Issue.record("no related objects: \(lines[1])")
            return
        }
        // 20 rows / 5 = 4 objects of each of Note, Shelf and Tag.
        #expect(related.count == 12)
        #expect(texts[1].hasPrefix("insert Note text="))
        let edits = texts.dropFirst(2).joined(separator: " ; ").components(separatedBy: " ; ")
        for key in ["next", "notes", "previous", "shelf", "tags"] {
            #expect(edits.contains { $0.contains(" \(key)=#") || $0.contains(" \(key)=[#") }, "\(key)")
        }
        #expect(edits.contains { $0.contains(" next=nil") })
        // `tags` lists hold at most 3 tags (its maxCount).
        for edit in edits {
            guard let range = edit.range(of: " tags=[") else { continue }
            let list = edit[range.upperBound...].prefix { $0 != "]" }
            #expect(Self.ids(in: String(list)).count <= 3, "\(edit)")
        }
    }

    /// A *Deny* refusal of `save` and a count's are Core Data's behaviour, not findings: the
    /// executor reports them as refusals (the line is neither a generator bug nor a failure),
    /// and a cascade's deletes come in the same event as the delete, the list consistent.
    @Test func denyAndCascadeAreExpectedOutcomes() throws {
        let schema = try #require(try Self.library().schema)
        let executor = try FuzzExecutor(rendersText: true, schema: schema)
        let position = { (name: String) in schema.links.first { $0.name == name }?.position ?? -1 }
        func book(_ symbol: Int, _ title: String, order: Int) -> FuzzEdit {
            var values = FuzzValues(group: .string("Fiction"), order: .int(order))
            values.setOther(.bool(false), at: schema.columns.first { $0.name == "read" }?.position ?? -1)
            values.setOther(.string(title), at: schema.columns.first { $0.name == "title" }?.position ?? -1)
            return .insert(FuzzSymbol(symbol), values)
        }
        func link(_ symbol: Int, _ name: String, _ targets: [Int]) -> FuzzEdit {
            var values = FuzzValues()
            values.setLink(targets.map(FuzzSymbol.init), at: position(name))
            return .set(FuzzSymbol(symbol), values)
        }
        let related = schema.related
        func relatedInsert(_ symbol: Int, _ entity: String, _ value: String) -> FuzzEdit {
            var values = FuzzValues()
            let column = related.first { $0.entity == entity }?.columns.first
            values.setOther(.string(value), at: column?.position ?? -1)
            return .insertRelated(FuzzSymbol(symbol), entity: entity, values)
        }
        let setup: [FuzzLine] = [
            .edits([book(0, "a", order: 0), book(1, "b", order: 1), book(2, "c", order: 2), book(3, "d", order: 3)]),
            .edits([relatedInsert(4, "Tag", "red"), relatedInsert(5, "Note", "n")]),
            .command("fetch Book sort genre, position section genre index position", isEssential: true),
            .edits([link(0, "next", [1]), link(1, "next", [2]), link(0, "tags", [4]), link(0, "notes", [5])]),
            .save,
        ]
        for line in setup {
            let step = executor.run(line)
            #expect(step.inputError == nil && step.refusal == nil && step.failure == nil, "\(step.text ?? "")")
        }
        // Deleting `a` deletes `b` (its next) and `c` (b's next) in the same event.
        let delete = executor.run(.edits([.delete(FuzzSymbol(0))]))
        #expect(delete.text == "delete #1")
        #expect(delete.failure == nil)
        let event = delete.outcome.renderText(width: 80).first ?? ""
        #expect(event.hasPrefix("event ") && event.contains("3 deletes applied"), "\(event)")
        #expect(executor.workspace.context.objects(ofEntity: "Book").map(\.objectID) == [ObjectID(4)])
        // `a` held the tag: its Deny rule refuses the save, with Core Data's 1600.
        let save = executor.run(.save)
        #expect(save.inputError == nil && save.failure == nil)
        #expect(save.refusal?.contains("code 1600 (NSValidationRelationshipDeniedDeleteError)") == true, "\(save)")
        // Undoing the delete lets the next save through.
        #expect(executor.run(.undo).failure == nil)
        let again = executor.run(.save)
        #expect(again.refusal == nil && again.inputError == nil, "\(again.outcome.renderText(width: 80))")
        // Five books on one shelf exceed `Shelf.books`' maxCount of 4: a 1590 refusal.
        let shelf = executor.run(.edits([relatedInsert(6, "Shelf", "top")]))
        #expect(shelf.inputError == nil)
        let five = executor.run(.edits([book(7, "e", order: 4)]))
        #expect(five.inputError == nil)
        let shelved = executor.run(.edits([0, 1, 2, 3, 7].map { link($0, "shelf", [6]) }))
        #expect(shelved.inputError == nil && shelved.failure == nil, "\(shelved.text ?? "")")
        let full = executor.run(.save)
        #expect(full.refusal?.contains("code 1590") == true, "\(full)")
    }

    /// An edit naming an object whose insert is gone (the shrinker dropped it) loses it: a
    /// to-one's assignment is left out (a set of nothing else is left out whole), a to-many
    /// list keeps the objects left; the line as it ran is what the shrinker keeps.
    @Test func editsOfAnObjectWhoseInsertIsGoneAreRewritten() throws {
        let schema = try #require(try Self.library().schema)
        let executor = try FuzzExecutor(schema: schema)
        let position = { (name: String) in schema.links.first { $0.name == name }?.position ?? -1 }
        var row = FuzzValues(group: .string("Fiction"), order: .int(0))
        row.setOther(.string("a"), at: schema.columns.first { $0.name == "title" }?.position ?? -1)
        row.setOther(.bool(false), at: schema.columns.first { $0.name == "read" }?.position ?? -1)
        var tag = FuzzValues()
        tag.setOther(.string("red"), at: schema.related.first { $0.entity == "Tag" }?.columns.first?.position ?? -1)
        #expect(executor.run(.edits([.insert(FuzzSymbol(0), row), .insert(FuzzSymbol(1), row)])).inputError == nil)
        // Symbol 2 (a Tag) was never inserted; symbol 3 is.
        #expect(executor.run(.edits([.insertRelated(FuzzSymbol(3), entity: "Tag", tag)])).inputError == nil)
        var tags = FuzzValues()
        tags.setLink([FuzzSymbol(2), FuzzSymbol(3)], at: position("tags"))
        var next = FuzzValues()
        next.setLink([FuzzSymbol(2)], at: position("next"))
        var nextAndTitle = next
        nextAndTitle.setOther(.string("z"), at: schema.columns.first { $0.name == "title" }?.position ?? -1)
        let step = executor.run(
            .edits([.set(FuzzSymbol(0), tags), .set(FuzzSymbol(1), next), .set(FuzzSymbol(1), nextAndTitle)]))
        #expect(step.inputError == nil)
        #expect(step.text == "set #1 tags=[#3] ; set #2 title=\"z\"")
        var keptTags = FuzzValues()
        keptTags.setLink([FuzzSymbol(3)], at: position("tags"))
        var title = FuzzValues()
        title.setOther(.string("z"), at: schema.columns.first { $0.name == "title" }?.position ?? -1)
        #expect(step.line == .edits([.set(FuzzSymbol(0), keptTags), .set(FuzzSymbol(1), title)]))
        #expect(!step.ranWhole)
    }

    /// Several sessions of every kind of edit, the relationships' included, undo and redo among
    /// them, stay consistent: refused saves (counts) are not reported, cascades keep the list
    /// consistent, undo restores links to objects deleted and not yet saved.
    @Test(arguments: [(UInt64(1), "read == NO"), (2, "read == NO"), (3, nil)] as [(UInt64, String?)])
    func aCampaignStaysConsistent(seed: UInt64, filter: String?) throws {
        let configuration = try Self.library(model: Self.catalogModel, filter: filter) {
            $0.seed = seed
            $0.batches = 1_500
        }
        let result = try Fuzzer(configuration: configuration).run()
        guard case .passed = result.outcome else {
            Issue.record("\(result.outcome)")
            return
        }
        #expect(result.batches == 1_500)
    }

    /// The campaign's sessions do meet the refusals and the cascades: over a few sessions on the
    /// *Deny* model, some saves are refused and some deletes delete more rows than they name,
    /// and no line is a generator bug or a failure.
    @Test func theCampaignMeetsRefusalsAndCascades() throws {
        let configuration = try Self.library {
            $0.rows = 12
        }
        var refusals = 0
        var cascades = 0
        for seed in UInt64(1)...4 {
            var generator = FuzzGenerator(configuration: configuration, seed: seed)
            let executor = try FuzzExecutor(schema: configuration.schema)
            for line in generator.setup() { _ = executor.run(line) }
            for _ in 0..<400 {
                let line = generator.nextBatch(executor)
                let before = executor.workspace.context.objects(ofEntity: "Book").count
                let step = executor.run(line)
                #expect(step.inputError == nil && step.failure == nil, "\(step.text ?? ""): \(step.inputError ?? "")")
                if step.refusal != nil { refusals += 1 }
                if case .edits(let edits)? = step.line {
                    let inserts = edits.filter { if case .insert = $0 { true } else { false } }.count
                    let deletes = edits.filter { if case .delete = $0 { true } else { false } }.count
                    let after = executor.workspace.context.objects(ofEntity: "Book").count
                    if before + inserts - deletes > after { cascades += 1 }
                }
            }
        }
        #expect(refusals > 0)
        #expect(cascades > 0)
    }

    /// The fuzzer's planted bug (the visible-only renumbering) is caught on the entity with
    /// relationships and shrunk; the shrunk session names only objects it inserts, and recording
    /// its transcript runs it afresh to the same failure. (`fetchsim replay` runs without the
    /// planted bug, so the replays are checked on real findings, the tests below.)
    @Test func thePlantedBugIsCaughtAndShrunkToObjectsItInserts() throws {
        let configuration = try Self.library(filter: "read == NO") {
            $0.breaksRenumbering = true
            $0.batches = 4_000
            $0.seed = 7
        }
        let result = try Fuzzer(configuration: configuration).run()
        guard case .failed(let finding) = result.outcome else {
            Issue.record("not caught: \(result.outcome)")
            return
        }
        #expect(finding.failure.kind == .userOrder)
        var shrinker = FuzzShrinker(kind: finding.failure.kind)
        shrinker.breaksRenumbering = true
        shrinker.schema = configuration.schema
        let shrunk = shrinker.shrink(finding.session)
        var inserted: Set<FuzzSymbol> = []
        var named: Set<FuzzSymbol> = []
        for line in shrunk.lines {
            let edits: [FuzzEdit]
            switch line {
            case .edits(let e): edits = e
            case .mixed(let drag, let before, let after):
                edits = before + after
                named.formUnion([drag.row, drag.anchor])
            case .move(let drag):
                edits = []
                named.formUnion([drag.row, drag.anchor])
            default: edits = []
            }
            for edit in edits {
                switch edit {
                case .insert(let symbol, let values):
                    inserted.insert(symbol)
                    named.formUnion(values.links.flatMap(\.targets))
                case .insertRelated(let symbol, _, _): inserted.insert(symbol)
                case .set(let symbol, let values):
                    named.insert(symbol)
                    named.formUnion(values.links.flatMap(\.targets))
                case .delete(let symbol): named.insert(symbol)
                }
            }
        }
        #expect(named.isSubset(of: inserted), "\(shrunk)")
        let transcript = try FuzzTranscript(
            session: shrunk, comments: [], breaksRenumbering: true, schema: configuration.schema,
            model: Self.libraryModel)
        #expect(transcript.failure?.kind == .userOrder)
        #expect(transcript.inputLines <= 10, "\(transcript.text)")
        // Every ID an input line names is one the transcript's inserts handed out (IDs count up
        // from 1 with each insert).
        let inputs = transcript.text.split(separator: "\n").filter { $0.hasPrefix("> ") }
        let insertCount = inputs.map { $0.components(separatedBy: "insert ").count - 1 }.reduce(0, +)
        for input in inputs {
            #expect(Self.ids(in: String(input)).allSatisfy { (1...insertCount).contains($0) }, "\(input)")
        }
    }

    /// Under *Deny*, a denied delete leaves the deleted book in its tags' inverse (`Tag.books`, as
    /// Core Data leaves it until the save fails), and a later edit of that inverse records it as
    /// the old value: `undo` of that edit puts it back. The campaign behind
    /// Sessions/fuzz-model-deny-delete-then-undo-refused.session (seed 3) stays consistent.
    @Test func theDenyCampaignThatFoundTheUndoBugPasses() throws {
        let configuration = try Self.library {
            $0.seed = 3
            $0.batches = 2_000
        }
        let result = try Fuzzer(configuration: configuration).run()
        guard case .passed = result.outcome else {
            Issue.record("\(result.outcome)")
            return
        }
        #expect(result.batches == 2_000)
    }

    /// A failure of a broken adapter on the entity with relationships, shrunk: its transcript
    /// (which may keep relationship edits) replays with `fetchsim replay` to the same failure.
    @Test func aBrokenAdapterFailureReplays() throws {
        let configuration = try Self.library {
            $0.adapter = .appleTemplate
            $0.seed = 5
            $0.batches = 2_000
        }
        let found = try #require(try FuzzPipeline.run(configuration))
        #expect(found.transcript.failure?.kind == found.finding.failure.kind)
        let replay = try FuzzPipeline.replay(found.transcript.text)
        #expect(replay.passed, "\(replay.report)\n\(found.transcript.text)")
    }
}
