import FetchSimTestSupport
import Foundation
import SessionPages
import Transcripts

/// Pages generated from the corpus (`Sessions/`) into a temporary folder, and ways to read
/// parts of their HTML (as written, or as Chromium's DOM dump prints it).
enum PageFixtures {
    static let sessions = BinaryLocator.packageRoot.appendingPathComponent("Sessions")

    /// The page of `Sessions/NAME.session`, written to a fresh temporary file; returns its URL
    /// and the page's text.
    static func page(_ name: String) throws -> (url: URL, html: String, summary: SessionPage.Summary) {
        let source = sessions.appendingPathComponent(name + ".session")
        let transcript = try Transcript.parse(data: try Data(contentsOf: source))
        return try page(of: transcript, title: name + ".session")
    }

    static func page(of transcript: Transcript, title: String) throws -> (
        url: URL, html: String, summary: SessionPage.Summary
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("page.html")
        let summary = try SessionPage(title: title).write(transcript, toFile: url.path)
        return (url, try String(contentsOf: url, encoding: .utf8), summary)
    }

    /// The `<section …>` element whose `id` is `id`, through its end tag.
    static func section(_ html: String, id: String) -> String? {
        guard let idRange = html.range(of: "id=\"\(id)\"") else { return nil }
        guard let start = html[..<idRange.lowerBound].range(of: "<section", options: .backwards),
            let end = html[idRange.upperBound...].range(of: "</section>")
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// The opening tags of every `<section class="step…">`, in order.
    static func stepTags(_ html: String) -> [String] {
        var tags: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<section class=\"step") {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            tags.append(String(rest[start.lowerBound...end]))
            rest = rest[end...]
        }
        return tags
    }

    /// The class attribute of the table row singled out at `path` (`data-path="S.R"`), if any.
    static func rowClasses(_ html: String, path: String) -> [String]? {
        guard let found = html.range(of: "<tr data-path=\"\(path)\" class=\"") else { return nil }
        guard let end = html[found.upperBound...].firstIndex(of: "\"") else { return nil }
        return html[found.upperBound..<end].split(separator: " ").map(String.init)
    }

    /// The text of the table row singled out at `path`: its cells' text, tags removed.
    static func rowText(_ html: String, path: String) -> String? {
        guard let found = html.range(of: "<tr data-path=\"\(path)\""),
            let close = html[found.upperBound...].firstIndex(of: ">")
        else { return nil }
        let rest = html[html.index(after: close)...]
        let end = rest.range(of: "<tr")?.lowerBound ?? rest.range(of: "</table>")?.lowerBound ?? rest.endIndex
        return plainText(String(rest[..<end]))
    }

    /// `html` with its tags removed and `&gt;` `&lt;` `&amp;` `&quot;` read back.
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
                continue
            }
            if character == ">" && inTag {
                inTag = false
                continue
            }
            if !inTag { text.append(character) }
        }
        return text.replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func occurrences(of needle: String, in html: String) -> Int {
        html.components(separatedBy: needle).count - 1
    }
}
