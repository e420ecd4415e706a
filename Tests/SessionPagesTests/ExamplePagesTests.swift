import FetchSimTestSupport
import Foundation
import Testing

/// The example pages in `docs/examples/` are what `fetchsim replay Sessions/NAME.session --html`
/// writes today; when the sheet or the page changes, regenerate them with that command.
@Suite struct ExamplePagesTests {
    static let examples = BinaryLocator.packageRoot.appendingPathComponent("docs/examples")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return files.filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereAreExamples() {
        #expect(Self.names.count >= 3)
    }

    @Test(arguments: names)
    func isTheCurrentPage(of name: String) throws {
        let kept = try String(contentsOf: Self.examples.appendingPathComponent(name + ".html"), encoding: .utf8)
        let (_, fresh, _) = try PageFixtures.page(name)
        #expect(
            kept == fresh,
            "docs/examples/\(name).html is stale: run 'swift run fetchsim replay Sessions/\(name).session --html docs/examples/\(name).html'"
        )
    }
}
