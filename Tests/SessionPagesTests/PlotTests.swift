import Testing

@testable import SessionPages

@Suite struct PlotTests {
    @Test func aLogScaleGivesEqualRatiosEqualDistances() throws {
        let scale = try #require(LogScale(domain: 10...1_000, from: 0, to: 200))
        #expect(scale(10) == 0)
        #expect(abs(scale(100) - 100) < 1e-9)
        #expect(abs(scale(1_000) - 200) < 1e-9)
        // 10^1.5 ≈ 31.62 is a quarter of the way in ratio.
        #expect(abs(scale(31.622_776_601_683_793) - 50) < 1e-6)
        #expect(scale.ticks == [10, 100, 1_000])
    }

    @Test func anInvertedRangeDrawsUpwards() throws {
        // An SVG y axis: larger values higher, so nearer 0.
        let scale = try #require(LogScale(domain: 0.01...1, from: 300, to: 100))
        #expect(abs(scale(0.01) - 300) < 1e-9)
        #expect(abs(scale(0.1) - 200) < 1e-9)
        #expect(abs(scale(1) - 100) < 1e-9)
    }

    @Test func decadesCoverTheFiguresAndSkipWhatALogAxisCannotShow() {
        #expect(LogScale.decades(covering: [0.003, 42, 0, -1, .infinity]) == 0.001...100)
        #expect(LogScale.decades(covering: [10_000, 1_000_000]) == 10_000...1_000_000)
        // One value: the decade either side.
        #expect(LogScale.decades(covering: [100]) == 10...1_000)
        #expect(LogScale.decades(covering: [0, -3]) == nil)
        #expect(LogScale(domain: 0...10, from: 0, to: 1) == nil)
    }

    @Test func tickLabels() {
        #expect(LogScale.label(1) == "1")
        #expect(LogScale.label(0.001) == "0.001")
        #expect(LogScale.label(10_000) == "10k")
        #expect(LogScale.label(1_000_000) == "1M")
    }

    @Test func aSeriesIsDrawnAtItsScaledPoints() {
        // Plot area: x from 64 to 544 (width 560 − 16), y from 268 (height 360 − 92) up to 34.
        // x over 10^4…10^6: 10^5 is halfway, at 304; y over 0.01…1: 0.1 is halfway, at 151.
        let plot = LinePlot(
            title: "k = 1", xLabel: "N", yLabel: "ms",
            series: [
                .init(name: "FetchSim", points: [(10_000, 0.01), (100_000, 0.1), (1_000_000, 1)]),
                .init(name: "Heckel diff", points: [(10_000, 0.02), (1_000_000, 0)]),
            ])
        let svg = plot.svg()
        #expect(svg.contains("<polyline points=\"64,268 304,151 544,34\""))
        // A figure of 0 cannot sit on a log axis: one point left, so no line for that series.
        #expect(PageFixtures.occurrences(of: "<polyline", in: svg) == 1)
        #expect(svg.contains("<title>Heckel diff: 10k → 0.02</title>"))
        // Decade ticks on both axes, and the legend names both series.
        for label in [">10k<", ">100k<", ">1M<", ">0.01<", ">0.1<", ">1<", ">FetchSim<", ">Heckel diff<"] {
            #expect(svg.contains(label), "missing \(label)")
        }
        // Different shapes, not only colours: a circle for the first series, a square for the second.
        #expect(svg.contains("<circle cx=\"304\" cy=\"151\""))
        #expect(svg.contains("<rect x=\"60\""))
    }

    @Test func aPlotWithoutPositiveFiguresSaysSo() {
        let plot = LinePlot(title: "empty", xLabel: "N", yLabel: "ms", series: [.init(name: "a", points: [(0, 0)])])
        #expect(plot.svg().contains("no positive figures to plot"))
    }

    @Test func thePageHoldsThePlotsAndTheFigures() {
        let plot = LinePlot(
            title: "writes <per> drag", xLabel: "N", yLabel: "writes",
            series: [.init(name: "dense", points: [(10, 4), (100, 40)])])
        let page = PlotPage(
            title: "bench", plots: [plot, plot], header: ["N", "writes"], rows: [["10", "4"], ["100", "40"]])
        let html = page.html()
        #expect(PageFixtures.occurrences(of: "<svg ", in: html) == 2)
        #expect(html.contains("<tr><td>10</td><td>4</td></tr><tr><td>100</td><td>40</td></tr>"))
        #expect(html.contains("writes &lt;per&gt; drag"))
        let svg = page.svg()
        #expect(
            svg.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1120\" height=\"360\">"
            ))
        #expect(svg.contains("x=\"560\" y=\"0\""))
    }
}
