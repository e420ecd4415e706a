import Fuzzing
import SheetEditor
import Testing

/// The key fuzzer (issue 34, item 16): random keys into the full-screen editor, the screen and
/// the REPL replay checked after every key. A smaller run than CI's million.
@Suite struct KeyFuzzerTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomKeysKeepTheScreenAndTheReplayTrue(seed: UInt64) throws {
        let result = try KeyFuzzer(seed: seed, keys: 1_500).run()
        #expect(result.failure == nil, "\(result.failure.map(\.description) ?? "")")
        #expect(result.keys == 1_500)
        #expect(result.lines > 0, "the keys ran command lines")
    }

    /// The same seed gives the same run.
    @Test func aRunIsDeterministic() throws {
        let first = try KeyFuzzer(seed: 9, keys: 800).run()
        let second = try KeyFuzzer(seed: 9, keys: 800).run()
        #expect(first == second)
    }

    /// The check sees a replay that differs: a line the editor's interpreter ran that the
    /// replica did not (the failure the check exists for).
    @Test func aReplayThatDiffersIsCaught() throws {
        let session = try KeySession()
        session.editor.handle(.character("d"))
        session.editor.handle(.character("d"))
        #expect(session.problem() == nil, "a delete by keys replays")
        _ = session.editor.interpreter.execute("delete 0.0")
        session.editor.handle(.character("d"))
        session.editor.handle(.character("d"))
        let problem = try #require(session.problem())
        #expect(problem.hasPrefix("the REPL's replay of the lines differs after 'delete 0.0'"))
    }

    /// A failing list shrinks to the keys that matter: with a made-up failure ("`L` and later a
    /// resize"), 40 keys become exactly those two.
    @Test func theShrinkerKeepsOnlyTheKeysThatFail() throws {
        var keys: [Key] =
            Array(repeating: .down, count: 12) + [.character("L")] + Array(repeating: .character("j"), count: 20)
        keys += [.resize(rows: 3, columns: 5)] + Array(repeating: .up, count: 6)
        let fails = { (list: [Key]) -> Bool in
            guard let pane = list.firstIndex(of: .character("L")) else { return false }
            return list[pane...].contains { if case .resize = $0 { true } else { false } }
        }
        #expect(try KeyFuzzer.shrink(keys, fails: fails) == [.character("L"), .resize(rows: 3, columns: 5)])
        // A clean list replays clean.
        #expect(try KeyFuzzer.replay(keys) == nil)
    }
}
