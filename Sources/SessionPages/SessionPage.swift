import Adapters
import CommandLanguage
import FetchSimCore
import Foundation
import Interpreter
import Sheet
import Transcripts

/// Writes a replayed session as one self-contained HTML page: per input line, the line, its
/// output with the table drawn as the sheet draws it, the change event's callbacks and table
/// calls, UIKit's or Core Data's error and the check's verdict; a timeline of the events with the
/// inconsistent ones marked. Inline CSS and JavaScript only; every step is in the document, so it
/// reads without JavaScript and prints whole (docs/sessions.md, "Pages").
///
/// ```swift
/// let transcript = try Transcript.parse(data: data)
/// let summary = try SessionPage(title: "move-row.session").write(transcript, to: handle)
/// print(summary.inconsistentEvents)   // [1]
/// ```
package struct SessionPage {
    /// The page's title (the session's file name).
    package var title: String

    package init(title: String) {
        self.title = title
    }

    /// What the page shows, for the caller's message.
    package struct Summary: Equatable, Sendable, CustomStringConvertible {
        package var steps = 0
        package var events = 0
        /// The numbers of the events that were inconsistent or hit a UIKit error.
        package var inconsistentEvents: [Int] = []

        /// `9 steps, 2 events, 1 inconsistent`.
        package var description: String {
            "\(steps) step\(steps == 1 ? "" : "s"), \(events) event\(events == 1 ? "" : "s"), \(inconsistentEvents.count) inconsistent"
        }
    }

    /// One step's entry in the timeline, kept while the steps stream out.
    private struct Mark {
        var index: Int
        var input: String
        var event: Int?
        var bad: Bool
    }

    /// Replays `transcript` and streams its page to `handle`.
    @discardableResult
    package func write(_ transcript: Transcript, to handle: FileHandle) throws -> Summary {
        try write(transcript, to: PageStream(handle: handle))
    }

    /// Replays `transcript` and writes its page to the file at `path`.
    @discardableResult
    package func write(_ transcript: Transcript, toFile path: String) throws -> Summary {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw InterpreterError(
                "cannot write the page '\(path)': \(FileErrorReason.problem(writing: path) ?? "cannot create the file")"
            )
        }
        defer { try? handle.close() }
        return try write(transcript, to: handle)
    }

    /// Replays `transcript` and writes its page to `page`.
    @discardableResult
    package func write(_ transcript: Transcript, to page: PageStream) throws -> Summary {
        writeHead(transcript.header, to: page)
        var summary = Summary()
        var marks: [Mark] = []
        var lastEvent = 0
        page.write("<main id=\"steps\">\n")
        _ = TranscriptReplayer().run(transcript) { entry, outcome, interpreter in
            summary.steps += 1
            var report: EventReport?
            if interpreter.workspace.eventCount > lastEvent, let last = interpreter.lastReport,
                last.number == interpreter.workspace.eventCount
            {
                report = last
            }
            lastEvent = interpreter.workspace.eventCount
            let bad = report.map { !$0.isConsistent } ?? false
            if let report {
                summary.events += 1
                if bad { summary.inconsistentEvents.append(report.number) }
            }
            let index = summary.steps
            marks.append(Mark(index: index, input: entry.input, event: report?.number, bad: bad))
            writeStep(index: index, entry: entry, outcome: outcome, report: report, to: page)
        }
        page.write("</main>\n")
        writeTimeline(marks, summary: summary, to: page)
        page.write("<script>\(PageAssets.script)</script>\n</body>\n</html>\n")
        try page.finish()
        return summary
    }

    private func writeHead(_ header: TranscriptHeader, to page: PageStream) {
        page.write(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"color-scheme\" content=\"light dark\">\n<title>")
        page.text(title + " · fetchsim session")
        page.write("</title>\n<style>\(PageAssets.style)</style>\n</head>\n<body>\n<header id=\"about\"><h1>")
        page.text(title)
        page.write("</h1>\n")
        if !header.comments.isEmpty {
            page.write("<p class=\"comments\">")
            page.text(header.comments.joined(separator: "\n"))
            page.write("</p>\n")
        }
        page.write("<dl class=\"start\"><dt>start</dt><dd>\(HTMLText.escaped(header.start.rawValue))</dd>")
        for (name, value) in [("adapter", header.adapter), ("profile", header.profile), ("table", header.table)] {
            if let value { page.write("<dt>\(name)</dt><dd>\(HTMLText.escaped(value))</dd>") }
        }
        page.write(
            "<dt>expects</dt><dd>\(header.expectsInconsistency ? "an inconsistency (# expect: inconsistent)" : "every event consistent")</dd></dl>\n"
        )
        page.write(
            "<p class=\"keys\">One step per input line. With JavaScript, one step shows at a time: ← and → step, "
                + "the timeline jumps; links such as #event-3 open an event.</p>\n</header>\n")
    }

    private func writeStep(
        index: Int, entry: Transcript.Entry, outcome: LineOutcome, report: EventReport?, to page: PageStream
    ) {
        let bad = report.map { !$0.isConsistent } ?? false
        page.write(
            "<section class=\"step\(bad ? " bad" : "")\(outcome.failed ? " failed" : "")\" id=\"step-\(index)\">\n<h2>")
        if let report {
            page.write(
                "<a class=\"event\" id=\"event-\(report.number)\" href=\"#event-\(report.number)\">event \(report.number)</a> "
            )
        }
        page.write("<span class=\"n\">step \(index)</span> <code class=\"input\"><span class=\"prompt\">&gt; </span>")
        page.text(entry.input)
        page.write("</code>")
        if let report {
            page.write(
                report.isConsistent
                    ? " <span class=\"verdict ok\">✓ consistent</span>"
                    : " <span class=\"verdict bad\">✗ inconsistent</span>")
        }
        page.write("</h2>\n")
        let comments = entry.comments
        if !comments.isEmpty {
            page.write("<p class=\"comments\">")
            page.text(
                comments.map { $0.hasPrefix("# ") ? String($0.dropFirst(2)) : String($0.dropFirst()) }.joined(
                    separator: "\n"))
            page.write("</p>\n")
        }
        let table = sheetTable(for: report, input: entry.input)
        page.write("<div class=\"output\">")
        var text: [(String, TextRole?)] = []
        func flushText() {
            guard !text.isEmpty else { return }
            page.write("<pre>")
            for (number, (line, role)) in text.enumerated() {
                if number > 0 { page.write("\n") }
                if let role { page.write("<span class=\"\(role)\">") }
                page.text(line)
                if role != nil { page.write("</span>") }
            }
            page.write("</pre>\n")
            text = []
        }
        for block in outcome.text {
            switch block {
            case .sheet(let model, let window):
                flushText()
                table.write(model, window: window, to: page)
            case .line(let line, let role):
                text.append((line, role))
            case .wrapped(let line, let role):
                text.append((line, role))
            case .help:
                text += block.render(width: 100, style: { $1 }).map { ($0, nil) }
            }
        }
        flushText()
        page.write("</div>\n")
        if let report { writeEvent(report, to: page) }
        page.write("</section>\n")
    }

    /// The callbacks with what the adapter did, the table calls, the error and the verdict.
    private func writeEvent(_ report: EventReport, to page: PageStream) {
        page.write("<div class=\"event-detail\"><h3>Callbacks and table calls</h3><pre class=\"log\">")
        var lines: [(String, String?)] = []
        for (callback, action) in report.event.entries {
            switch callback {
            case .willChangeContent, .didChangeContent: lines.append(("\(callback)", nil))
            // Only what a reader should notice is set apart: a callback the adapter did not apply.
            default: lines.append(("\(callback)  [\(action.rawValue)]", action == .applied ? nil : "dim"))
            }
        }
        if report.event.entries.isEmpty { lines.append(("(no callbacks)", nil)) }
        lines += report.event.tableOperations.map { ("table: \($0)", nil) }
        if let writes = report.writes { lines.append(("writes \(writes) (objects the drag wrote)", nil)) }
        for (number, (line, kind)) in lines.enumerated() {
            if number > 0 { page.write("\n") }
            if let kind { page.write("<span class=\"\(kind)\">") }
            page.text(line)
            if kind != nil { page.write("</span>") }
        }
        page.write("</pre>\n")
        // The exception's reason is UIKit's message, more or less decorated: a text another one
        // already holds is not repeated.
        var errors: [String] = []
        for error in [report.event.exceptionReason, report.event.tableError?.description, report.event.loggedError]
            .compactMap({ $0 })
        {
            if errors.contains(where: { $0.contains(error) }) { continue }
            errors.removeAll { error.contains($0) }
            errors.append(error)
        }
        for error in errors {
            page.write("<p class=\"error\"><strong>✗ error</strong> <code>")
            page.text(error)
            page.write("</code></p>\n")
        }
        if report.problems.isEmpty {
            page.write(
                report.event.tableError == nil
                    ? "<p class=\"verdict ok\">✓ consistent</p>\n"
                    : "<p class=\"verdict bad\">✗ UIKit refused the batch</p>\n")
        } else {
            let count = report.problems.count
            page.write(
                "<p class=\"verdict bad\">✗ inconsistent: \(count) problem\(count == 1 ? "" : "s")</p>\n<ul class=\"problems\">"
            )
            for problem in report.problems {
                page.write("<li><span class=\"kind\">\(HTMLText.escaped(problem.kind.rawValue))</span> ")
                page.text(problem.description)
                page.write("</li>")
            }
            page.write("</ul>\n")
        }
        page.write("</div>\n")
    }

    /// How the step's sheet singles out rows: the check's offending rows and sections, the
    /// dragged row.
    private func sheetTable(for report: EventReport?, input: String) -> SheetTable {
        var table = SheetTable()
        for problem in report?.problems ?? [] {
            switch ProblemLocation(problem.description) {
            case .row(let path): table.problems[path, default: []].append(problem.kind.rawValue)
            case .section(let section): table.problemSections.insert(section)
            case nil: break
            }
        }
        if report != nil, let commands = try? CommandParser.parseLine(input) {
            for case .move(_, let to, _) in commands { table.dragged = to }
        }
        return table
    }

    private func writeTimeline(_ marks: [Mark], summary: Summary, to page: PageStream) {
        page.write("<nav id=\"timeline\" aria-label=\"Timeline\"><p class=\"summary\">")
        let bad = summary.inconsistentEvents
        page.text(
            "\(summary.steps) step\(summary.steps == 1 ? "" : "s"), \(summary.events) event\(summary.events == 1 ? "" : "s"), "
                + (bad.isEmpty ? "all consistent ✓" : "\(bad.count) inconsistent ✗"))
        if let first = bad.first { page.write(" · <a href=\"#event-\(first)\">first inconsistent: event \(first)</a>") }
        page.write("</p>\n<ol>")
        for mark in marks {
            let target = mark.event.map { "event-\($0)" } ?? "step-\(mark.index)"
            page.write(
                "<li\(mark.bad ? " class=\"bad\"" : (mark.event != nil ? " class=\"ok\"" : ""))>"
                    + "<a href=\"#\(target)\" title=\"\(HTMLText.escaped("> " + mark.input))\">")
            if let event = mark.event {
                page.write(mark.bad ? "✗ e\(event)" : "e\(event)")
            } else {
                page.write("\(mark.index)")
            }
            page.write("</a></li>")
        }
        page.write("</ol></nav>\n")
    }
}

/// Where the check's problem is, read from its wording (`row 0.3 shows …`, `section 1 has …`,
/// as `ConsistencyCheck` words every problem it locates).
enum ProblemLocation: Equatable {
    case row(String)
    case section(Int)

    init?(_ description: String) {
        let words = description.split(separator: " ", maxSplits: 2)
        guard words.count >= 2 else { return nil }
        switch words[0] {
        case "row":
            let parts = words[1].split(separator: ".")
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
            else { return nil }
            self = .row(String(words[1]))
        case "section":
            guard let section = Int(words[1]) else { return nil }
            self = .section(section)
        default:
            return nil
        }
    }
}
