import FetchSimTestSupport
import Foundation
import Testing

/// Headless Chromium as a child process with a deadline (coreutils' `timeout`), for tests that
/// open generated pages in a real browser. Nil where Chromium is not installed: those tests skip
/// and say why.
enum Chromium {
    /// The browser's path: `$CHROMIUM`, else Debian's `chromium`, else `chromium-browser`.
    static let path: String? = {
        let candidates = [
            ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let skipReason: Comment =
        "Chromium is not installed (apt-get install chromium, or set CHROMIUM): the browser tests skip"

    /// The most a browser run may take before `timeout` kills it.
    static let deadlineSeconds = 90

    /// Arguments every run takes: no sandbox (containers), no GPU, a profile of its own (runs in
    /// parallel do not share one).
    private static func common(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(profile.path)",
        ]
    }

    /// The DOM of `url` after its scripts ran.
    static func dumpDOM(_ url: String) async throws -> String {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let arguments = ["\(deadlineSeconds)", path] + common(profile: profile) + ["--dump-dom", url]
        let (output, termination) = try await ChildProcess.run("/usr/bin/timeout", arguments)
        guard termination.shellStatus == 0 else {
            throw BrowserError("chromium --dump-dom \(url) ended with \(termination)")
        }
        return output
    }

    /// A PNG screenshot of `url` in a `width`×`height` window.
    static func screenshot(_ url: String, width: Int = 1200, height: Int = 900) async throws -> Data {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let file = profile.appendingPathComponent("shot.png")
        let arguments =
            ["\(deadlineSeconds)", path] + common(profile: profile)
            + ["--screenshot=\(file.path)", "--window-size=\(width),\(height)", url]
        let (_, termination) = try await ChildProcess.run("/usr/bin/timeout", arguments)
        guard termination.shellStatus == 0 else {
            throw BrowserError("chromium --screenshot \(url) ended with \(termination)")
        }
        return try Data(contentsOf: file)
    }

    /// `url` printed to PDF (print media: the page's print CSS applies).
    static func printToPDF(_ url: String) async throws -> Data {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let file = profile.appendingPathComponent("page.pdf")
        let arguments =
            ["\(deadlineSeconds)", path] + common(profile: profile)
            + ["--print-to-pdf=\(file.path)", "--no-pdf-header-footer", url]
        let (_, termination) = try await ChildProcess.run("/usr/bin/timeout", arguments)
        guard termination.shellStatus == 0 else {
            throw BrowserError("chromium --print-to-pdf \(url) ended with \(termination)")
        }
        return try Data(contentsOf: file)
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

struct BrowserError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What a PNG file's header says (the signature and the IHDR chunk, which PNG puts first).
struct PNGHeader: Equatable {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func big(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = big(16)
        height = big(20)
    }
}
