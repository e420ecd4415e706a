import FetchSimCore
import Sheet
import Testing

/// A long table shown around its changes needs only the rows the window shows: a model holding
/// just those rows (`SheetWindow.shownRanges` → `SheetRows(count:markedPositions:rows:)`) draws
/// exactly what the model holding every row draws.
@Suite struct SheetRowsTests {
    @Test(arguments: 1...30)
    func aModelOfTheShownRowsDrawsLikeTheFullModel(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let changes: [ChangeMark] = [.inserted, .updated, .moved(from: path(0, 0))]
        var full: [SheetSection] = []
        var firstID = 1
        for section in 0..<Int.random(in: 1...6, using: &rng) {
            let count = Int.random(in: 0...40, using: &rng)
            var marks: [Int: ChangeMark] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &rng) where count > 0 {
                marks[Int.random(in: 0..<count, using: &rng)] = changes.randomElement(using: &rng)
            }
            full.append(
                SheetSection(
                    name: "S\(section)", rows: rows(section: section, count: count, firstID: firstID, marks: marks)))
            firstID += count
        }
        let maxRows = Int.random(in: 0...30, using: &rng)
        let window = SheetWindow.aroundChanges(maxRows: maxRows)
        let model = SheetModel(columns: ["title", "order"], sections: full)

        let shown = window.shownRanges(
            rowCounts: full.map(\.rows.count), markedPositions: full.map(\.rows.markedPositions))
        var offset = 0
        let sparse = full.map { section -> SheetSection in
            defer { offset += section.rows.count }
            var given: [Int: SheetRow] = [:]
            for range in shown ?? [offset..<(offset + section.rows.count)] {
                for flat in range.clamped(to: offset..<(offset + section.rows.count)) {
                    given[flat - offset] = section.rows[flat - offset]
                }
            }
            return SheetSection(
                name: section.name,
                rows: SheetRows(count: section.rows.count, markedPositions: section.rows.markedPositions, rows: given))
        }
        let renderer = SheetRenderer(width: 60)
        #expect(
            renderer.render(SheetModel(columns: model.columns, sections: sparse), window: window)
                == renderer.render(model, window: window),
            "seed \(seed), maxRows \(maxRows)")
        if let shown { #expect(shown.reduce(0) { $0 + $1.count } <= maxRows) }
    }

    @Test func markedCountsAreReadFromThePositions() {
        let rows = SheetRows(count: 1_000_000, markedPositions: [999_999, 3, 500_000], rows: [:])
        #expect(rows.markedPositions == [3, 500_000, 999_999])
        #expect(rows.markedCount(in: 0..<4) == 1)
        #expect(rows.markedCount(in: 4..<500_000) == 0)
        #expect(rows.markedCount(in: 4..<1_000_000) == 2)
    }
}
