import FetchSimCore
import Interpreter
import ObjectGraph
import SheetEditor

/// `fetchsim bench --tui`: the full-screen spreadsheet on a list of N items (the bench's workload,
/// 300 sections): a key that moves the cursor, a page of scrolling, and a drop through the whole
/// pipeline (one flagged `move` through the interpreter, controller, adapter, table and check),
/// each followed by building the screen model and drawing it to an off-screen buffer.
package struct TUIBench {
    package var sizes: [Int]
    package var seed: UInt64
    /// Key presses measured per kind (drops: a fifth of it).
    package var repetitions: Int
    /// The screen: 50 × 120, a large terminal.
    package var rows = 50, columns = 120

    package init(sizes: [Int], seed: UInt64 = 7, repetitions: Int = 200) {
        self.sizes = sizes
        self.seed = seed
        self.repetitions = repetitions
    }

    /// Medians in milliseconds for one size.
    package struct Result: Sendable {
        package var size: Int
        package var fetchMilliseconds: Double
        package var cursorMilliseconds: Double
        package var scrollMilliseconds: Double
        package var dropMilliseconds: Double
        /// A drop with the REPL's event text built too (the sheet around the changes), as the
        /// spreadsheet runs every line through the REPL's driver.
        package var recordedDropMilliseconds: Double
        /// Lines written per cursor move, on average (the redraw touches only what changed).
        package var linesPerCursorMove: Double

        package var jsonLine: String {
            "{\"size\":\(size),\"fetch_ms\":\(Self.format(fetchMilliseconds)),\"cursor_ms\":\(Self.format(cursorMilliseconds)),"
                + "\"scroll_ms\":\(Self.format(scrollMilliseconds)),\"drop_ms\":\(Self.format(dropMilliseconds)),"
                + "\"drop_with_text_ms\":\(Self.format(recordedDropMilliseconds)),"
                + "\"lines_per_cursor_move\":\(Self.format(linesPerCursorMove))}"
        }

        static func format(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        }

        /// The results as a table with the targets (cursor and scroll ≤ 5 ms, drop ≤ 20 ms).
        package static func table(_ results: [Result]) -> [String] {
            [
                "      rows   fetch ms   cursor ms   scroll ms   drop ms   drop+text ms   lines/move   (targets: cursor, scroll ≤ 5; drop ≤ 20)"
            ]
                + results.map { result in
                    [
                        String(result.size).leftPadded(10), format(result.fetchMilliseconds).leftPadded(10),
                        format(result.cursorMilliseconds).leftPadded(11),
                        format(result.scrollMilliseconds).leftPadded(11),
                        format(result.dropMilliseconds).leftPadded(9),
                        format(result.recordedDropMilliseconds).leftPadded(14),
                        format(result.linesPerCursorMove).leftPadded(12),
                    ]
                    .joined(separator: " ")
                }
        }
    }

    package func run(progress: (String) -> Void, report: (Result) -> Void) throws {
        for size in sizes {
            progress("tui: \(size) rows")
            report(try run(size: size))
        }
    }

    private func run(size: Int) throws -> Result {
        var workload = BenchWorkload(seed: seed)
        let context = try ObjectContext(store: try workload.makeStore(count: size))
        let interpreter = Interpreter(workspace: Workspace(context: context))
        let fetch = "fetch Item sort group, order section group index order"
        var outcome = LineOutcome()
        let fetchMilliseconds = BenchClock.milliseconds { outcome = interpreter.execute(fetch) }
        if let error = outcome.errorMessage { throw BenchError(description: "tui: '\(fetch)' failed: \(error)") }
        let editor = SheetEditor(interpreter: interpreter, rows: rows, columns: columns)
        var screen = OffscreenScreen()
        func press(_ key: Key) -> Double {
            BenchClock.milliseconds {
                editor.handle(key)
                screen.draw(editor.screen())
            }
        }
        // Start in the middle of the list, as a user who scrolled there.
        guard let table = interpreter.workspace.table else { throw BenchError(description: "tui: nothing fetched") }
        let middleSection = table.numberOfSections / 2
        editor.placeCursor(at: IndexPath(row: table.numberOfRows(inSection: middleSection) / 2, section: middleSection))
        screen.draw(editor.screen())
        var cursor: [Double] = []
        var lines = 0
        for index in 0..<repetitions {
            let before = screen
            cursor.append(press(index % 2 == 0 ? .down : .up))
            lines += zip(before.lines, screen.lines).filter { $0 != $1 }.count
        }
        var scroll: [Double] = []
        for index in 0..<repetitions { scroll.append(press(index % 2 == 0 ? .pageDown : .pageUp)) }
        // The drop through the pipeline with the incremental check the spreadsheet runs (as the
        // bench's pipeline scenario does), without the REPL's event text; then with it, as the
        // spreadsheet runs every line through the REPL's driver (the text it records).
        interpreter.workspace.eventCheckScope = .incremental
        interpreter.rendersText = false
        let drops = try measureDrops(editor, press: press)
        interpreter.rendersText = true
        let recordedDrops = try measureDrops(editor, press: press, count: 3)
        return Result(
            size: size, fetchMilliseconds: fetchMilliseconds, cursorMilliseconds: BenchClock.median(cursor),
            scrollMilliseconds: BenchClock.median(scroll), dropMilliseconds: BenchClock.median(drops),
            recordedDropMilliseconds: BenchClock.median(recordedDrops),
            linesPerCursorMove: Double(lines) / Double(max(repetitions, 1)))
    }

    /// Picks up the row under the cursor, carries it one row and drops it, `count` times (down,
    /// then up, so the list stays as it was); returns the drops' times.
    private func measureDrops(_ editor: SheetEditor, press: (Key) -> Double, count: Int? = nil) throws -> [Double] {
        var drops: [Double] = []
        for index in 0..<(count ?? max(repetitions / 5, 1)) {
            _ = press(.character(" "))
            _ = press(index % 2 == 0 ? .down : .up)
            drops.append(press(.character(" ")))
            if editor.interpreter.lastReport.map({ !$0.isConsistent }) == true {
                throw BenchError(
                    description:
                        "tui: a drop left the table inconsistent: \(editor.interpreter.lastReport?.problems ?? [])")
            }
        }
        return drops
    }

}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
