import Console
import Interpreter
import ObjectGraph
import Testing

/// Lines from an array, as a line reader.
struct ArrayLineReader: LineReader {
    var lines: [String]
    mutating func readLine(prompt: String) -> LineReadResult {
        lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }
}

/// Quitting (`quit` or Ctrl-D) with unsaved changes or inside `begin … commit` asks on a
/// terminal and warns in scripts (issue 13 item 19).
@Suite struct QuitConfirmationTests {
    func driver(_ output: Box, questions: Box, answers: [Bool]?) throws -> SessionDriver {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext(store: InMemoryStore())))
        try SessionStart.demo.prepare(interpreter)
        let driver = SessionDriver(
            interpreter: interpreter, start: .demo, isJSON: false,
            sink: { output.lines.append($0) }, errorSink: { output.lines.append("stderr: " + $0) })
        if var answers {
            driver.confirmQuit = { question in
                questions.lines.append(question)
                return answers.isEmpty ? true : answers.removeFirst()
            }
        }
        return driver
    }

    final class Box { var lines: [String] = [] }

    @Test func nothingToLoseQuitsWithoutAsking() throws {
        let output = Box()
        let questions = Box()
        let driver = try driver(output, questions: questions, answers: [false])
        var reader = ArrayLineReader(lines: ["check", "quit", "stats"])
        #expect(driver.run(reader: &reader) == false)
        #expect(questions.lines.isEmpty)
    }

    @Test func quitWithUnsavedChangesAsksAndNoKeepsTheSessionGoing() throws {
        let output = Box()
        let questions = Box()
        let driver = try driver(output, questions: questions, answers: [false, true])
        var reader = ArrayLineReader(lines: ["delete 0.0", "quit", "check", "quit", "stats"])
        #expect(driver.run(reader: &reader) == false)
        #expect(
            questions.lines == [
                "Quitting: unsaved changes are lost. Quit anyway? [y/N] ",
                "Quitting: unsaved changes are lost. Quit anyway? [y/N] ",
            ])
        #expect(output.lines.contains("✓ consistent"), "'check' ran after the first 'no'")
        #expect(!output.lines.contains { $0.hasPrefix("objects") }, "'stats' after the second quit did not run")
    }

    @Test func endOfInputInsideABlockAsksAndSaysBoth() throws {
        let output = Box()
        let questions = Box()
        let driver = try driver(output, questions: questions, answers: [false])
        var reader = ArrayLineReader(lines: ["set 0.0 title=\"x\"", "begin", "delete 0.1"])
        #expect(driver.run(reader: &reader) == true)
        #expect(
            questions.lines == [
                "Quitting: the open 'begin … commit' block is discarded and unsaved changes are lost. Quit anyway? [y/N] ",
                "Quitting: the open 'begin … commit' block is discarded and unsaved changes are lost. Quit anyway? [y/N] ",
            ], "asked at the end of input; 'no' read on, found the end again, and the default answer quit")
    }

    @Test func scriptsWarnAboutAnOpenBlockInsteadOfAsking() throws {
        let output = Box()
        let questions = Box()
        let driver = try driver(output, questions: questions, answers: nil)
        var reader = ArrayLineReader(lines: ["begin", "delete 0.1"])
        #expect(driver.run(reader: &reader) == true)
        driver.leave()
        #expect(
            output.lines.last
                == "stderr: fetchsim: warning: quitting inside 'begin … commit'; the block's edits are discarded")
        #expect(!driver.interpreter.isInTransaction)
        #expect(driver.interpreter.workspace.context.hasChanges == false, "the block's edit was discarded")
    }

    @Test func aSaveLeavesNothingToAskAbout() throws {
        let output = Box()
        let questions = Box()
        let driver = try driver(output, questions: questions, answers: [false])
        var reader = ArrayLineReader(lines: ["delete 0.0", "save", "quit"])
        #expect(driver.run(reader: &reader) == false)
        #expect(questions.lines.isEmpty)
    }
}
