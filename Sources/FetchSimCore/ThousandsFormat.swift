/// Integers with thousands separators, as the bench and the fuzzer print counts and rates.
package enum ThousandsFormat {
    /// `1,000,000`, `-41,230`, `7`.
    package static func string(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var result = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (n < 0 ? "-" : "") + result
    }
}
