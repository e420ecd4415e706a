import FetchSimCore
import FetchSimSettings
import ObjectGraph

/// One parsed command of the REPL language (see `docs` and `CommandHelp` for the syntax).
///
/// The parser only checks shape: entity names, attribute keys and index paths are checked by
/// the interpreter against the workspace. `description` renders the command back as a line
/// that parses to the same value.
package enum Command: Hashable, Sendable {
    /// `entity Note title:string done:bool?` — defines an entity; `Entity.init` checks the names.
    case entity(name: String, attributes: [Attribute])
    /// `fetch Note [where …] [sort …] [section KEY] [index KEY] [limit N] [offset N]`.
    case fetch(FetchSpec)
    /// `insert Note title="Milk" order=3`, or `insert Note title="Milk" at 0.2`: placed at that
    /// index path (its section key and index key written as a drop there would write them).
    case insert(entity: String, assignments: [Assignment], at: IndexPath? = nil)
    /// `set REF key=value …`.
    case set(ObjectRef, assignments: [Assignment])
    /// `delete REF …`.
    case delete([ObjectRef])
    /// `move S.R S.R` (the user drags a row; `setsUserDrivenFlag`) or `move --unflagged S.R S.R`.
    case move(from: IndexPath, to: IndexPath, setsUserDrivenFlag: Bool)
    /// `begin`: the following lines form one change event until `commit` or `abort`.
    case begin
    case commit
    case abort
    case save
    case rollback
    case undo
    case redo
    /// `adapter coordinator moves=move-row threshold=50`; without a name (`adapter moves=move-row`)
    /// the options change the current adapter, and a bare `adapter` prints it.
    case adapter(AdapterKind?, options: [AdapterOption])
    /// `adapter notes`: an app's own view controller its executable registered (`RegisteredAdapters`).
    case userAdapter(String)
    /// `profile ios10`; a bare `profile` prints the current one.
    case profile(Profile?)
    /// `reorder sparse`: how a drag renumbers the index attribute; a bare `reorder` prints it.
    case reorder(ReorderStrategy?)
    /// `show`, `show all`, `show 2`, `show schema|fetch|adapter|settings`.
    case show(ShowTarget)
    case log
    case check
    /// `dump` or `dump objects`.
    case dump(includesObjects: Bool)
    case stats
    /// `sheet`: the full-screen spreadsheet on the same workspace (the REPL driver opens it).
    case sheet
    /// `scroll S.R`: the table's viewport starts at row S.R, as scrolling a `UITableView` does
    /// (cells are configured only inside it); the full-screen mode records its scrolling so.
    case scroll(IndexPath)
    /// `help` or `help insert` (the topic is the command's canonical name).
    case help(topic: Name?)
    /// `record FILE` or `record stop`.
    case record(RecordAction)
    /// `read FILE`: runs a script file's lines as if typed (sqlite3's `.read`, psql's `\i`).
    case read(path: String)
    /// `timing on|off` (psql's `\timing`); a bare `timing` prints the setting.
    case timing(Bool?)
    /// `pager on|off`: long output through `$PAGER` on a terminal; a bare `pager` prints the setting.
    case pager(Bool?)
    /// `mode sheet|csv|json|box`: how `show` and `dump objects` print; a bare `mode` prints it.
    case mode(OutputMode?)
    /// `export csv FILE [where PREDICATE]`: writes the fetched objects (those matching) to FILE.
    case exportCSV(path: String, predicate: PredicateText?)
    /// `export html FILE`: the session so far as one HTML page (the driver writes it).
    case exportHTML(path: String)
    /// `import csv FILE ENTITY`: inserts a row per record, in one change event.
    case importCSV(path: String, entity: String)
    /// `import coredata FILE`: inserts the objects of a Core Data SQLite store, read through the
    /// model the session started with (`--model`), in one change event.
    case importCoreData(path: String)
    /// `quit` or `exit`.
    case quit
    /// `use NAME` selects the controller the sheet shows; `use context NAME` the context edits go to.
    case use(UseTarget)
    /// `close NAME [--leave-delegate]`: tears down a controller's table; with the flag the
    /// controller keeps its delegate (the bug), without it the delegate is detached first.
    case close(name: String, leavesDelegate: Bool)
    /// `context NAME [merge=auto|ios9|off]`: opens a background context on the store; a bare
    /// `context` lists the contexts.
    case context(name: String?, merge: MergeMode?)
    /// `batch [--merge] set ENTITY KEY=VALUE … [where PREDICATE]` or `batch [--merge] delete
    /// ENTITY [where PREDICATE]`: a batch request that writes the store directly.
    case batch(BatchSpec)
    /// `refetch`: every controller fetches again from the store (and its table reloads).
    case refetch
    /// `table collection|table`: whether the simulated view is a `UICollectionView` or a
    /// `UITableView`; a bare `table` prints it.
    case table(TableViewStyle?)
    /// `refresh REF …`: `refresh(_:mergeChanges: true)` on objects, which the controller then
    /// re-evaluates as updated (the fix for changes to related objects).
    case refresh([ObjectRef])
    /// `obtainPermanentIDs REF …`: `obtainPermanentIDs(for:)` on inserted objects, whose
    /// temporary IDs become permanent before any save.
    case obtainPermanentIDs([ObjectRef])
    /// `index-titles first-letter|full|none`: how the app titles the section index (its
    /// `sectionIndexTitleForSectionName`); a bare `index-titles` prints the current style.
    case indexTitles(SectionIndexTitleStyle?)
    /// `cache NAME` (later fetches use Apple's `cacheName` NAME), `cache off`, `cache delete [NAME]`
    /// (`deleteCache(withName:)`, every cache without a name); a bare `cache` prints the setting.
    case cache(CacheAction)
    /// `batch-size N`: later fetches fault their objects in batches of N (`fetchBatchSize`; 0
    /// fetches all at once); a bare `batch-size` prints the setting.
    case batchSize(Int?)

    /// The command's keyword.
    package var name: Name {
        switch self {
        case .entity: .entity
        case .fetch: .fetch
        case .insert: .insert
        case .set: .set
        case .delete: .delete
        case .move: .move
        case .begin: .begin
        case .commit: .commit
        case .abort: .abort
        case .save: .save
        case .rollback: .rollback
        case .undo: .undo
        case .redo: .redo
        case .adapter, .userAdapter: .adapter
        case .profile: .profile
        case .reorder: .reorder
        case .show: .show
        case .log: .log
        case .check: .check
        case .dump: .dump
        case .stats: .stats
        case .sheet: .sheet
        case .scroll: .scroll
        case .help: .help
        case .record: .record
        case .read: .read
        case .timing: .timing
        case .pager: .pager
        case .mode: .mode
        case .exportCSV, .exportHTML: .export
        case .importCSV: .import
        case .importCoreData: .import
        case .quit: .quit
        case .use: .use
        case .close: .close
        case .context: .context
        case .batch: .batch
        case .refetch: .refetch
        case .table: .table
        case .refresh: .refresh
        case .indexTitles: .indexTitles
        case .cache: .cache
        case .batchSize: .batchSize
        case .obtainPermanentIDs: .obtainPermanentIDs
        }
    }

    /// Whether this is an edit (insert, set, delete, move): only edits share a line with `;`.
    package var isEdit: Bool { name.isEdit }
}
