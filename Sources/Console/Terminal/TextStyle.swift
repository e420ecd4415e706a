import Interpreter

/// A visual style a terminal can apply with an ANSI SGR escape.
package enum TextStyle: CaseIterable, Hashable, Sendable {
    case bold, dim, red, green, yellow, cyan, reverse

    /// The SGR parameter that turns the style on.
    var code: Int {
        switch self {
        case .bold: 1
        case .dim: 2
        case .reverse: 7
        case .red: 31
        case .green: 32
        case .yellow: 33
        case .cyan: 36
        }
    }
}

/// Wraps text in ANSI styles when the colour policy allows, and returns it unchanged otherwise.
package struct ANSIStyler: Hashable, Sendable {
    package var policy: ColorPolicy

    package init(policy: ColorPolicy) {
        self.policy = policy
    }

    /// `text` in all of `styles`, reset at the end; plain `text` when colour is off.
    package func apply(_ styles: TextStyle..., to text: String) -> String {
        apply(styles, to: text)
    }

    package func apply(_ styles: [TextStyle], to text: String) -> String {
        guard policy.usesColor, !styles.isEmpty, !text.isEmpty else { return text }
        let codes = styles.map { String($0.code) }.joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }

    package func bold(_ text: String) -> String { apply(.bold, to: text) }
    package func dim(_ text: String) -> String { apply(.dim, to: text) }
    package func red(_ text: String) -> String { apply(.red, to: text) }
    package func green(_ text: String) -> String { apply(.green, to: text) }
    package func yellow(_ text: String) -> String { apply(.yellow, to: text) }
    package func cyan(_ text: String) -> String { apply(.cyan, to: text) }
    package func reverse(_ text: String) -> String { apply(.reverse, to: text) }
}
