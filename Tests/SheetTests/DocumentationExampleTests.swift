import Sheet
import Testing

/// The examples in Sheet's doc comments, as written there, with the lines each one claims worked
/// out by hand from docs/sheet.md's layout: a mark and a space, then the path, `#id` and value
/// columns two spaces apart, each as wide as its widest entry (header included); rules filled
/// with `─` to the table's width.
@Suite struct SheetDocumentationExampleTests {
    @Test func sheetModel() {
        let model = SheetModel(
            columns: ["title"],
            sections: [
                SheetSection(
                    name: nil,
                    rows: [
                        SheetRow(path: IndexPath(row: 0, section: 0), id: 7, cells: ["Strawberries"], mark: .inserted),
                        SheetRow(path: IndexPath(row: 1, section: 0), id: 3, cells: ["Milk"]),
                    ])
            ],
            deleted: [DeletedRow(oldPath: IndexPath(row: 2, section: 0), id: 9, cells: ["Bread"])])
        let lines = SheetRenderer(width: 80).render(model, window: .all)
        // path: "path" (4) is wider than "0.0"; id: "#7" and "id" are 2; title: "Strawberries" 12.
        // Table width 2 + 4 + 2 + 2 + 2 + 12 = 24.
        #expect(
            lines == [
                "  path  id  title",
                "── 2 rows ──────────────",
                "+ 0.0   #7  Strawberries",
                "  0.1   #3  Milk",
                "── deleted · 1 row ─────",
                "- 0.2   #9  Bread",
            ])
    }

    @Test func sheetSectionAndSheetRow() {
        let milk = SheetRow(path: IndexPath(row: 0, section: 0), id: 7, cells: ["Milk"])
        let offScreen = SheetRow(path: IndexPath(row: 1, section: 0), id: 3, cells: nil)
        let groceries = SheetSection(name: "Groceries", indexTitle: "G", rows: [milk, offScreen])
        let lines = SheetRenderer(width: 80).render(SheetModel(columns: ["title"], sections: [groceries]), window: .all)
        // Table width 2 + 4 + 2 + 2 + 2 + 5 ("title") = 17; the rule is longer and sets no width.
        #expect(lines[1].hasPrefix("── Groceries (G) · 2 rows ──"))
        #expect(lines[2] == "  0.0   #7  Milk")
        #expect(lines[3] == "  0.1   #3  ·")
    }

    @Test func changeMark() {
        let eggs = SheetRow(
            path: IndexPath(row: 0, section: 1), id: 3, cells: ["Eggs"],
            mark: .moved(from: IndexPath(row: 2, section: 0)))
        let model = SheetModel(
            columns: ["title"], sections: [SheetSection(name: "A", rows: []), SheetSection(name: "B", rows: [eggs])])
        let lines = SheetRenderer(width: 80).render(model, window: .section(1))
        // A moved row's path is now←before: "1.0←0.2", 7 columns.
        #expect(lines.contains("> 1.0←0.2  #3  Eggs"))
    }

    @Test func sheetWindow() {
        let window = SheetWindow.aroundChanges(maxRows: 5)
        // Row 50 is marked: it and two rows either side, 48 through 52.
        #expect(window.shownRanges(rowCounts: [100], markedPositions: [[50]]) == [48..<53])
        #expect(SheetWindow.all.shownRanges(rowCounts: [100], markedPositions: [[50]]) == nil)
    }

    @Test func sheetRows() {
        let shown = Dictionary(
            uniqueKeysWithValues: (48..<53).map {
                ($0, SheetRow(path: IndexPath(row: $0, section: 0), id: $0 + 1, cells: ["Item \($0)"]))
            })
        let rows = SheetRows(count: 100, markedPositions: [50], rows: shown)
        #expect(rows.count == 100)
        #expect(rows[50].id == 51)
        #expect(rows.markedPositions == [50])
    }

    @Test func sheetStyleRole() {
        let renderer = SheetRenderer(width: 80) { role, text in role == .header ? "[\(text)]" : text }
        let row = SheetRow(path: IndexPath(row: 0, section: 0), id: 7, cells: ["Milk"])
        let lines = renderer.render(
            SheetModel(columns: ["title"], sections: [SheetSection(name: nil, rows: [row])]), window: .all)
        // The column titles are one piece, styled once; the blank mark column stays unstyled.
        #expect(lines[0] == "  [path  id  title]")
    }

    /// `IndexPath`'s extension is FetchSimCore's, which Sheet re-exports: its example is checked here.
    @Test func indexPath() {
        let path = IndexPath(row: 2, section: 0)
        #expect(path.section == 0 && path.row == 2)
        #expect(path.shortDescription == "0.2")
        #expect(IndexPath(row: 0, section: 1) > path)
        #expect(path.description == "[0, 2]")
    }
}
