import Foundation
import Testing

/// Golden files under `Tests/SheetTests/Goldens`, read through `Bundle.module`.
///
/// With `SHEET_RECORD=1` in the environment, `check` rewrites the file in the source tree and
/// records an issue, so a new baseline is never accepted silently: rerun without the variable.
enum Golden {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["SHEET_RECORD"] == "1" }

    /// Checks `lines` against golden file `name.txt` (one line per line, final newline).
    static func check(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = lines.map { $0 + "\n" }.joined()
        if isRecording {
            record(actual, named: name, sourceLocation: sourceLocation)
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Goldens"),
            let expected = try? String(contentsOf: url, encoding: .utf8)
        else {
            Issue.record(
                "no golden file '\(name).txt'; run with SHEET_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            Issue.record(
                "golden '\(name).txt' differs: \(firstDifference(expected, actual))\n\(actual)",
                sourceLocation: sourceLocation)
        }
    }

    /// `line 3: expected '…', got '…'`.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? "'\(old[index])'" : "nothing"
            let now = index < new.count ? "'\(new[index])'" : "nothing"
            if was != now { return "line \(index + 1): expected \(was), got \(now)" }
        }
        return "no line differs"
    }

    private static func record(_ text: String, named name: String, sourceLocation: SourceLocation) {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")
        let url = directory.appendingPathComponent(name + ".txt")
        do {
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "recorded golden '\(name).txt'; rerun without SHEET_RECORD to check it", sourceLocation: sourceLocation)
        } catch {
            Issue.record("could not record golden '\(name).txt': \(error)", sourceLocation: sourceLocation)
        }
    }
}
