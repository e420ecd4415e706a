/// A line chart on log–log axes, drawn as SVG: a line per series with a distinct marker shape
/// and dash pattern (so series differ by more than colour), axes with decade ticks, a legend.
///
/// ```swift
/// let plot = LinePlot(title: "k = 1", xLabel: "N", yLabel: "ms per event",
///                     series: [.init(name: "FetchSim", points: [(10_000, 0.01), (1_000_000, 0.02)])])
/// let svg = plot.svg()   // "<svg …>…</svg>"
/// ```
package struct LinePlot: Sendable {
    package struct Series: Sendable {
        package var name: String
        package var points: [(x: Double, y: Double)]

        package init(name: String, points: [(x: Double, y: Double)]) {
            self.name = name
            self.points = points
        }
    }

    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var series: [Series]
    package var width = 560.0
    package var height = 360.0

    package init(title: String, xLabel: String, yLabel: String, series: [Series]) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
    }

    /// Colours, marker shapes and dash patterns, by series; a colour-blind reader tells series
    /// apart by shape and dash.
    static let colours = ["#0b57d0", "#c5221f", "#188038", "#b06000", "#7b1fa2", "#00796b"]
    static let markers = ["circle", "square", "triangle", "diamond", "cross", "plus"]
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"]

    /// The plotting area inside the margins.
    private var plotArea: (left: Double, right: Double, top: Double, bottom: Double) {
        (64, width - 16, 34, height - 92)
    }

    /// The plot as a standalone `<svg>` element placed at (`x`, `y`) of an enclosing one.
    package func svg(x: Double = 0, y: Double = 0) -> String {
        let area = plotArea
        let points = series.flatMap(\.points).filter { $0.x > 0 && $0.y > 0 && $0.x.isFinite && $0.y.isFinite }
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\""
            + " viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTMLText.escaped(title))\" font-family=\"sans-serif\" font-size=\"11\">"
        out += "<title>\(HTMLText.escaped(title))</title>"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
        out +=
            "<text x=\"\(n(width / 2))\" y=\"18\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">\(HTMLText.escaped(title))</text>"
        guard let xDomain = LogScale.decades(covering: points.map(\.x)),
            let yDomain = LogScale.decades(covering: points.map(\.y)),
            let xScale = LogScale(domain: xDomain, from: area.left, to: area.right),
            let yScale = LogScale(domain: yDomain, from: area.bottom, to: area.top)
        else {
            return out
                + "<text x=\"\(n(width / 2))\" y=\"\(n(height / 2))\" text-anchor=\"middle\">no positive figures to plot</text></svg>"
        }
        // Grid and ticks.
        for tick in xScale.ticks {
            let px = xScale(tick)
            out +=
                "<line x1=\"\(n(px))\" y1=\"\(n(area.top))\" x2=\"\(n(px))\" y2=\"\(n(area.bottom))\" stroke=\"#ddd\"/>"
            out +=
                "<text x=\"\(n(px))\" y=\"\(n(area.bottom + 14))\" text-anchor=\"middle\">\(LogScale.label(tick))</text>"
        }
        for tick in yScale.ticks {
            let py = yScale(tick)
            out +=
                "<line x1=\"\(n(area.left))\" y1=\"\(n(py))\" x2=\"\(n(area.right))\" y2=\"\(n(py))\" stroke=\"#ddd\"/>"
            out +=
                "<text x=\"\(n(area.left - 5))\" y=\"\(n(py + 4))\" text-anchor=\"end\">\(LogScale.label(tick))</text>"
        }
        out +=
            "<rect x=\"\(n(area.left))\" y=\"\(n(area.top))\" width=\"\(n(area.right - area.left))\" height=\"\(n(area.bottom - area.top))\""
            + " fill=\"none\" stroke=\"#444\"/>"
        out +=
            "<text x=\"\(n((area.left + area.right) / 2))\" y=\"\(n(area.bottom + 30))\" text-anchor=\"middle\">\(HTMLText.escaped(xLabel)) (log)</text>"
        out +=
            "<text transform=\"translate(14 \(n((area.top + area.bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">"
            + "\(HTMLText.escaped(yLabel)) (log)</text>"
        // Series.
        for (index, item) in series.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            let dash = Self.dashes[index % Self.dashes.count]
            let shown = item.points.filter { $0.x > 0 && $0.y > 0 && $0.x.isFinite && $0.y.isFinite }.sorted {
                $0.x < $1.x
            }
            out += "<g class=\"series\" data-series=\"\(HTMLText.escaped(item.name))\">"
            if shown.count > 1 {
                let path = shown.map { "\(n(xScale($0.x))),\(n(yScale($0.y)))" }.joined(separator: " ")
                out +=
                    "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\""
                    + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + "/>"
            }
            for point in shown {
                out += marker(
                    Self.markers[index % Self.markers.count], x: xScale(point.x), y: yScale(point.y), colour: colour,
                    title: "\(item.name): \(LogScale.label(point.x)) → \(Self.figure(point.y))")
            }
            out += "</g>"
            // Legend entry, two to a row under the axis label.
            let lx = area.left + Double(index % 2) * (area.right - area.left) / 2
            let ly = area.bottom + 50 + Double(index / 2) * 16
            out +=
                "<line x1=\"\(n(lx))\" y1=\"\(n(ly))\" x2=\"\(n(lx + 28))\" y2=\"\(n(ly))\" stroke=\"\(colour)\" stroke-width=\"2\""
                + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + "/>"
            out += marker(Self.markers[index % Self.markers.count], x: lx + 14, y: ly, colour: colour, title: nil)
            out += "<text x=\"\(n(lx + 34))\" y=\"\(n(ly + 4))\">\(HTMLText.escaped(item.name))</text>"
        }
        return out + "</svg>"
    }

    private func marker(_ shape: String, x: Double, y: Double, colour: String, title: String?) -> String {
        let r = 4.0
        let tooltip = title.map { "<title>\(HTMLText.escaped($0))</title>" } ?? ""
        let paint = "fill=\"\(colour)\" stroke=\"\(colour)\""
        switch shape {
        case "square":
            return
                "<rect x=\"\(n(x - r))\" y=\"\(n(y - r))\" width=\"\(n(2 * r))\" height=\"\(n(2 * r))\" \(paint)>\(tooltip)</rect>"
        case "triangle":
            return
                "<polygon points=\"\(n(x)),\(n(y - r - 1)) \(n(x + r + 1)),\(n(y + r)) \(n(x - r - 1)),\(n(y + r))\" \(paint)>\(tooltip)</polygon>"
        case "diamond":
            return
                "<polygon points=\"\(n(x)),\(n(y - r - 1)) \(n(x + r + 1)),\(n(y)) \(n(x)),\(n(y + r + 1)) \(n(x - r - 1)),\(n(y))\" \(paint)>\(tooltip)</polygon>"
        case "cross":
            return
                "<path d=\"M\(n(x - r)) \(n(y - r))L\(n(x + r)) \(n(y + r))M\(n(x + r)) \(n(y - r))L\(n(x - r)) \(n(y + r))\""
                + " stroke=\"\(colour)\" stroke-width=\"2\" fill=\"none\">\(tooltip)</path>"
        case "plus":
            return "<path d=\"M\(n(x - r)) \(n(y))L\(n(x + r)) \(n(y))M\(n(x)) \(n(y - r))L\(n(x)) \(n(y + r))\""
                + " stroke=\"\(colour)\" stroke-width=\"2\" fill=\"none\">\(tooltip)</path>"
        default:
            return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" \(paint)>\(tooltip)</circle>"
        }
    }

    /// A coordinate with at most two decimals.
    private func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// A plotted figure for a tooltip: four significant digits.
    static func figure(_ value: Double) -> String {
        var digits = 4
        var magnitude = value
        while magnitude >= 10, digits > 0 {
            magnitude /= 10
            digits -= 1
        }
        let scale = Double(Int(pow10(digits)))
        return String((value * scale).rounded() / scale)
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }
}
