/// Numbers as the command-line tools print them for people: one formatter, so that the fuzzer's
/// progress bar and summary and the benchmark's tables group digits the same way.
package enum NumberText {
    /// `41230` → `41,230`; `-1234567` → `-1,234,567` (groups of three, comma-separated, as
    /// `NumberFormatter` does for `en_US_POSIX`, without Foundation).
    package static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var result = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (n < 0 ? "-" : "") + result
    }
}
