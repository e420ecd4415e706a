import Foundation
import ObjectGraph

/// Orders fetched objects by one attribute, ascending or descending, comparing its values with a
/// selector as `NSSortDescriptor(key:ascending:selector:)` does.
///
///     SortDescriptor(key: "title", selector: .localizedStandardCompare)   // "File 2" before "File 10"
public struct SortDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The attribute to sort by.
    public var key: String
    /// Whether smaller values come first.
    public var ascending: Bool
    /// How two values compare (`compare:` unless told otherwise).
    public var selector: SortSelector

    /// Sorts by `key`, ascending unless told otherwise, with `compare:` unless told otherwise.
    public init(key: String, ascending: Bool = true, selector: SortSelector = .compare) {
        self.key = key
        self.ascending = ascending
        self.selector = selector
    }

    public var description: String {
        "\(key) \(ascending ? "asc" : "desc")" + (selector == .compare ? "" : " \(selector.rawValue)")
    }
}

/// The comparison selector of a sort descriptor: `compare:` (values in FetchSim's value order),
/// or one of NSString's, which only strings answer (docs/semantics.md, "Sort selectors").
public enum SortSelector: String, Hashable, Sendable, CaseIterable {
    /// `compare:`: FetchSim's value order (strings by Unicode scalars).
    case compare
    /// `caseInsensitiveCompare:`: strings with case folded (Foundation's folding, no locale).
    case caseInsensitiveCompare
    /// `localizedStandardCompare:`, the Finder's order: case, diacritics and width folded, and runs
    /// of digits compared as numbers ("File 2" before "File 10"). Apple's is locale-dependent
    /// collation; FetchSim's is this locale-free reading of it.
    case localizedStandardCompare

    /// The string whose order under `compare:` is this selector's order for `text`.
    ///
    ///     SortSelector.caseInsensitiveCompare.key(for: "Apple")  // "apple"
    public func key(for text: String) -> String {
        switch self {
        case .compare: return text
        case .caseInsensitiveCompare: return text.folding(options: [.caseInsensitive], locale: nil)
        case .localizedStandardCompare:
            let folded = text.folding(
                options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            return Self.numbering(folded)
        }
    }

    /// `text` with each run of ASCII digits written so that runs compare as numbers: "0", the
    /// run's length without leading zeros in three digits, then those digits — all in the
    /// digits' range, so a number still sorts before a letter.
    static func numbering(_ text: String) -> String {
        var out = ""
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            let digits = run.drop { $0 == "0" }
            let number = digits.isEmpty ? "0" : String(digits)
            let length = String(min(number.count, 999))
            out += "0" + String(repeating: "0", count: 3 - length.count) + length + number
            run = ""
        }
        for character in text {
            if character.isASCII, character.isNumber {
                run.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out
    }
}
