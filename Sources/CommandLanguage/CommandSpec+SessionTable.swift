import FetchSimSettings

extension CommandSpec {
    /// Help, files, output settings, leaving, several controllers and contexts, the store.
    static let sessionAndWorkspaces: [CommandSpec] = [
        .init(
            .help, forms: [[.optional([.value(.command, name: "COMMAND")])]],
            summary: "list the commands, or describe one", example: "help move"),
        .init(
            .record, forms: [[.value(.file, name: "FILE")], [.word("stop")]],
            summary: "write the session to a transcript file, or stop writing",
            example: "record \"Sessions/groceries.session\""),
        .init(
            .read, forms: [[.value(.file, name: "FILE")]],
            summary: "run a script file's lines here, as if typed (errors as FILE:LINE)",
            example: "read \"setup.txt\"",
            details: [
                "As sqlite3's .read and psql's \\i. A recording gets the file's lines, not 'read'. "
                    + "In --json mode 'read' answers one object with every line's answer in \"answers\"."
            ]),
        .init(
            .timing, forms: [[.optional([choice(["on", "off"])])]],
            summary: "after each line, print how long it took, by stage",
            example: "timing on",
            details: [
                "As psql's \\timing. A change event is split into controller (the context's notification "
                    + "and the change computation), adapter, table (its batches and the layout pass) and check, "
                    + "with the number of delegate callbacks. Timing lines are never recorded in a transcript."
            ]),
        .init(
            .pager, forms: [[.optional([choice(["on", "off"])])]],
            summary: "page long output (show all, dump objects, help) on a terminal",
            example: "pager off",
            details: [
                "Output longer than the terminal goes through $PAGER (default 'less -FRX') when "
                    + "input and output are a terminal; never in pipes, scripts or --json. On by default."
            ]),
        .init(
            .mode, forms: [[.optional([choice(Command.OutputMode.allCases.map(\.rawValue))])]],
            summary: "choose how show and dump objects print",
            example: "mode csv",
            details: [
                "As sqlite3's .mode. sheet: the spreadsheet (the default); csv: a header row and a "
                    + "row per table row or object; json: one JSON object per row, one per line; box: a "
                    + "grid with box lines. In csv, json and box modes 'show' prints every row of the "
                    + "table (or of section S), its cells as configured."
            ]),
        .init(
            .export,
            forms: [
                [
                    .word("csv"), .value(.file, name: "FILE"),
                    .optional([.word("where"), .value(.predicate, name: "PREDICATE")]),
                ], [.word("html"), .value(.file, name: "FILE")],
            ],
            summary: "write fetched objects to CSV, or the session to an HTML page",
            example: "export csv notes.csv where done == true",
            details: [
                "A header row: id, then the entity's attributes; a row per object in fetch order. "
                    + "nil is an empty cell, an empty string a quoted \"\"; dates ISO-8601.",
                "export html: the session so far, replayed from its start, as one self-contained HTML "
                    + "page — each line with its table, callbacks, errors and the check's verdict "
                    + "(docs/sessions.md, \"Pages\").",
            ]),
        .init(
            .import,
            forms: [
                [.word("csv"), .value(.file, name: "FILE"), .value(.entity, name: "ENTITY")],
                [.word("coredata"), .value(.file, name: "FILE")],
            ],
            summary: "insert a row per CSV record, in one change event",
            example: "import csv notes.csv Note",
            details: [
                "The header row names the attributes (an 'id' column is skipped); each cell is read "
                    + "by its attribute's type, an empty cell is nil (an empty string for a required "
                    + "string). A bad cell is reported as FILE:LINE:COLUMN (record and field numbers, the "
                    + "header being line 1) and nothing is inserted.",
                "import coredata reads a SQLite store that Core Data wrote (read-only), through the model "
                    + "the session started with (--model), and inserts its objects in one change event.",
            ]),
        .init(
            .quit, aliases: ["exit"], summary: "leave fetchsim (Ctrl-D too)", example: "quit",
            details: [
                "sqlite3's and psql's habits work too: .quit, .exit and \\q quit; .tables, .schema, \\d and \\dt "
                    + "are 'show schema'; .help, \\? and \\h are 'help'; .read and \\i are 'read'; .mode is 'mode'."
            ]),
        .init(
            .use, forms: [[.value(.name, name: "NAME")], [.word("context"), .value(.name, name: "NAME")]],
            summary: "select the controller the sheet shows, or the context edits go to",
            example: "use done",
            details: [
                "Controllers are named by 'fetch … as NAME' (the first one is 'default'); every controller "
                    + "receives every change event and the check runs for all of them. Contexts are 'main' and "
                    + "those opened by 'context NAME'; edits, save, undo and rollback go to the selected one."
            ]),
        .init(
            .close, forms: [[.optional([.word("--leave-delegate")]), .value(.name, name: "NAME")]],
            summary: "tear down a controller's table (its screen is dismissed)",
            example: "close done",
            details: [
                "Without the flag the delegate is detached first and the controller is dropped. With "
                    + "--leave-delegate the controller keeps its delegate (the bug): the next change event is "
                    + "delivered to a table that is no longer in a window, and the check reports it."
            ]),
        .init(
            .context,
            forms: [
                [
                    .optional([
                        .value(.name, name: "NAME"),
                        .optional([.option("merge", choice(Command.MergeMode.allCases.map(\.rawValue)))]),
                    ])
                ]
            ],
            summary: "open a background context on the store, or list the contexts",
            example: "context bg",
            details: [
                "A sibling context (NSPrivateQueueConcurrencyType) that starts from the store's committed "
                    + "state. Its edits reach the main context only when it saves and the main context merges: "
                    + "merge=auto (the default) merges every save (mergeChanges(fromContextDidSave:)); ios9 leaves "
                    + "out updated objects the main context had not loaded (no controller has them); off never merges."
            ]),
        .init(
            .batch,
            forms: [
                [
                    .optional([.word("--merge")]), .word("set"), .value(.entity, name: "ENTITY"),
                    .repeating(.value(.assignment, name: "KEY=VALUE")),
                    .optional([.word("where"), .value(.predicate, name: "PREDICATE")]),
                ],
                [
                    .optional([.word("--merge")]), .word("delete"), .value(.entity, name: "ENTITY"),
                    .optional([.word("where"), .value(.predicate, name: "PREDICATE")]),
                ],
            ],
            summary: "a batch update or delete that writes the store without any change event",
            example: "batch set Note order=0 where done == true",
            details: [
                "As NSBatchUpdateRequest / NSBatchDeleteRequest: the predicate is evaluated on the store, "
                    + "no context hears of it and every controller goes stale until 'refetch' or a merge of the "
                    + "returned IDs; --merge does that merge (mergeChanges(fromRemoteContextSave:into:)) at once."
            ]),
        .init(
            .refetch, summary: "refresh the main context from the store and fetch every controller again",
            example: "refetch",
            details: [
                "Objects without unsaved changes are re-read from the store, then every controller "
                    + "performs its fetch and its table reloads (no callbacks, as performFetch)."
            ]),
        .init(
            .table, forms: [[.optional([choice(TableViewStyle.allCases.map(\.rawValue))])]],
            summary: "simulate a UITableView (default) or a UICollectionView",
            example: "table collection",
            details: [
                "A collection view validates batches with the same rules and UIKit's collection-view "
                    + "messages; the Apple template then queues its changes as blocks and replays them in "
                    + "one performBatchUpdates in didChangeContent. 'table' alone prints the current one."
            ]),
        .init(
            .refresh, forms: [[.repeating(.value(.reference, name: "REF"))]],
            summary: "refresh objects: the controller re-evaluates them as updated",
            example: "refresh #3 #4",
            details: [
                "Core Data's refresh(_:mergeChanges: true): values stay, the next change event lists the "
                    + "objects as refreshed, and the fetched results controller re-reads their sort keys, "
                    + "section keys and predicate. The usual fix when a related object changed: the "
                    + "controller does not notice that ('sort list.name' stays stale until the notes are "
                    + "refreshed or edited). Not undoable."
            ]),
        .init(
            .indexTitles, forms: [[.optional([choice(SectionIndexTitleStyle.allCases.map(\.rawValue))])]],
            summary: "the section index titles the app supplies: first-letter, full, none",
            example: "index-titles full",
            details: [
                "first-letter: Apple's default, %c of each section name's first UTF-16 unit, uppercased "
                    + "(its first letter for ASCII names); full: the delegate answers the whole name; none: the data source gives the table no section index. "
                    + "Shown in the sheet's section lines and by 'dump'; 'index-titles' alone prints the style."
            ]),
        .init(
            .cache,
            forms: [
                [
                    .optional([
                        .choice([
                            .value(.name, name: "NAME"), .word("off"),
                            .sequence([.word("delete"), .optional([.value(.name, name: "NAME")])]),
                        ])
                    ])
                ]
            ],
            summary: "the section cache of later fetches (cacheName), or deleteCache",
            example: "cache Notes",
            details: [
                "cache NAME: each later 'fetch' creates its controller with cacheName NAME. A fetch whose entity, "
                    + "predicate, sort or section key differ from what the cache was written for fails as Core Data "
                    + "does (\"You have illegally mutated the NSFetchedResultsController's fetch request …\") and keeps "
                    + "the old fetch; 'cache delete NAME' (deleteCache(withName:)) first, or 'cache off'. "
                    + "'cache delete' alone deletes every cache; 'cache' alone prints the name and the caches held."
            ]),
        .init(
            .batchSize, forms: [[.optional([.value(.count, name: "N")])]],
            summary: "later fetches fault objects in batches of N (fetchBatchSize)",
            example: "batch-size 20",
            details: [
                "Each later 'fetch' sets fetchBatchSize N (0: all at once): the fetched objects start as faults and "
                    + "the first read of one (a cell being configured) fetches its batch of N. 'stats' shows the batch "
                    + "size, the batches fetched and the faults left; 'batch-size' alone prints the setting."
            ]),
        .init(
            .obtainPermanentIDs, forms: [[.repeating(.value(.reference, name: "REF"))]],
            summary: "give inserted objects their permanent IDs before saving",
            example: "obtainPermanentIDs #13",
            details: [
                "Core Data's obtainPermanentIDs(for:): an inserted object's ID is temporary until it is saved; "
                    + "this makes it permanent now, so the save changes no ID. A difference delegate (adapter diffable "
                    + "delegate=difference) hears of each change as a removal and an insertion of the object, now or at "
                    + "the save. Objects saved already are left alone."
            ]),
    ]
}
