import Benchmarks
import Foundation
import SessionPages

/// The figures of `fetchsim bench` as plots (`--html`, `--svg`): time per event against N for
/// each change count, FetchSim against the Heckel diff and the refetch baseline; for
/// `--reorder`, writes and time per drag against N for each strategy. Log axes throughout.
enum BenchPlots {
    /// One plot per change count k.
    static func page(_ results: [BenchResult]) -> PlotPage {
        let counts = results.map(\.changes).reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        let plots = counts.map { k -> LinePlot in
            let rows = results.filter { $0.changes == k }
            func series(_ name: String, _ figure: (BenchResult) -> Double) -> LinePlot.Series {
                .init(name: name, points: rows.map { (Double($0.size), figure($0)) })
            }
            return LinePlot(
                title: "k = \(k) change\(k == 1 ? "" : "s") per event", xLabel: "N, fetched objects",
                yLabel: "ms per event",
                series: [
                    series("FetchSim controller", \.controllerMs), series("FetchSim pipeline", \.pipelineMs),
                    series("Heckel diff alone", \.heckelMs), series("refetch baseline", \.baselineMs),
                ])
        }
        return PlotPage(
            title: "fetchsim bench: one change event against list size", plots: plots,
            header: BenchResult.tableHeader, rows: results.map(\.tableRow), legend: BenchResult.legend)
    }

    /// Writes and time per drag, one series per strategy.
    static func page(_ results: [ReorderBench.Result]) -> PlotPage {
        let strategies = results.map(\.strategy).reduce(into: [String]()) {
            if !$0.contains($1.rawValue) { $0.append($1.rawValue) }
        }
        func plot(_ title: String, _ label: String, _ figure: (ReorderBench.Result) -> Double) -> LinePlot {
            LinePlot(
                title: title, xLabel: "N, rows in the section", yLabel: label,
                series: strategies.map { name in
                    .init(
                        name: name,
                        points: results.filter { $0.strategy.rawValue == name }.map { (Double($0.size), figure($0)) })
                })
        }
        let rows = results.map { r in
            [
                r.strategy.rawValue, "\(r.size)", "\(r.drags)", String(format: "%.1f", r.medianWrites),
                "\(r.maxWrites)",
                String(format: "%.4f", r.medianMs), String(format: "%.4f", r.maxMs), "\(r.inconsistent)",
            ]
        }
        return PlotPage(
            title: "fetchsim bench --reorder: a drag against section size",
            plots: [
                plot("writes per drag (median)", "writes", { $0.medianWrites }),
                plot("time per drag (median)", "ms per drag", \.medianMs),
            ],
            header: [
                "strategy", "N", "drags", "writes median", "writes max", "ms/drag median", "ms/drag max",
                "inconsistent",
            ],
            rows: rows,
            legend: ["A strategy that writes nothing for a drag has no point on the writes plot (a log axis has no 0)."]
        )
    }
}
