import Adapters
import FetchSimCore
import FetchedResults
import ObjectGraph
import TableSimulation

/// `fetchsim bench --reorder`: random drags in one section of N rows through the whole pipeline
/// (the table moves, the data source writes the index keys with the strategy, the controller
/// reports, the coordinator skips what the flag covers, the layout pass, the incremental check),
/// per strategy: objects written per drag and time per drag (docs/reorder.md).
package struct ReorderBench {
    package let sizes: [Int]
    package let seed: UInt64
    /// Drags measured per strategy and size; nil: 1,000 (dense: 200 at 10,000 rows, 5 above).
    package let drags: Int?

    package init(sizes: [Int], seed: UInt64, drags: Int? = nil) {
        self.sizes = sizes
        self.seed = seed
        self.drags = drags
    }

    /// One strategy at one size.
    package struct Result {
        package var strategy: ReorderStrategy
        package var size: Int
        package var drags: Int
        package var medianWrites: Double
        package var maxWrites: Int
        package var medianMs: Double
        package var maxMs: Double
        /// Drags after which the table and the controller disagreed (must be 0).
        package var inconsistent: Int

        package var jsonLine: String {
            "{\"strategy\":\"\(strategy)\",\"size\":\(size),\"drags\":\(drags),\"medianWrites\":\(medianWrites),"
                + "\"maxWrites\":\(maxWrites),\"medianMs\":\(Self.fixed(medianMs)),\"maxMs\":\(Self.fixed(maxMs)),\"inconsistent\":\(inconsistent)}"
        }

        /// The results as a text table.
        package static func table(_ results: [Result]) -> [String] {
            let header = [
                "strategy", "N", "drags", "writes median", "writes max", "ms/drag median", "ms/drag max",
                "inconsistent",
            ]
            let rows = results.map { r in
                [
                    r.strategy.rawValue, "\(r.size)", "\(r.drags)", Self.fixed(r.medianWrites, digits: 1),
                    "\(r.maxWrites)",
                    Self.fixed(r.medianMs), Self.fixed(r.maxMs), "\(r.inconsistent)",
                ]
            }
            let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
            return ([header] + rows).map { row in
                row.enumerated().map { column, cell in
                    column == 0
                        ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[column] - cell.count) + cell
                }.joined(separator: "  ")
            }
        }

        static func fixed(_ value: Double, digits: Int = 3) -> String {
            let scale = Double((0..<digits).reduce(1) { acc, _ in acc * 10 })
            let rounded = (value * scale).rounded() / scale
            var text = "\(rounded)"
            if let dot = text.firstIndex(of: ".") {
                let decimals = text.distance(from: dot, to: text.endIndex) - 1
                if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
            }
            return text
        }
    }

    package func run(progress: (String) -> Void, report: (Result) -> Void) throws {
        for size in sizes {
            for strategy in ReorderStrategy.allCases {
                progress("reorder: \(strategy), \(size) rows…")
                report(try measure(strategy, size: size))
            }
        }
    }

    private func measure(_ strategy: ReorderStrategy, size: Int) throws -> Result {
        let isDouble = strategy == .fractional
        let entity = try Entity(
            name: "Item", attributes: [Attribute("title", .string), Attribute("order", isDouble ? .double : .int)])
        let objects = (0..<size).map { i in
            let key: Value =
                switch strategy {
                case .dense: .int(i)
                case .sparse: .int(i * 1_024)
                case .fractional: .double(Double(i))
                }
            return StoredObject(id: ObjectID(i + 1), entity: "Item", values: [.string("t\(i)"), key])
        }
        let store = InMemoryStore(schema: try Schema(entities: [entity]), objects: objects, nextObjectID: size + 1)
        let context = try ObjectContext(store: store)
        let request = FetchRequest(entityName: "Item", sortDescriptors: [SortDescriptor(key: "order")])
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        let dataSource = try ListDataSource(controller: controller, indexKey: "order", strategy: strategy)
        let height = PipelineStack.viewportHeight
        let table = SimulatedTableView(
            dataSource: dataSource, viewport: Viewport(firstRow: max(size / 2 - height / 2, 0), height: height))
        table.reloadData()
        let adapter = TableAdapter.make(.coordinator, table: table, dataSource: dataSource)
        let check = ConsistencyCheck(table: table, dataSource: dataSource, scope: .incremental)
        let count = drags ?? (strategy != .dense ? 1_000 : size <= 10_000 ? 200 : 5)
        var rng = SeededGenerator(seed: seed)
        var writes: [Int] = []
        var times: [Double] = []
        var inconsistent = 0
        for _ in 0..<count {
            let from = Int.random(in: 0..<size, using: &rng)
            var to = Int.random(in: 0..<(size - 1), using: &rng)
            if to >= from { to += 1 }
            var problems: [ConsistencyProblem] = []
            var outcome = DropOutcome()
            let ms = try BenchClock.milliseconds {
                let source = IndexPath(row: from, section: 0)
                let destination = IndexPath(row: to, section: 0)
                outcome = try table.userMoveRow(from: source, to: destination) { table in
                    dataSource.writeDrop(in: table, from: source, to: destination, flagged: true)
                }
                try context.processPendingChanges()
                table.layoutIfNeeded()
                problems = check.run()
            }
            if !problems.isEmpty || adapter.lastEvent.tableError != nil || outcome.error != nil {
                inconsistent += 1
            }
            writes.append(outcome.writes)
            times.append(ms)
        }
        return Result(
            strategy: strategy, size: size, drags: count, medianWrites: BenchClock.median(writes.map(Double.init)),
            maxWrites: writes.max() ?? 0, medianMs: BenchClock.median(times), maxMs: times.max() ?? 0,
            inconsistent: inconsistent)
    }
}
