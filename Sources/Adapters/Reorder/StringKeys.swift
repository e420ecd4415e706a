import ObjectGraph

/// String keys (`fractional` on a string attribute), fractional indexing as Figma and David
/// Greenspan describe it (docs/reorder.md): a key is a base-62 fraction `0.d₁d₂…` written with
/// the digits `0-9A-Za-z` — whose byte order is their numeric order — never empty and never
/// ending in `0`, so a key strictly between any two always exists and is found digit by digit.
/// Keys grow by about one digit per drop on the same spot; past `maximumLength` digits a window
/// is respaced, as for doubles.
struct StringKeys: KeySpace {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let maximumLength = 48

    func key(_ value: Value) -> String? {
        guard case .string(let s) = value, Self.isValid(s) else { return nil }
        return s
    }

    /// A nil or a string that is not a key: nothing may be placed above it (it must be rewritten).
    func bound(_ value: Value, below: Bool) -> RowPlacement.Edge<String> {
        if let key = key(value) { return .key(key) }
        return value.isNull && below ? .open : .blocked
    }

    func value(_ key: String) -> Value { .string(key) }

    func dense(_ n: Int) -> [String] { spread(n, .open, .open) ?? [] }

    func between(_ lower: RowPlacement.Edge<String>, _ upper: RowPlacement.Edge<String>) -> String? {
        let a: String
        let b: String?
        switch (lower, upper) {
        case (_, .blocked), (.blocked, _): return nil
        case (.open, .open): (a, b) = ("", nil)
        case (.key(let x), .open): (a, b) = (x, nil)
        case (.open, .key(let y)): (a, b) = ("", y)
        case (.key(let x), .key(let y)):
            guard x < y else { return nil }
            (a, b) = (x, y)
        }
        let key = Self.midpoint(Array(a), b.map(Array.init))
        return key.count <= Self.maximumLength ? String(key) : nil
    }

    /// `n` keys between the bounds by halving: the middle one first, then each half.
    func spread(_ n: Int, _ lower: RowPlacement.Edge<String>, _ upper: RowPlacement.Edge<String>) -> [String]? {
        guard n > 0 else { return [] }
        guard let middle = between(lower, upper) else { return nil }
        let left = (n - 1) / 2
        guard let below = spread(left, lower, .key(middle)), let above = spread(n - 1 - left, .key(middle), upper)
        else { return nil }
        return below + [middle] + above
    }

    /// A key strictly between `a` (`""` for 0) and `b` (nil for 1), with `a < b`.
    static func midpoint(_ a: [Character], _ b: [Character]?) -> [Character] {
        if let b {
            // Digits the two share (a padded with zeros) are kept.
            var n = 0
            while n < b.count, (n < a.count ? a[n] : "0") == b[n] { n += 1 }
            if n > 0 { return Array(b[..<n]) + midpoint(Array(a.dropFirst(n)), Array(b.dropFirst(n))) }
        }
        let low = a.first.flatMap { digits.firstIndex(of: $0) } ?? 0
        let high = b?.first.flatMap { digits.firstIndex(of: $0) } ?? digits.count
        if high - low > 1 { return [digits[(low + high + 1) / 2]] }
        // Adjacent first digits: b's first digit alone if b goes on, else a's and a key above a's rest.
        if let b, b.count > 1 { return [b[0]] }
        return [digits[low]] + midpoint(Array(a.dropFirst()), nil)
    }

    static func isValid(_ s: String) -> Bool {
        guard let last = s.last, last != "0" else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
