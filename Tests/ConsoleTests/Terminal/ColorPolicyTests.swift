import Console
import Testing

/// One row of the colour policy truth table.
struct ColorCase: Sendable, CustomTestStringConvertible {
    var isTerminal: Bool
    var term: String?
    var noColor: String?
    var usesColor: Bool

    var testDescription: String {
        "tty=\(isTerminal) TERM=\(term ?? "(unset)") NO_COLOR=\(noColor.map { "'\($0)'" } ?? "(unset)") → \(usesColor)"
    }
}

@Suite struct ColorPolicyTests {
    static let cases: [ColorCase] = {
        var cases: [ColorCase] = []
        for isTerminal in [true, false] {
            for term in [nil, "xterm-256color", "dumb"] as [String?] {
                for noColor in [nil, "", "1"] as [String?] {
                    let expected = isTerminal && term != "dumb" && (noColor ?? "").isEmpty
                    cases.append(ColorCase(isTerminal: isTerminal, term: term, noColor: noColor, usesColor: expected))
                }
            }
        }
        return cases
    }()

    @Test(arguments: cases)
    func decides(_ testCase: ColorCase) {
        var environment: [String: String] = [:]
        environment["TERM"] = testCase.term
        environment["NO_COLOR"] = testCase.noColor
        #expect(ColorPolicy(isTerminal: testCase.isTerminal, environment: environment).usesColor == testCase.usesColor)
    }

    @Test func truthTableSpotChecks() {
        #expect(ColorPolicy(isTerminal: true, environment: ["TERM": "xterm"]).usesColor)
        #expect(!ColorPolicy(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "0"]).usesColor)
        #expect(!ColorPolicy(isTerminal: false, environment: ["TERM": "xterm"]).usesColor)
        #expect(!ColorPolicy.plain.usesColor)
    }
}
