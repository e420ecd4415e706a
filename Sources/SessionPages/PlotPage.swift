/// Plots and the figures behind them, as one SVG document or one self-contained HTML page.
///
/// ```swift
/// let page = PlotPage(title: "fetchsim bench", plots: [plot], header: ["N", "ms"], rows: [["10,000", "0.01"]])
/// try page.html().write(toFile: "bench.html", atomically: true, encoding: .utf8)
/// ```
package struct PlotPage: Sendable {
    package var title: String
    package var plots: [LinePlot]
    /// The figures, as the text table prints them.
    package var header: [String]
    package var rows: [[String]]
    /// Lines saying what the columns mean.
    package var legend: [String] = []

    package init(title: String, plots: [LinePlot], header: [String], rows: [[String]], legend: [String] = []) {
        self.title = title
        self.plots = plots
        self.header = header
        self.rows = rows
        self.legend = legend
    }

    /// The plots side by side, two to a row, in one SVG document.
    package func svg() -> String {
        let columns = min(2, max(1, plots.count))
        let width = plots.first?.width ?? 560
        let height = plots.first?.height ?? 360
        let rowCount = (plots.count + columns - 1) / columns
        var out =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width) * columns)\" height=\"\(Int(height) * max(1, rowCount))\">"
            + "<title>\(HTMLText.escaped(title))</title>"
        for (index, plot) in plots.enumerated() {
            out += plot.svg(x: Double(index % columns) * width, y: Double(index / columns) * height)
        }
        return out + "</svg>\n"
    }

    /// The plots inline, then the figures in a table and the legend.
    package func html() -> String {
        var out =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"color-scheme\" content=\"light dark\">\n<title>\(HTMLText.escaped(title))</title>\n<style>"
            + "body{font:15px/1.45 system-ui,sans-serif;margin:1rem auto;max-width:80rem;padding:0 1rem}"
            + ".plots{display:flex;flex-wrap:wrap;gap:1rem}.plots svg{max-width:100%;height:auto;border:1px solid #ccc}"
            + "table{border-collapse:collapse;font:13px ui-monospace,monospace;margin:1rem 0}"
            + "th,td{padding:.15rem .6rem;border-bottom:1px solid #ccc;text-align:right}th{text-align:right}"
            + "td:first-child,th:first-child{text-align:left}.legend{color:#555;white-space:pre-wrap;font-size:.9rem}"
            + "@media (prefers-color-scheme:dark){body{background:#16181b;color:#e6e6e6}.legend{color:#aaa}th,td{border-color:#444}}"
            + "</style>\n</head>\n<body>\n<h1>\(HTMLText.escaped(title))</h1>\n<div class=\"plots\">"
        for plot in plots { out += plot.svg() + "\n" }
        out += "</div>\n<table><thead><tr>"
        for title in header { out += "<th scope=\"col\">\(HTMLText.escaped(title))</th>" }
        out += "</tr></thead><tbody>"
        for row in rows {
            out += "<tr>" + row.map { "<td>\(HTMLText.escaped($0))</td>" }.joined() + "</tr>"
        }
        out += "</tbody></table>\n"
        if !legend.isEmpty { out += "<p class=\"legend\">\(HTMLText.escaped(legend.joined(separator: "\n")))</p>\n" }
        return out + "</body>\n</html>\n"
    }
}
