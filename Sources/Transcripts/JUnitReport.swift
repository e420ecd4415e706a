import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Results as JUnit XML, the format CI systems read (GitHub Actions' test reporters, GitLab,
/// Jenkins): one `<testsuite>` of `<testcase>`s, a failing case holding a `<failure>` with its
/// message and details (a replay's unified diff, a fuzz campaign's shrunk session).
///
/// Built with Foundation's `XMLElement`, which escapes text and attributes.
///
/// ```swift
/// var report = JUnitReport(suite: "fetchsim replay")
/// report.cases.append(.init(name: "rule19", className: "Sessions", seconds: 0.02, failure: nil))
/// try report.xml().write(toFile: "junit.xml", atomically: true, encoding: .utf8)
/// ```
package struct JUnitReport {
    package struct Case {
        package var name: String
        package var className: String
        package var file: String?
        package var seconds: Double
        /// The failure's one-line message and its details; nil when the case passed.
        package var failure: (message: String, details: String)?

        package init(
            name: String, className: String, file: String? = nil, seconds: Double,
            failure: (message: String, details: String)?
        ) {
            self.name = name
            self.className = className
            self.file = file
            self.seconds = seconds
            self.failure = failure
        }
    }

    package var suite: String
    package var cases: [Case] = []

    package init(suite: String) {
        self.suite = suite
    }

    /// The report as an XML document.
    package func xml() -> String {
        let failures = cases.filter { $0.failure != nil }.count
        let total = cases.reduce(0) { $0 + $1.seconds }
        func counts(_ element: XMLElement) {
            element.addAttribute(Self.attribute("name", suite))
            element.addAttribute(Self.attribute("tests", String(cases.count)))
            element.addAttribute(Self.attribute("failures", String(failures)))
            element.addAttribute(Self.attribute("errors", "0"))
            element.addAttribute(Self.attribute("time", Self.seconds(total)))
        }
        let root = XMLElement(name: "testsuites")
        counts(root)
        let suiteElement = XMLElement(name: "testsuite")
        counts(suiteElement)
        for testCase in cases {
            let element = XMLElement(name: "testcase")
            element.addAttribute(Self.attribute("name", testCase.name))
            element.addAttribute(Self.attribute("classname", testCase.className))
            if let file = testCase.file { element.addAttribute(Self.attribute("file", file)) }
            element.addAttribute(Self.attribute("time", Self.seconds(testCase.seconds)))
            if let failure = testCase.failure {
                let failureElement = XMLElement(name: "failure", stringValue: Self.xmlText(failure.details))
                failureElement.addAttribute(Self.attribute("message", failure.message))
                failureElement.addAttribute(Self.attribute("type", "failure"))
                element.addChild(failureElement)
            }
            suiteElement.addChild(element)
        }
        root.addChild(suiteElement)
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        return document.xmlString(options: [.nodePrettyPrint]) + "\n"
    }

    private static func attribute(_ name: String, _ value: String) -> XMLNode {
        let node = XMLNode(kind: .attribute)
        node.name = name
        node.stringValue = xmlText(value)
        return node
    }

    /// `text` with the characters XML 1.0 cannot hold (control characters but tab and line
    /// breaks; U+FFFE, U+FFFF) replaced by U+FFFD: a mangled transcript still makes a report.
    static func xmlText(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    let value = scalar.value
                    let allowed =
                        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                        || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                    return allowed ? scalar : "\u{FFFD}"
                }))
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
