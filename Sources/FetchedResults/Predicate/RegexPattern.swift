import Foundation

/// A compiled `MATCHES` pattern: an ICU regular expression (as NSPredicate uses) that must match
/// the whole string. `[c]` compiles it case-insensitively; `[d]` strips diacritics from both
/// the pattern and the string before matching.
struct RegexPattern: Sendable {
    private let expression: NSRegularExpression
    private let foldsDiacritics: Bool

    /// `nil` if `pattern` is not a valid regular expression.
    init?(_ pattern: String, options: ComparisonOptions) {
        foldsDiacritics = options.contains(.diacriticInsensitive)
        let source = foldsDiacritics ? TextFolding.fold(pattern, .diacriticInsensitive) : pattern
        let flags: NSRegularExpression.Options = options.contains(.caseInsensitive) ? [.caseInsensitive] : []
        // Validate the pattern alone first: wrapping could balance a stray ')'.
        guard (try? NSRegularExpression(pattern: source, options: flags)) != nil else { return nil }
        // The newline variant ends a trailing `#` comment in `(?x)` mode.
        guard
            let whole = (try? NSRegularExpression(pattern: "\\A(?:" + source + ")\\z", options: flags))
                ?? (try? NSRegularExpression(pattern: "\\A(?:" + source + "\n)\\z", options: flags))
        else { return nil }
        expression = whole
    }

    /// Whether the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        let subject = foldsDiacritics ? TextFolding.fold(text, .diacriticInsensitive) : text
        let range = NSRange(location: 0, length: subject.utf16.count)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }
}
