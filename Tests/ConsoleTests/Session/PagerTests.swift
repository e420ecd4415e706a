import Console
import Interpreter
import ObjectGraph
import Testing

/// Long output (`show all`, `dump objects`, `help`) goes through the pager when the driver has
/// one (a terminal) and is longer than the page; `pager off` prints it (issue 13 item 13).
@Suite struct PagerTests {
    final class Box {
        var lines: [String] = []
        var pages: [[String]] = []
    }

    func driver(_ box: Box, isJSON: Bool = false, height: Int = 10) throws -> SessionDriver {
        let interpreter = Interpreter(workspace: Workspace(context: try ObjectContext(store: InMemoryStore())))
        try SessionStart.demo.prepare(interpreter)
        let driver = SessionDriver(
            interpreter: interpreter, start: .demo, isJSON: isJSON, sink: { box.lines.append($0) })
        driver.pager = { lines in
            box.pages.append(lines)
            return true
        }
        driver.pageHeight = { height }
        return driver
    }

    @Test func longKindsLongerThanThePageArePaged() throws {
        let box = Box()
        let driver = try driver(box)
        driver.handle("show all")
        driver.handle("dump objects")
        driver.handle("help")
        #expect(box.pages.count == 3 && box.lines.isEmpty)
        #expect(box.pages[0].first == "  path  id   title         group      order  done")
    }

    @Test func shortOrOrdinaryOutputIsPrinted() throws {
        let box = Box()
        let driver = try driver(box, height: 200)
        driver.handle("help")  // shorter than 200 rows
        #expect(box.pages.isEmpty && !box.lines.isEmpty)
        let tall = try self.driver(box, height: 3)
        box.lines = []
        tall.handle("stats")  // long, but not of a paged kind
        tall.handle("dump")
        #expect(box.pages.isEmpty && box.lines.count > 3)
    }

    @Test func pagerOffPrintsAndJSONNeverPages() throws {
        let box = Box()
        let driver = try driver(box)
        driver.handle("pager off")
        driver.handle("help")
        #expect(box.pages.isEmpty && box.lines.first == "pager off" && box.lines.count > 10)
        driver.handle("pager")
        #expect(box.lines.last == "pager off")
        let jsonBox = Box()
        let json = try self.driver(jsonBox, isJSON: true)
        json.handle("help")
        #expect(jsonBox.pages.isEmpty && jsonBox.lines.count == 1)
    }

    /// A pager that cannot start leaves the lines to be printed.
    @Test func aFailingPagerFallsBackToPrinting() throws {
        let box = Box()
        let driver = try driver(box)
        driver.pager = { _ in false }
        driver.handle("show all")
        #expect(box.lines.count > 10)
    }

    @Test func pagerCommandFromTheEnvironment() {
        #expect(Pager.fromEnvironment([:])?.command == "less -FRX")
        #expect(Pager.fromEnvironment(["PAGER": "more"])?.command == "more")
        #expect(Pager.fromEnvironment(["PAGER": " "]) == nil)
    }
}
