import Adapters
import Testing

@testable import Fuzzing

/// The invariant "the full, unfiltered order of every section is the order the user produced"
/// (docs/reorder.md): it holds for every strategy, direction and filter, and it catches the
/// seeds' visible-only dense renumbering, which the shrinker cuts down to a few lines.
@Suite struct FuzzUserOrderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let reorder: ReorderStrategy
        let ascending: Bool
        let filter: Int
        var testDescription: String { "\(reorder) \(ascending ? "asc" : "desc") filter \(filter)%" }
    }

    static let cases: [Case] = ReorderStrategy.allCases.flatMap { reorder in
        [true, false].flatMap { ascending in [0, 30].map { Case(reorder: reorder, ascending: ascending, filter: $0) } }
    }

    @Test(arguments: cases)
    func everyStrategyKeepsTheUsersOrder(_ testCase: Case) throws {
        let configuration = FuzzConfiguration.with(seed: 11, batches: 400) {
            $0.reorder = testCase.reorder
            $0.sortsAscending = testCase.ascending
            $0.filterPercent = testCase.filter
        }
        let found = try FuzzPipeline.run(configuration)
        #expect(found == nil, "\(found.map { $0.transcript.text } ?? "")")
    }

    @Test func visibleOnlyDenseRenumberingIsCaughtAndShrunk() throws {
        let configuration = FuzzConfiguration.with(seed: 3, batches: 2_000) {
            $0.filterPercent = 30
            $0.breaksRenumbering = true
        }
        let found = try #require(try FuzzPipeline.run(configuration))
        #expect(found.finding.failure.kind == .userOrder)
        #expect(found.transcript.failure?.kind == .userOrder)
        // Setup (entity, rows, fetch) and a drag are all a lost order needs; a hidden row
        // between the drag's neighbours must survive the shrinking.
        #expect(found.transcript.inputLines <= 6, "\(found.transcript.text)")
        #expect(found.transcript.text.contains("> move "))
        // Without hidden rows the same broken renumbering keeps the order: nothing to find.
        let unfiltered = FuzzConfiguration.with(seed: 3, batches: 400) {
            $0.filterPercent = 0
            $0.breaksRenumbering = true
        }
        #expect(try FuzzPipeline.run(unfiltered) == nil)
    }

    private func configuration(reorder: ReorderStrategy = .dense, sort: FuzzSortDirection = .asc, filter: Int = 10)
        throws -> FuzzConfiguration
    {
        try FuzzConfiguration(
            seed: 5, batches: 10, rows: 20, sections: 4, reorder: reorder, sort: sort, filterPercent: filter)
    }

    @Test func theReorderOptionsShapeTheSetupAndAreReproduced() throws {
        let sparse = try configuration(reorder: .sparse, sort: .desc, filter: 30)
        #expect(sparse.commandLine == "fetchsim fuzz --seed 5 --batches 10 --reorder sparse --sort desc --filter 30")
        #expect(
            sparse.fetchLine
                == "fetch Item where hidden == NO sort group, order desc section group index order reorder sparse")
        let fractional = try configuration(reorder: .fractional, filter: 0)
        #expect(fractional.entityLine == "entity Item title:string group:string order:double hidden:bool")
        #expect(fractional.fetchLine == "fetch Item sort group, order section group index order reorder fractional")
        #expect(
            try configuration().fetchLine == "fetch Item where hidden == NO sort group, order section group index order"
        )
    }

    @Test func badReorderOptionsAreRefusedByName() {
        #expect(throws: FuzzConfigurationError("'--filter' must be a percentage between 0 and 100, not '101'")) {
            try configuration(filter: 101)
        }
        // Unknown strategies and directions are refused by the argument parser, which lists the
        // values (ReorderStrategy and FuzzSortDirection are ExpressibleByArgument in fetchsim).
        #expect(ReorderStrategy(rawValue: "lexo") == nil && FuzzSortDirection(rawValue: "up") == nil)
    }
}
