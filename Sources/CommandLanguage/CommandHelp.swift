/// What `help` says about one command: its syntax, a one-line summary and an example.
package struct CommandHelp: Hashable, Sendable {
    package var name: Command.Name
    package var syntax: String
    package var summary: String
    package var example: String
    /// Further paragraphs shown by `help CMD` only, each wrapped at the width (one that starts
    /// with spaces is a list item and keeps them).
    package var details: [String]

    package init(_ name: Command.Name, syntax: String, summary: String, example: String, details: [String] = []) {
        self.name = name
        self.syntax = syntax
        self.summary = summary
        self.example = example
        self.details = details
    }

    /// The entry for `name`.
    package static func entry(for name: Command.Name) -> CommandHelp {
        guard var entry = all.first(where: { $0.name == name }) else {
            preconditionFailure("CommandHelp.all has no entry for '\(name)'; add one")
        }
        let registered = RegisteredAdapters.names
        if name == .adapter, !registered.isEmpty {
            entry.details.append(
                "The app's own view controllers, registered by \(RegisteredAdapters.executable ?? "this executable"): "
                    + registered.joined(separator: ", ") + " (no options; see docs/apple-api.md)")
        }
        return entry
    }

    /// One entry per command, in `Command.Name.allCases` order.
    package static let all: [CommandHelp] = [
        .init(
            .entity, syntax: "entity NAME ATTR:TYPE[?][=DEFAULT] …",
            summary: "define an entity (types: string, int, double, bool, date; ? = optional)",
            example: "entity Note title:string group:string order:int done:bool? due:date?",
            details: [
                "ATTR:->ENTITY is a to-one relationship to ENTITY (defined before, or the entity itself): its "
                    + "values are objects, list=#2; deleting #2 sets it to nil. Sort, section and where keys may "
                    + "go through relationships (sort list.name); the controller does not notice a change to the "
                    + "related object itself: see 'refresh'.",
                "ATTR:[ENTITY] is a to-many relationship: its value is a set of objects, notes=[#3, #4] "
                    + "([] empty). After a relationship: inverse=NAME (ENTITY's relationship back, kept in step "
                    + "in the same event), delete=nullify|cascade|deny|noAction (what deleting the object does to "
                    + "the related ones; deny makes save fail with Core Data's 1600), and for a to-many one "
                    + "ordered=true, min=N, max=N (checked by save). Predicates: ANY/ALL/NONE notes.done == true, "
                    + "notes.@count > 2, SUBQUERY(notes, $n, $n.done == false).@count > 0.",
                "Two entities that point to each other: define the first, the second, then the first again "
                    + "(allowed while it has no objects): entity Folder name:string; entity Note title:string "
                    + "folder:->Folder? inverse=notes; entity Folder name:string notes:[Note] inverse=folder delete=cascade",
            ]),
        .init(
            .fetch,
            syntax:
                "fetch ENTITY [where PREDICATE] [sort KEY [asc|desc], …] [section KEY] [index KEY] [limit N] [offset N] "
                + "[reorder STRATEGY]",
            summary: "set up the fetched results controller and reload the table",
            example: "fetch Note where done == false sort group, order section group index order",
            details: [
                "PREDICATE uses NSPredicate format syntax; the sort must bring each section's objects together "
                    + "(the fetch fails as Core Data's does otherwise); "
                    + "index KEY names the attribute that 'move' renumbers (int, double; string for fractional); the list must be "
                    + "sorted by the section key, then the index key, asc or desc. Without 'sort' the list is "
                    + "sorted by the section key, then the index key (one of them is then required). "
                    + "reorder STRATEGY sets the drag's renumbering as the 'reorder' command does."
            ]),
        .init(
            .insert, syntax: "insert ENTITY KEY=VALUE … [at S.R]",
            summary: "insert an object and print its new id",
            example: "insert Note title=\"Milk\" group=\"Groceries\" order=3",
            details: [
                "Values: \"strings\" (with \\\", \\\\, \\n, \\t), 3, -1.5, true, false, nil, 2024-05-01, "
                    + "2024-05-01T10:30:00Z.",
                "'at S.R' puts the new object at that index path of the table: its section key is that "
                    + "section's and its index key is placed as a drop there would place it (see 'reorder'). "
                    + "S.R may be one past the last row of a section.",
            ]),
        .init(
            .set, syntax: "set REF KEY=VALUE …",
            summary: "change attributes of an object (REF is #ID or S.R, zero-based)",
            example: "set 0.2 done=true"),
        .init(
            .delete, syntax: "delete REF …",
            summary: "delete objects (REF is #ID or S.R, zero-based)",
            example: "delete #7 0.1"),
        .init(
            .move, syntax: "move [--unflagged] S.R [to] S.R",
            summary: "drag a row as the user would; --unflagged omits the user-driven flag",
            example: "move 0.0 1.2",
            details: [
                "The table moves first; then the dragged object gets an index key that sorts it directly "
                    + "after the row above it (at the top: before the row below), before any hidden object that "
                    + "follows, under the 'reorder' strategy, and the section key when crossing sections; the "
                    + "flag makes the adapter skip what it shows. The event line ends with 'writes N', the "
                    + "objects the drag wrote."
            ]),
        .init(
            .begin, syntax: "begin", summary: "start a change event spanning lines (end with commit or abort)",
            example: "begin"),
        .init(
            .commit, syntax: "commit", summary: "end the change event started by begin and deliver it",
            example: "commit"),
        .init(.abort, syntax: "abort", summary: "drop the edits made since begin", example: "abort"),
        .init(
            .save, syntax: "save", summary: "save the context to its store", example: "save",
            details: [
                "With --store FILE, save also keeps the fetch, adapter, profile and reorder strategy in the "
                    + "file; reopening it brings them back. A store whose file cannot be written opens read-only "
                    + "and refuses save."
            ]),
        .init(
            .rollback, syntax: "rollback", summary: "discard the changes made since the last save", example: "rollback"),
        .init(.undo, syntax: "undo", summary: "undo the last change event", example: "undo"),
        .init(.redo, syntax: "redo", summary: "redo the last undone change event", example: "redo"),
        .init(
            .adapter, syntax: "adapter [NAME] [OPTION=VALUE …]",
            summary:
                "choose the table-updating delegate: apple-template, coordinator, reload-all, diffable, xcode-template",
            example: "adapter coordinator userdriven=skip-moves updates=reconfigure-in-batch",
            details: [
                "Without a name the options change the current adapter; 'adapter' alone prints it. The coordinator "
                    + "with its defaults is a correct app; each option says what it models and which value is correct."
            ]
                + Command.AdapterOption.Key.allCases.map { key in
                    "  \(key.rawValue)=" + (key.values.isEmpty ? "N|off" : key.values.joined(separator: "|"))
                        + (key == .items
                            ? "|KEY (diffable)"
                            : key == .delegate || key == .canreorder || key == .snapshot
                                ? " (diffable)"
                                : key == .sectionfilter ? " (coordinator)" : "")
                        + ": " + CommandHelp.adapterOptionMeaning(key)
                }),
        .init(
            .profile, syntax: "profile [NAME]",
            summary: "choose the controller's compatibility profile: modern (default), ios9, ios10, strict",
            example: "profile ios10",
            details: [
                "'profile' alone prints the current one. Each reproduces a platform's controller (docs/semantics.md):",
                "  modern: today's Core Data — moves a valid change set does not need become updates, updates carry "
                    + "their new index path, object deletes come before section changes, limit and offset apply at fetch only.",
                "  ios9: every object whose position changed is a move (a sort-key change in place is 'move p → p'), "
                    + "updates carry no new index path, an object both moved and changed is reported twice.",
                "  ios10: moves lowered to updates as today (a swap is one move and one update), section changes first.",
                "  strict: modern with limit and offset enforced after every event (evicted objects deleted, promoted ones inserted).",
            ]),
        .init(
            .reorder, syntax: "reorder [dense|sparse|fractional]",
            summary: "choose how a drag renumbers the index attribute (default dense)",
            example: "reorder sparse",
            details: [
                "dense: keys 0…n-1, a drag rewrites every row it passes (int or double index). "
                    + "sparse: int keys 1,024 apart, a drop takes the midpoint of its neighbours and "
                    + "respaces the smallest window around it when none is free (int index). "
                    + "fractional: double midpoints, respacing when the doubles run out (double index), "
                    + "or base-62 string keys (string index). "
                    + "'reorder' alone prints the current one; docs/reorder.md has the rules."
            ]),
        .init(
            .show, syntax: "show [all|S|schema|fetch|adapter|settings]",
            summary: "print the table (all rows, section S) or the setup",
            example: "show all",
            details: [
                "schema: entities and attributes; fetch: the request as a line to paste back; "
                    + "adapter: the adapter and every option; settings: adapter, profile, viewport and more.",
                "Marks: + inserted, > moved (now←before), ~ updated; deleted rows are listed below. "
                    + "· in a cell: a row outside the viewport, whose cell was never configured.",
            ]),
        .init(.log, syntax: "log", summary: "print the callbacks of the last change event", example: "log"),
        .init(
            .check, syntax: "check", summary: "compare the table with the controller and list problems",
            example: "check"),
        .init(
            .dump, syntax: "dump [objects]", summary: "print sections and table rows (and every object)",
            example: "dump objects"),
        .init(
            .stats, syntax: "stats", summary: "print the session's counts: objects, fetched, sections, rows, events",
            example: "stats"),
        .init(
            .sheet, syntax: "sheet", summary: "the full-screen spreadsheet on this workspace; q returns here",
            example: "sheet",
            details: [
                "Keys: arrows or h j k l move, Space picks up a row and drops it (one 'move'), Enter edits a "
                    + "cell (one 'set'), o inserts, d d deletes, u undo, : any command, ? lists them all. "
                    + "Needs a terminal. Each key's command is recorded as the line it ran."
            ]),
        .init(
            .scroll, syntax: "scroll S.R", summary: "move the table's viewport to start at row S.R",
            example: "scroll 1.0",
            details: [
                "As scrolling a UITableView: only rows inside the viewport (200 rows) have configured "
                    + "cells; the others show · in the sheet. The full-screen spreadsheet records its "
                    + "scrolling as this command, so a recording replays the same cells."
            ]),
        .init(.help, syntax: "help [COMMAND]", summary: "list the commands, or describe one", example: "help move"),
        .init(
            .record, syntax: "record FILE | record stop",
            summary: "write the session to a transcript file, or stop writing",
            example: "record \"Sessions/groceries.session\""),
        .init(
            .read, syntax: "read FILE",
            summary: "run a script file's lines here, as if typed (errors as FILE:LINE)",
            example: "read \"setup.txt\"",
            details: [
                "As sqlite3's .read and psql's \\i. A recording gets the file's lines, not 'read'. "
                    + "In --json mode 'read' answers one object with every line's answer in \"answers\"."
            ]),
        .init(
            .timing, syntax: "timing [on|off]",
            summary: "after each line, print how long it took, by stage",
            example: "timing on",
            details: [
                "As psql's \\timing. A change event is split into controller (the context's notification "
                    + "and the change computation), adapter, table (its batches and the layout pass) and check, "
                    + "with the number of delegate callbacks. Timing lines are never recorded in a transcript."
            ]),
        .init(
            .pager, syntax: "pager [on|off]",
            summary: "page long output (show all, dump objects, help) on a terminal",
            example: "pager off",
            details: [
                "Output longer than the terminal goes through $PAGER (default 'less -FRX') when "
                    + "input and output are a terminal; never in pipes, scripts or --json. On by default."
            ]),
        .init(
            .mode, syntax: "mode [sheet|csv|json|box]",
            summary: "choose how show and dump objects print",
            example: "mode csv",
            details: [
                "As sqlite3's .mode. sheet: the spreadsheet (the default); csv: a header row and a "
                    + "row per table row or object; json: one JSON object per row, one per line; box: a "
                    + "grid with box lines. In csv, json and box modes 'show' prints every row of the "
                    + "table (or of section S), its cells as configured."
            ]),
        .init(
            .export, syntax: "export csv FILE [where PREDICATE] | export html FILE",
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
            .import, syntax: "import csv FILE ENTITY | import coredata FILE",
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
            .quit, syntax: "quit | exit", summary: "leave fetchsim (Ctrl-D too)", example: "quit",
            details: [
                "sqlite3's and psql's habits work too: .quit, .exit and \\q quit; .tables, .schema, \\d and \\dt "
                    + "are 'show schema'; .help, \\? and \\h are 'help'; .read and \\i are 'read'; .mode is 'mode'."
            ]),
        .init(
            .use, syntax: "use NAME | use context NAME",
            summary: "select the controller the sheet shows, or the context edits go to",
            example: "use done",
            details: [
                "Controllers are named by 'fetch … as NAME' (the first one is 'default'); every controller "
                    + "receives every change event and the check runs for all of them. Contexts are 'main' and "
                    + "those opened by 'context NAME'; edits, save, undo and rollback go to the selected one."
            ]),
        .init(
            .close, syntax: "close [--leave-delegate] NAME",
            summary: "tear down a controller's table (its screen is dismissed)",
            example: "close done",
            details: [
                "Without the flag the delegate is detached first and the controller is dropped. With "
                    + "--leave-delegate the controller keeps its delegate (the bug): the next change event is "
                    + "delivered to a table that is no longer in a window, and the check reports it."
            ]),
        .init(
            .context, syntax: "context [NAME [merge=auto|ios9|off]]",
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
            syntax:
                "batch [--merge] set ENTITY KEY=VALUE … [where PREDICATE] | batch [--merge] delete ENTITY [where PREDICATE]",
            summary: "a batch update or delete that writes the store without any change event",
            example: "batch set Note order=0 where done == true",
            details: [
                "As NSBatchUpdateRequest / NSBatchDeleteRequest: the predicate is evaluated on the store, "
                    + "no context hears of it and every controller goes stale until 'refetch' or a merge of the "
                    + "returned IDs; --merge does that merge (mergeChanges(fromRemoteContextSave:into:)) at once."
            ]),
        .init(
            .refetch, syntax: "refetch",
            summary: "refresh the main context from the store and fetch every controller again",
            example: "refetch",
            details: [
                "Objects without unsaved changes are re-read from the store, then every controller "
                    + "performs its fetch and its table reloads (no callbacks, as performFetch)."
            ]),
        .init(
            .table, syntax: "table [table|collection]",
            summary: "simulate a UITableView (default) or a UICollectionView",
            example: "table collection",
            details: [
                "A collection view validates batches with the same rules and UIKit's collection-view "
                    + "messages; the Apple template then queues its changes as blocks and replays them in "
                    + "one performBatchUpdates in didChangeContent. 'table' alone prints the current one."
            ]),
        .init(
            .refresh, syntax: "refresh REF …",
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
            .indexTitles, syntax: "index-titles [first-letter|full|none]",
            summary: "the section index titles the app supplies: first-letter, full, none",
            example: "index-titles full",
            details: [
                "first-letter: Apple's default, %c of each section name's first UTF-16 unit, uppercased "
                    + "(its first letter for ASCII names); full: the delegate answers the whole name; none: the data source gives the table no section index. "
                    + "Shown in the sheet's section lines and by 'dump'; 'index-titles' alone prints the style."
            ]),
        .init(
            .cache, syntax: "cache [NAME | off | delete [NAME]]",
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
            .batchSize, syntax: "batch-size [N]",
            summary: "later fetches fault objects in batches of N (fetchBatchSize)",
            example: "batch-size 20",
            details: [
                "Each later 'fetch' sets fetchBatchSize N (0: all at once): the fetched objects start as faults and "
                    + "the first read of one (a cell being configured) fetches its batch of N. 'stats' shows the batch "
                    + "size, the batches fetched and the faults left; 'batch-size' alone prints the setting."
            ]),
        .init(
            .obtainPermanentIDs, syntax: "obtainPermanentIDs REF …",
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

extension CommandHelp {
    /// What an adapter option models, and which value a correct app uses.
    static func adapterOptionMeaning(_ key: Command.AdapterOption.Key) -> String {
        switch key {
        case .moves:
            "how a move reaches the table: delete-insert (deleteRows + insertRows, as Apple's template and "
                + "FetchedResultsCoordinator do; correct) or move-row (moveRow(at:to:) keeps the cell; UIKit rejects it in corner cases)."
        case .updates:
            "how an update reaches its cell: reconfigure-in-batch (the changed object into the visible cell at the old path, "
                + "inside the batch; correct) or reconfigure-after (after the batch, at the current path; correct); reload (reloadRows); "
                + "reconfigure (object(at:) of the old path: the template's documented bug); ignore (cells go stale)."
        case .userdriven:
            "what the adapter does with the user's own drag: skip-moves (skip the drag's moves, apply the rest; correct); "
                + "skip-all (Apple's sample: bypass the whole event, losing other changes in it); off (no flag: the drag is applied twice, the bug)."
        case .threshold:
            "above N changes in one event the coordinator reloads the whole table (off: never)."
        case .paused:
            "while paused the coordinator ignores changes; resuming refetches and reloads."
        case .items:
            "what identifies an item: the object (correct) or an attribute's value (duplicate identifiers when values repeat)."
        case .delegate:
            "the whole-event callback the app implements: the snapshot, or the difference."
        case .canreorder:
            "what reorderingHandlers.canReorderItem answers; false refuses every drag."
        case .snapshot:
            "apply the controller's snapshot as it is (correct: since iOS 15 its reloads refresh cells) or rebuild one "
                + "without its reload marks (stale cells)."
        case .sectionfilter:
            "filter row changes against the whole event's section changes (correct under every delivery order) or only "
                + "those reported before them, as FetchedResultsCoordinator does."
        }
    }
}
