import FetchSimCore
import Fuzzing
import Interpreter
import ObjectGraph
import Testing
import Transcripts

/// Shrinking: symbols that follow their inserts, the passes, and the result on a known session.
@Suite struct FuzzShrinkerTests {
    static func row(_ title: String, _ group: String, _ order: Int) -> FuzzValues {
        [.title: .string(title), .group: .string(group), .order: .int(order), .hidden: .bool(false)]
    }

    static let setup: [FuzzLine] = [
        .command("entity Item title:string group:string order:int hidden:bool", isEssential: true),
        .edits([
            .insert(FuzzSymbol(0), row("t1", "A", 1)), .insert(FuzzSymbol(1), row("t2", "A", 0)),
            .insert(FuzzSymbol(2), row("t3", "B", 5)),
        ]),
        .command("fetch Item where hidden == NO sort group, order section group index order", isEssential: true),
    ]

    @Test func editsOfObjectsThatAreGoneAreLeftOut() throws {
        let executor = try FuzzExecutor()
        for line in Self.setup { #expect(executor.run(line).inputError == nil) }
        #expect(executor.run(.edits([.set(FuzzSymbol(9), [.title: .string("x")])])).text == nil, "never inserted")
        let step = executor.run(
            .edits([.delete(FuzzSymbol(0)), .set(FuzzSymbol(0), [.order: .int(1)]), .delete(FuzzSymbol(0))]))
        #expect(step.text == "delete #1")
        #expect(step.line == .edits([.delete(FuzzSymbol(0))]))
        #expect(
            executor.run(.move(FuzzDrag(row: FuzzSymbol(0), anchor: FuzzSymbol(1), placement: .after, isFlagged: true)))
                .text == nil,
            "#1 is gone")
        #expect(executor.run(.redo).text == nil, "nothing to redo")
        #expect(executor.run(.undo).text == "undo")
        #expect(
            executor.run(.edits([.set(FuzzSymbol(0), [.order: .int(4)])])).text == "set #1 order=4",
            "undo brought #1 back")
    }

    @Test func shrinksAnAppleTemplateSessionToItsCause() throws {
        let session = FuzzSession(
            lines: Self.setup + [
                // skip-moves: the template's own default (skip-all) would first fail on the drag's emptied section.
                .command("adapter apple-template userdriven=skip-moves", isEssential: false),
                .command("profile modern", isEssential: false),
                .edits([.set(FuzzSymbol(2), [.title: .string("t9")]), .insert(FuzzSymbol(3), Self.row("t4", "C", 2))]),
                .save,
                .move(FuzzDrag(row: FuzzSymbol(2), anchor: FuzzSymbol(3), placement: .before, isFlagged: true)),
                .edits([
                    .set(FuzzSymbol(0), [.title: .string("t45")]),
                    .set(FuzzSymbol(1), [.order: .int(1), .title: .string("t8")]),
                    .set(FuzzSymbol(3), [.order: .int(3)]),
                ]),
                .undo,
            ])
        let executor = try FuzzExecutor()
        let failures = session.lines.compactMap { executor.run($0).failure }
        let failure = try #require(failures.first)
        #expect(failure.kind == .inconsistent(.wrongCell))

        var shrinker = FuzzShrinker(kind: failure.kind)
        let shrunk = shrinker.shrink(session)
        let texts = try FuzzExecutor().runAll(shrunk)
        #expect(
            texts == [
                "entity Item title:string group:string order:int hidden:bool",
                // Titles shrink to each object's own short name, so the failure's rows stay apart.
                #"insert Item title="a" group="A" order=1 hidden=false ; insert Item title="b" group="A" order=0 hidden=false"#,
                "fetch Item where hidden == NO sort group, order section group index order",
                "adapter apple-template userdriven=skip-moves",
                // A write of the title #1 already has is an update too (issue 17 item 5): enough for rule 4.
                #"set #1 title="a" ; set #2 order=1"#,
            ])
        var again = FuzzShrinker(kind: failure.kind)
        #expect(again.shrink(session) == shrunk)
        #expect(again.tries == shrinker.tries)
    }

    /// A drag named by its objects gives back the index paths it was made from, for every drag
    /// the table accepts, within and across sections.
    @Test func dragsRoundTripThroughTheirObjects() throws {
        let executor = try FuzzExecutor()
        for line in Self.setup { _ = executor.run(line) }
        _ = executor.run(
            .edits([.insert(FuzzSymbol(3), Self.row("t4", "B", 6)), .insert(FuzzSymbol(4), Self.row("t5", "C", 0))]))
        let table = try #require(executor.interpreter.workspace.table)
        #expect(table.rowIdentifiersBySection.map(\.count) == [2, 2, 1])
        var drags = 0
        for section in 0..<3 {
            for row in 0..<table.numberOfRows(inSection: section) {
                let from = IndexPath(row: row, section: section)
                for target in 0..<3 {
                    for slot in 0...table.numberOfRows(inSection: target) {
                        let to = IndexPath(row: slot, section: target)
                        guard let drag = executor.drag(from: from, to: to, isFlagged: true) else { continue }
                        drags += 1
                        let paths = try #require(executor.paths(of: drag))
                        #expect(paths.from == from && paths.to == to, "\(from) → \(to): \(drag)")
                    }
                }
            }
        }
        // Within sections: 2 + 2 + 0 drags; across: from each row to every slot of the other sections.
        #expect(drags == (2 + 2 + 0) + 2 * (3 + 2) + 2 * (3 + 2) + 1 * (3 + 3), "every drag the table accepts")
    }

    @Test func aSessionWithoutThatFailureIsLeftAlone() {
        let session = FuzzSession(lines: Self.setup + [.edits([.set(FuzzSymbol(0), [.title: .string("y")])])])
        var shrinker = FuzzShrinker(kind: .inconsistent(.wrongCell))
        #expect(shrinker.shrink(session) == session)
        #expect(shrinker.tries == 1)
    }
}

extension FuzzExecutor {
    /// Runs every line; returns the text of those that ran.
    func runAll(_ session: FuzzSession) -> [String] {
        session.lines.compactMap { run($0).text }
    }
}
