/// Orders fetched objects by one key, as Foundation's `NSSortDescriptor`.
///
/// Declaring it here shadows Foundation's class in a file that imports both (FetchSim's is the
/// one a fetch request reads). Strings compare by Unicode scalars, numbers numerically, dates by
/// time, nil first; objects equal under every descriptor keep their creation order.
///
/// ```swift
/// request.sortDescriptors = [NSSortDescriptor(key: "order", ascending: true)]
/// request.sortDescriptors = [NSSortDescriptor(keyPath: \Note.order, ascending: true)]   // @Managed properties
/// ```
public final class NSSortDescriptor: Sendable, CustomStringConvertible {
    /// The key (or key path through to-one relationships, `list.name`) to sort by.
    public let key: String?
    /// Whether smaller values come first.
    public let ascending: Bool

    /// The method that compares two values: `compare:` unless set (`init(key:ascending:selector:)`).
    public let selector: Selector?

    /// The key path the descriptor was made from, for the error when it has no key.
    let keyPathText: String?

    /// Sorts by `key`.
    public convenience init(key: String?, ascending: Bool) {
        self.init(key: key, ascending: ascending, selector: nil, keyPathText: nil)
    }

    /// Sorts by `key`, comparing values with `selector`, as Foundation's
    /// `init(key:ascending:selector:)`: `compare:`, `caseInsensitiveCompare:` or
    /// `localizedStandardCompare:` (a fetch refuses any other).
    ///
    /// ```swift
    /// NSSortDescriptor(key: "title", ascending: true, selector: Selector("localizedStandardCompare:"))
    /// ```
    public convenience init(key: String?, ascending: Bool, selector: Selector?) {
        self.init(key: key, ascending: ascending, selector: selector, keyPathText: nil)
    }

    private init(key: String?, ascending: Bool, selector: Selector?, keyPathText: String?) {
        self.key = key
        self.ascending = ascending
        self.selector = selector
        self.keyPathText = keyPathText
    }

    /// Sorts by the property `keyPath` names, as Foundation's `init(keyPath:ascending:)`.
    ///
    /// A Swift key path does not carry its property's name on Linux; FetchSim finds it for a
    /// property of an `NSManagedObject` subclass declared with ``Managed`` by reading the property
    /// once on a scratch object. Any other key path gives a descriptor without a key, which a fetch
    /// refuses with an error naming the key path.
    public convenience init<Root, Value>(keyPath: KeyPath<Root, Value>, ascending: Bool) {
        self.init(
            key: ManagedPropertyNames.name(of: keyPath), ascending: ascending, selector: nil, keyPathText: "\(keyPath)")
    }

    /// A descriptor of the same key, ordering the other way.
    public var reversedSortDescriptor: NSSortDescriptor {
        NSSortDescriptor(key: key, ascending: !ascending, selector: selector)
    }

    /// `(order, ascending)`, as Foundation prints one (with Foundation's `compare:` left out, and
    /// another selector after the direction: `(title, ascending, localizedStandardCompare:)`).
    public var description: String {
        "(\(key ?? "nil"), \(ascending ? "ascending" : "descending")"
            + (selector.map { $0.name == "compare:" ? "" : ", \($0.name)" } ?? "") + ")"
    }
}

/// The name of an Objective-C method, as Swift's `Selector` on Apple platforms; on Linux there is
/// no Objective-C runtime, so `#selector(…)` is unavailable and a selector is made from its name,
/// `Selector("localizedStandardCompare:")`, as Swift's `init(_:)` makes one there.
///
/// ```swift
/// // iOS: #selector(NSString.caseInsensitiveCompare(_:))
/// let byTitle = NSSortDescriptor(key: "title", ascending: true, selector: Selector("caseInsensitiveCompare:"))
/// ```
///
/// A fetch reads three selectors (`compare:`, `caseInsensitiveCompare:`,
/// `localizedStandardCompare:`) and refuses any other, naming it.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name, colons included: `caseInsensitiveCompare:`.
    public let name: String

    /// The selector named `name`.
    public init(_ name: String) { self.name = name }

    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }
}
