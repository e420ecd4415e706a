import Foundation

/// Maps positive values to a pixel range on a logarithmic axis: equal ratios take equal
/// distances.
///
/// ```swift
/// let scale = LogScale(domain: 10...1_000, from: 0, to: 200)!
/// scale(100)    // 100.0: halfway, since 100 is halfway between 10 and 1,000 in ratio
/// scale.ticks   // [10, 100, 1000]
/// ```
package struct LogScale: Equatable, Sendable {
    package let domain: ClosedRange<Double>
    /// Where the domain's lower end goes.
    package let start: Double
    /// Where the domain's upper end goes (less than `start` for an axis drawn upwards).
    package let end: Double

    /// A scale from `domain` (both ends positive, finite) to `start`…`end`; nil for any other
    /// domain. A domain of one value is widened to the decade around it.
    package init?(domain: ClosedRange<Double>, from start: Double, to end: Double) {
        guard domain.lowerBound > 0, domain.upperBound.isFinite else { return nil }
        self.domain =
            domain.lowerBound == domain.upperBound ? (domain.lowerBound / 10)...(domain.upperBound * 10) : domain
        self.start = start
        self.end = end
    }

    /// The smallest domain with powers of ten at its ends that holds every positive finite
    /// value; nil when there is none.
    package static func decades(covering values: [Double]) -> ClosedRange<Double>? {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let low = positive.min(), let high = positive.max() else { return nil }
        let lower = pow(10, floor(log10(low)))
        let upper = pow(10, ceil(log10(high)))
        return lower == upper ? (lower / 10)...(upper * 10) : lower...upper
    }

    /// Where `value` goes on the axis (values outside the domain land beyond its ends).
    package func callAsFunction(_ value: Double) -> Double {
        let fraction = (log10(value) - log10(domain.lowerBound)) / (log10(domain.upperBound) - log10(domain.lowerBound))
        return start + fraction * (end - start)
    }

    /// The powers of ten within the domain, ascending.
    package var ticks: [Double] {
        var ticks: [Double] = []
        var exponent = ceil(log10(domain.lowerBound) - 1e-9)
        while true {
            let tick = pow(10, exponent)
            guard tick <= domain.upperBound * (1 + 1e-9) else { break }
            ticks.append(tick)
            exponent += 1
        }
        return ticks
    }

    /// `1`, `10`, `0.01`, `1k`, `1M`: a tick's label.
    package static func label(_ value: Double) -> String {
        let units: [(Double, String)] = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (size, unit) in units where value >= size {
            return Self.trimmed(value / size) + unit
        }
        return Self.trimmed(value)
    }

    private static func trimmed(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
