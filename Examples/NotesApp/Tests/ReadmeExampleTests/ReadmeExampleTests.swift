import Foundation
import Testing

/// The README's "Bring your own view controller" example is this target's code: its two Swift
/// blocks, in order, are `ItemsViewController.swift` and `ItemsViewControllerTests.swift`, which
/// CI compiles and runs. An edit to one without the other fails here.
@Suite struct ReadmeExampleTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let readme = here.appendingPathComponent("../../../../README.md").standardizedFileURL

    /// The Swift blocks of the README's section `title`, in order, each without its fences; the
    /// section ends at the next heading, a subsection's included.
    static func swiftBlocks(inSection title: String, of text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "## " + title) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") || $0.hasPrefix("### ") } ?? lines.endIndex
        var blocks: [String] = []
        var current: [String]?
        for line in lines[(start + 1)..<end] {
            if current == nil, line == "```swift" {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theReadmeShowsExactlyTheCompiledFiles() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let blocks = Self.swiftBlocks(inSection: "Bring your own view controller", of: readme)
        let files = try ["ItemsViewController.swift", "ItemsViewControllerTests.swift"].map {
            try String(contentsOf: Self.here.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(blocks.count == 2)
        for (block, file) in zip(blocks, files) {
            #expect(block == file)
        }
    }

    @Test func blocksAreCutAtTheirFencesWithinTheSection() {
        let text =
            "## Other\n```swift\nlet a = 1\n```\n## Wanted\nprose\n```swift\nlet b = 2\n\nlet c = 3\n```\n```\nnot swift\n```\n```swift\nlet d = 4\n```\n### Sub\n```swift\nlet e = 5\n```\n"
        #expect(Self.swiftBlocks(inSection: "Wanted", of: text) == ["let b = 2\n\nlet c = 3\n", "let d = 4\n"])
    }
}
