import FetchedResults
import Foundation
import ObjectGraph

/// A filter in Apple's predicate format syntax, as Foundation's `NSPredicate`, parsed by the
/// engine's predicate parser (`FetchedResults.Predicate`: comparisons, `BEGINSWITH`, `CONTAINS`,
/// `LIKE`, `MATCHES`, `IN`, `BETWEEN`, `[cd]`, `AND`/`OR`/`NOT`, key paths through to-one
/// relationships).
///
/// Declaring it here shadows Foundation's class in a file that imports both. Arguments:
/// `%@` takes a string, a number, a `Date`, a managed object or its ID, or an array or set (after
/// `IN`/`BETWEEN`); `%K` a key; `%d`, `%i`, `%ld`, `%lld`, `%u`, `%lu`, `%hd` an integer; `%f`, `%lf`,
/// `%g` a floating-point number.
///
/// ```swift
/// NSPredicate(format: "title BEGINSWITH[c] %@ AND order < %d", "m", 3)
/// NSPredicate(format: "%K == %@", "list", list)
/// NSPredicate(format: "order IN %@", [1, 2, 3])
/// ```
///
/// A format Foundation cannot parse raises `NSInvalidArgumentException` ("Unable to parse the
/// format string …"); FetchSim keeps the error and the fetch that uses the predicate throws it.
public final class NSPredicate: Sendable, CustomStringConvertible {
    /// The format as written (placeholders not substituted).
    public let predicateFormat: String
    /// The parsed predicate, or why the format or its arguments were refused.
    let parsed: Result<FetchedResults.Predicate, CoreDataError>

    /// A predicate from `predicateFormat` with `args` for its placeholders, in order.
    public convenience init(format predicateFormat: String, _ args: Any?...) {
        self.init(format: predicateFormat, argumentArray: args.map { $0 as Any })
    }

    /// A predicate from `predicateFormat` with the elements of `arguments` for its placeholders.
    public init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        self.predicateFormat = predicateFormat
        parsed = Self.parse(predicateFormat, arguments ?? [])
    }

    /// `TRUEPREDICATE` or `FALSEPREDICATE`, as Foundation's `init(value:)`.
    public init(value: Bool) {
        predicateFormat = value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        parsed = .success(value ? .truePredicate : .falsePredicate)
    }

    public var description: String { predicateFormat }

    /// The engine's predicate, or the error the format or its arguments gave.
    func enginePredicate() throws(CoreDataError) -> FetchedResults.Predicate {
        try parsed.get()
    }

    private static func parse(_ format: String, _ arguments: [Any]) -> Result<FetchedResults.Predicate, CoreDataError> {
        let (rewritten, placeholders) = FormatPlaceholders.rewrite(format)
        guard placeholders.count <= arguments.count else {
            return .failure(
                .fetch("predicate '\(format)' has \(placeholders.count) placeholders but \(arguments.count) arguments"))
        }
        var engineArguments: [PredicateArgument] = []
        for (index, placeholder) in placeholders.enumerated() {
            guard let argument = FormatPlaceholders.argument(arguments[index], for: placeholder) else {
                return .failure(
                    .fetch(
                        "predicate '\(format)': argument \(index + 1) (\(arguments[index])) cannot stand for '\(placeholder.spelling)'"
                    ))
            }
            engineArguments.append(argument)
        }
        do {
            return .success(try FetchedResults.Predicate(format: rewritten, arguments: engineArguments))
        } catch {
            return .failure(.fetch("Unable to parse the format string \"\(format)\": \(error)"))
        }
    }
}

/// The placeholders of a predicate format, and the arguments that stand for them.
enum FormatPlaceholders {
    /// What one placeholder asks for.
    enum Kind {
        case object, key, integer, floatingPoint
    }

    struct Placeholder {
        let kind: Kind
        let spelling: String
    }

    /// `format` with every numeric placeholder (`%d`, `%ld`, `%f`, …) written `%@` — the engine's
    /// parser knows `%@` and `%K` — and the placeholders in order. Text inside quotes is left alone.
    static func rewrite(_ format: String) -> (String, [Placeholder]) {
        let scalars = Array(format.unicodeScalars)
        var out = String.UnicodeScalarView()
        var placeholders: [Placeholder] = []
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            if let open = quote {
                out.append(c)
                if c == "\\", index + 1 < scalars.count {
                    out.append(scalars[index + 1])
                    index += 2
                    continue
                }
                if c == open { quote = nil }
                index += 1
                continue
            }
            if c == "\"" || c == "'" {
                quote = c
                out.append(c)
                index += 1
                continue
            }
            guard c == "%", index + 1 < scalars.count else {
                out.append(c)
                index += 1
                continue
            }
            // Length modifiers, then the conversion.
            var end = index + 1
            while end < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[end]) { end += 1 }
            guard end < scalars.count else {
                out.append(c)
                index += 1
                continue
            }
            let conversion = scalars[end]
            let spelling = String(String.UnicodeScalarView(scalars[index...end]))
            let kind: Kind?
            switch conversion {
            case "@": kind = end == index + 1 ? .object : nil
            case "K": kind = end == index + 1 ? .key : nil
            case "d", "i", "u", "D", "U", "c": kind = .integer
            case "f", "g", "e", "F", "G", "E": kind = .floatingPoint
            default: kind = nil
            }
            guard let kind else {
                out.append(c)
                index += 1
                continue
            }
            placeholders.append(Placeholder(kind: kind, spelling: spelling))
            out.append(contentsOf: kind == .key ? "%K".unicodeScalars : "%@".unicodeScalars)
            index = end + 1
        }
        return (String(out), placeholders)
    }

    /// The engine argument `value` gives for `placeholder`, or nil when it cannot stand for it.
    static func argument(_ value: Any, for placeholder: Placeholder) -> PredicateArgument? {
        switch placeholder.kind {
        case .key:
            return (ValueConversion.unwrapped(value) as? String).map(PredicateArgument.key)
        case .integer:
            guard let unwrapped = ValueConversion.unwrapped(value) else { return nil }
            if let flag = unwrapped as? Bool { return .value(.int(flag ? 1 : 0)) }
            return ValueConversion.integer(unwrapped).map { .value(.int($0)) }
        case .floatingPoint:
            guard let unwrapped = ValueConversion.unwrapped(value) else { return nil }
            if let number = unwrapped as? Double { return .value(.double(number)) }
            if let number = unwrapped as? Float { return .value(.double(Double(number))) }
            return ValueConversion.integer(unwrapped).map { .value(.double(Double($0))) }
        case .object:
            if let unwrapped = ValueConversion.unwrapped(value), !(unwrapped is String),
                let elements = collectionElements(unwrapped)
            {
                var values: [Value] = []
                for element in elements {
                    guard let converted = ValueConversion.argumentValue(element) else { return nil }
                    values.append(converted)
                }
                return .list(values)
            }
            return ValueConversion.argumentValue(value).map(PredicateArgument.value)
        }
    }

    /// The elements of an array or a set, or nil for anything else.
    private static func collectionElements(_ value: Any) -> [Any]? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .collection || mirror.displayStyle == .set else { return nil }
        return mirror.children.map(\.value)
    }
}
