import CommandLanguage
import Console
import Foundation
import Interpreter
import ObjectGraph
import Testing

@testable import SessionPages

/// `export html FILE` in the REPL (and through `perform`, the full-screen mode's `:export html`):
/// the session so far, replayed from its start into a page.
@Suite struct ExportCommandTests {
    final class Box { var lines: [String] = [] }

    private func driver(_ box: Box, isJSON: Bool = false) throws -> SessionDriver {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext(store: InMemoryStore())))
        try SessionStart.demo.prepare(interpreter)
        return SessionDriver(interpreter: interpreter, start: .demo, isJSON: isJSON, sink: { box.lines.append($0) })
    }

    private func temporaryPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fetchsim-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("session.html").path
    }

    @Test func parses() throws {
        #expect(try CommandParser.parseLine("export html out.html") == [.exportHTML(path: "out.html")])
        #expect(try CommandParser.parseLine("export html \"my page.html\"") == [.exportHTML(path: "my page.html")])
        #expect(Command.exportHTML(path: "my page.html").description == "export html \"my page.html\"")
        #expect(throws: CommandError.self) { try CommandParser.parseLine("export html") }
        #expect(throws: CommandError.self) { try CommandParser.parseLine("export html a.html b.html") }
        #expect(throws: CommandError.self) { try CommandParser.parseLine("import html a.html") }
    }

    @Test func completesTheFormatAndTheFile() {
        let completer = CommandCompleter()
        #expect(completer.completions(line: "export ", word: "") == ["csv", "html"])
        #expect(completer.completions(line: "export h", word: "h") == ["html"])
        #expect(CommandCompleter.fileArgument(line: "export html Ses") == "Ses")
    }

    @Test func helpShowsBothForms() {
        #expect(CommandHelp.entry(for: .export).syntax == "export csv FILE [where PREDICATE] | export html FILE")
    }

    @Test func thePageHoldsEveryLineSoFar() throws {
        let box = Box()
        let driver = try driver(box)
        let path = try temporaryPath()
        driver.handle("adapter coordinator moves=move-row")
        driver.handle("set 0.0 order=9")
        driver.handle("log")
        driver.handle("export html \(path)")
        #expect(box.lines.last == "page '\(path)': 3 steps, 1 event, 1 inconsistent")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(PageFixtures.stepTags(html).count == 3)
        let step = try #require(PageFixtures.section(html, id: "event-1"))
        #expect(PageFixtures.plainText(step).contains("> set 0.0 order=9"))
        #expect(PageFixtures.rowClasses(step, path: "0.3") == ["moved", "problem"])
        // The export itself is not a step of the session, nor of a later export.
        driver.handle("export html \(path)")
        #expect(PageFixtures.stepTags(try String(contentsOfFile: path, encoding: .utf8)).count == 3)
    }

    @Test func theFullScreenModeExportsThroughPerform() throws {
        let box = Box()
        let driver = try driver(box)
        let path = try temporaryPath()
        _ = driver.perform("set 1.0 order=7")
        let outcome = driver.perform("export html \(path)")
        #expect(!outcome.failed)
        #expect(outcome.renderText(width: 200) == ["page '\(path)': 1 step, 1 event, 0 inconsistent"])
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func errorsAreWorded() throws {
        let box = Box()
        let driver = try driver(box)
        driver.handle("export html /tmp/never-written.html")
        #expect(box.lines.last?.hasPrefix("error: nothing to export yet") == true)
        driver.handle("show")
        driver.handle("export html /nonexistent-folder/page.html")
        #expect(box.lines.last?.hasPrefix("error: cannot write the page '/nonexistent-folder/page.html': ") == true)
        #expect(driver.hadFailure)
    }

    @Test func answersInJSON() throws {
        let box = Box()
        let driver = try driver(box, isJSON: true)
        let path = try temporaryPath()
        driver.handle("set 0.0 order=9")
        driver.handle("export html \(path)")
        #expect(box.lines.last == "{\"ok\":true,\"page\":\"page '\(path)': 1 step, 1 event, 0 inconsistent\"}")
    }
}
