import FetchSimCore
import Testing

@testable import FetchSimTesting

/// The fuzzer draws a row by its position across sections; a seed must pick the rows it picked
/// from the list of every index path, so that a seed replays the same run as before.
@Suite struct RowPositionsTests {
    @Test func positionsCountAcrossSectionsInOrder() {
        let rows = RowPositions(counts: [2, 0, 3])
        #expect(rows.count == 5)
        #expect(
            (0..<5).map(rows.indexPath(at:)) == [
                IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0),
                IndexPath(row: 0, section: 2), IndexPath(row: 1, section: 2), IndexPath(row: 2, section: 2),
            ])
    }

    @Test(arguments: [[], [0], [1], [3, 0, 2], [25, 25, 25, 25], [0, 7, 0, 0, 9]])
    func aDrawPicksWhatTheListOfEveryIndexPathPicks(counts: [Int]) {
        let all = counts.enumerated().flatMap { section, rows in (0..<rows).map { IndexPath(row: $0, section: section) }
        }
        var listGenerator = SeededGenerator(seed: 42)
        var positionsGenerator = SeededGenerator(seed: 42)
        let rows = RowPositions(counts: counts)
        for _ in 0..<50 {
            #expect(rows.randomElement(using: &positionsGenerator) == all.randomElement(using: &listGenerator))
        }
        #expect(listGenerator.next() == positionsGenerator.next())
    }
}
