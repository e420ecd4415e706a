import Sheet
import Testing

/// A model and a window rendered to golden files `name-80.txt` and `name-40.txt`.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    var name: String
    var model: SheetModel
    var window: SheetWindow

    var testDescription: String { name }

    static let all: [GoldenCase] = [
        GoldenCase(name: "marks", model: .groceries, window: .aroundChanges(maxRows: 20)),
        GoldenCase(name: "deletions", model: .withDeletions, window: .all),
        GoldenCase(name: "wide", model: .wide, window: .all),
        GoldenCase(name: "many-columns", model: .manyColumns, window: .all),
        GoldenCase(name: "window", model: .long, window: .aroundChanges(maxRows: 12)),
        GoldenCase(name: "window-capped", model: .crowded, window: .aroundChanges(maxRows: 8)),
        GoldenCase(name: "window-quiet", model: .quiet, window: .aroundChanges(maxRows: 10)),
        GoldenCase(name: "section", model: .groceries, window: .section(1)),
        GoldenCase(name: "missing-section", model: .groceries, window: .section(5)),
        GoldenCase(name: "empty", model: SheetModel(columns: ["title", "order"], sections: []), window: .all),
        GoldenCase(name: "empty-sections", model: .emptySections, window: .aroundChanges(maxRows: 3)),
    ]
}

extension SheetModel {
    /// Every mark, a stale cell (#8 still shows #2's text), a row without a cell, a long value.
    static let groceries = SheetModel(
        columns: ["title", "group", "order", "done"],
        sections: [
            SheetSection(
                name: "Groceries", indexTitle: "G",
                rows: [
                    row(0, 0, 7, ["Milk", "Groceries", "1", "false"], .inserted),
                    row(0, 1, 3, ["Eggs", "Groceries", "2", "false"], .moved(from: path(1, 0))),
                    row(0, 2, 5, ["Bread", "Groceries", "3", "true"], .updated),
                    row(0, 3, 2, nil),
                    row(0, 4, 8, ["Tea", "Groceries", "4", "false"]),
                ]),
            SheetSection(
                name: "Work", indexTitle: "W",
                rows: [
                    row(1, 0, 4, ["Call Ann", "Work", "1", "false"]),
                    row(1, 1, 6, ["Write the quarterly report for the board", "Work", "2", "false"]),
                ]),
        ]
    )

    /// Deleted rows (one had no cell) and a deleted section.
    static let withDeletions = SheetModel(
        columns: ["title", "group", "order"],
        sections: [
            SheetSection(
                name: "Groceries", indexTitle: "G",
                rows: [
                    row(0, 0, 7, ["Milk", "Groceries", "1"]),
                    row(0, 1, 5, ["Bread", "Groceries", "2"], .moved(from: path(0, 3))),
                ])
        ],
        deleted: [
            DeletedRow(oldPath: path(0, 2), id: 9, cells: ["Eggs", "Groceries", "3"]),
            DeletedRow(oldPath: path(1, 0), id: 12, cells: nil),
        ],
        deletedSections: ["Errands"]
    )

    /// East Asian wide characters in names and values, cut at narrow widths.
    static let wide = SheetModel(
        columns: ["title", "メモ"],
        sections: [
            SheetSection(
                name: "買い物", indexTitle: "買",
                rows: [
                    row(0, 0, 1, ["牛乳", "スーパーで二本買う"], .inserted),
                    row(0, 1, 2, ["한국어 제목", "mixed 日本 text"]),
                    row(0, 2, 3, ["Café ☕ latte", "ＡＢＣ fullwidth"], .updated),
                ])
        ]
    )

    /// More columns than fit in 40 columns, so trailing ones are dropped.
    static let manyColumns = SheetModel(
        columns: ["title", "group", "order", "done", "due", "priority", "owner"],
        sections: [
            SheetSection(
                name: nil,
                rows: [
                    row(0, 0, 1, ["Plan trip", "Home", "1", "false", "2024-05-01", "high", "Ann"]),
                    row(0, 1, 2, ["Book hotel", "Home", "2", "true", "2024-05-03", "low", "Bob"], .updated),
                ])
        ]
    )

    /// 60 rows in three sections, changes near the top and in the last section.
    static let long = SheetModel(
        columns: ["title", "order"],
        sections: [
            SheetSection(
                name: "Alpha", indexTitle: "A", rows: rows(section: 0, count: 20, firstID: 100, marks: [1: .inserted])),
            SheetSection(name: "Beta", indexTitle: "B", rows: rows(section: 1, count: 20, firstID: 200)),
            SheetSection(
                name: "Gamma", indexTitle: "G",
                rows: rows(
                    section: 2, count: 20, firstID: 300, marks: [10: .updated, 13: .moved(from: path(0, 5))]
                )),
        ]
    )

    /// More changed rows than `maxRows`: the windows are cut and hidden changes counted.
    static let crowded = SheetModel(
        columns: ["title", "order"],
        sections: [
            SheetSection(
                name: nil,
                rows: rows(
                    section: 0, count: 40, firstID: 1, marks: [2: .inserted, 9: .updated, 20: .updated, 30: .inserted]
                ))
        ]
    )

    /// 30 rows and no change.
    static let quiet = SheetModel(
        columns: ["title", "order"],
        sections: [SheetSection(name: nil, rows: rows(section: 0, count: 30, firstID: 1))]
    )

    /// Sections without rows, one without a name, and a name that is empty.
    static let emptySections = SheetModel(
        columns: ["title"],
        sections: [
            SheetSection(name: "Inbox", indexTitle: "I", rows: []),
            SheetSection(name: "", rows: [row(1, 0, 1, ["Loose end"])]),
            SheetSection(name: nil, rows: []),
        ]
    )
}
