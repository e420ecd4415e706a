import FetchSimSettings

extension CommandSpec {
    /// One entry per command, in `Command.Name.allCases` order (the order `help` lists them).
    package static let all: [CommandSpec] = editingAndLooking + sessionAndWorkspaces

    /// Defining, fetching, editing, change events, the adapter's settings, looking at the table.
    static let editingAndLooking: [CommandSpec] = [
        .init(
            .entity,
            forms: [
                [
                    .value(.name, name: "NAME"),
                    .repeating(
                        .sequence([
                            .value(.attributeDefinition, name: "ATTR:TYPE[?][=DEFAULT]"),
                            .hidden([.repeating(.value(.relationshipOption, name: "OPTION=VALUE"))]),
                        ])),
                ]
            ],
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
            forms: [
                [
                    .value(.entity, name: "ENTITY"),
                    .clauses([
                        .init("where", [.value(.predicate, name: "PREDICATE")]),
                        .init("sort", [.value(.sortKeys, name: "KEY [asc|desc], …")]),
                        .init("section", [.value(.attribute, name: "KEY")]),
                        .init("index", [.value(.indexAttribute, name: "KEY")]),
                        .init("limit", [.value(.count, name: "N")]),
                        .init("offset", [.value(.count, name: "N")]),
                        .init("reorder", [.value(.strategy, name: "STRATEGY")]),
                        .init("as", [.value(.name, name: "NAME")], isHidden: true),
                        .init("share", [.value(.name, name: "NAME")], isHidden: true),
                    ]),
                ]
            ],
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
            .insert,
            forms: [
                [
                    .value(.entity, name: "ENTITY"), .repeating(.value(.assignment, name: "KEY=VALUE")),
                    .optional([.word("at"), .value(.indexPath, name: "S.R")]),
                ]
            ],
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
            .set, forms: [[.value(.reference, name: "REF"), .repeating(.value(.assignment, name: "KEY=VALUE"))]],
            summary: "change attributes of an object (REF is #ID or S.R, zero-based)",
            example: "set 0.2 done=true"),
        .init(
            .delete, forms: [[.repeating(.value(.reference, name: "REF"))]],
            summary: "delete objects (REF is #ID or S.R, zero-based)",
            example: "delete #7 0.1"),
        .init(
            .move,
            forms: [
                [
                    .optional([.word("--unflagged")]), .value(.indexPath, name: "S.R"), .optional([.word("to")]),
                    .value(.indexPath, name: "S.R"),
                ]
            ],
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
            .begin, summary: "start a change event spanning lines (end with commit or abort)",
            example: "begin"),
        .init(
            .commit, summary: "end the change event started by begin and deliver it",
            example: "commit"),
        .init(
            .abort, summary: "drop the edits made since begin", example: "abort"),
        .init(
            .save, summary: "save the context to its store", example: "save",
            details: [
                "With --store FILE, save also keeps the fetch, adapter, profile and reorder strategy in the "
                    + "file; reopening it brings them back. A store whose file cannot be written opens read-only "
                    + "and refuses save."
            ]),
        .init(
            .rollback, summary: "discard the changes made since the last save", example: "rollback"),
        .init(
            .undo, summary: "undo the last change event", example: "undo"),
        .init(
            .redo, summary: "redo the last undone change event", example: "redo"),
        .init(
            .adapter,
            forms: [
                [
                    .optional([.value(.adapter, name: "NAME")]),
                    .optional([.repeating(.value(.adapterOption, name: "OPTION=VALUE"))]),
                ]
            ],
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
            .profile, forms: [[.optional([.value(.profile, name: "NAME")])]],
            summary: "choose the controller's compatibility profile: modern (default), ios9, ios10, strict",
            example: "profile ios10",
            details: [
                "'profile' alone prints the current one. Each reproduces a platform's controller (docs/semantics.md):"
            ] + Command.Profile.allCases.map { "  \($0.rawValue): \($0.help)" }),
        .init(
            .reorder, forms: [[.optional([choice(ReorderStrategy.allCases.map(\.rawValue))])]],
            summary: "choose how a drag renumbers the index attribute (default dense)",
            example: "reorder sparse",
            details: [
                ReorderStrategy.allCases.map { "\($0.rawValue): \($0.help) " }.joined()
                    + "'reorder' alone prints the current one; docs/reorder.md has the rules."
            ]),
        .init(
            .show,
            forms: [
                [
                    .optional([
                        .choice([
                            .word("all"), .value(.section, name: "S"), .word("schema"), .word("fetch"),
                            .word("adapter"), .word("settings"),
                        ])
                    ])
                ]
            ],
            summary: "print the table (all rows, section S) or the setup",
            example: "show all",
            details: [
                "schema: entities and attributes; fetch: the request as a line to paste back; "
                    + "adapter: the adapter and every option; settings: adapter, profile, viewport and more.",
                "Marks: + inserted, > moved (now←before), ~ updated; deleted rows are listed below. "
                    + "· in a cell: a row outside the viewport, whose cell was never configured.",
            ]),
        .init(
            .log, summary: "print the callbacks of the last change event", example: "log"),
        .init(
            .check, summary: "compare the table with the controller and list problems",
            example: "check"),
        .init(
            .dump, forms: [[.optional([.word("objects")])]],
            summary: "print sections and table rows (and every object)",
            example: "dump objects"),
        .init(
            .stats, summary: "print the session's counts: objects, fetched, sections, rows, events",
            example: "stats"),
        .init(
            .sheet, summary: "the full-screen spreadsheet on this workspace; q returns here",
            example: "sheet",
            details: [
                "Keys: arrows or h j k l move, Space picks up a row and drops it (one 'move'), Enter edits a "
                    + "cell (one 'set'), o inserts, d d deletes, u undo, : any command, ? lists them all. "
                    + "Needs a terminal. Each key's command is recorded as the line it ran."
            ]),
        .init(
            .scroll, forms: [[.value(.indexPath, name: "S.R")]],
            summary: "move the table's viewport to start at row S.R",
            example: "scroll 1.0",
            details: [
                "As scrolling a UITableView: only rows inside the viewport (200 rows) have configured "
                    + "cells; the others show · in the sheet. The full-screen spreadsheet records its "
                    + "scrolling as this command, so a recording replays the same cells."
            ]),
    ]
}
