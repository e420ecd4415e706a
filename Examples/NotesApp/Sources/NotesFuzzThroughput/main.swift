// The fuzzer's throughput on the app's own view controllers: `swift run -c release
// --package-path Examples/NotesApp NotesFuzzThroughput [batches] [template|diffable]` runs one
// campaign per list (or the one named, for a profiler) at 100 rows (four groups of 25 notes;
// inserts and swipes balance, so the list stays near 100) and prints the batches checked per
// second. A campaign that finds a failure exits with 1: the figure is only worth reading for a
// list that stays consistent.
import FetchSimTesting
import Foundation
import NotesApp

let batches = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
guard batches > 0 else {
    FileHandle.standardError.write(Data("NotesFuzzThroughput: the batch count must be a positive whole number\n".utf8))
    exit(2)
}
let only = CommandLine.arguments.dropFirst(2).first
guard only == nil || only == "template" || only == "diffable" else {
    FileHandle.standardError.write(
        Data("NotesFuzzThroughput: unknown list '\(only ?? "")': template or diffable\n".utf8))
    exit(2)
}
#if DEBUG
FileHandle.standardError.write(Data("NotesFuzzThroughput: warning: a debug build; run it with -c release\n".utf8))
#endif

let groups = ["A", "B", "C", "D"].map { group in (group, (0..<25).map { "\(group.lowercased())\($0)" }) }

/// The listed note at position `n` (modulo the count) across the sections of `controller`.
@MainActor
func listedNote(_ n: Int, of controller: NSFetchedResultsController<Note>) -> Note? {
    let sections = controller.sections ?? []
    let count = sections.reduce(0) { $0 + $1.numberOfObjects }
    guard count > 0 else { return nil }
    var row = n % count
    for (index, section) in sections.enumerated() {
        if row < section.numberOfObjects { return controller.object(at: IndexPath(row: row, section: index)) }
        row -= section.numberOfObjects
    }
    return nil
}

/// The fetched results controller of one of the app's list controllers.
@MainActor
func notesController(of controller: UIViewController) -> NSFetchedResultsController<Note>? {
    (controller as? NotesViewController)?.fetchedResultsController
        ?? (controller as? NotesDiffableViewController)?.fetchedResultsController
}

/// A fuzz target of the controller `make` builds on a fresh 100-note store.
@MainActor
func target(_ make: @escaping @MainActor (NSManagedObjectContext) -> UIViewController) -> FuzzTarget {
    guard let container = try? NotesStore.container(groups: groups) else {
        FileHandle.standardError.write(
            Data("NotesFuzzThroughput: cannot load the notes model at \(NotesStore.modelURL.path)\n".utf8))
        exit(1)
    }
    let context = container.viewContext
    let controller = make(context)
    guard let simulator = Simulator(viewController: controller, context: context) else {
        FileHandle.standardError.write(Data("NotesFuzzThroughput: \(type(of: controller)) shows no list\n".utf8))
        exit(1)
    }
    return FuzzTarget(
        simulator: simulator, keepAlive: [container, controller],
        insert: { n in
            let note = Note(context: context)
            note.title = "new \(n)"
            note.group = groups[n % groups.count].0
            note.order = Int64(100 + n)
        },
        edit: { n in
            // The app's detail screen edits a note the list shows, as a tap on its row opens it:
            // the list's controller has it, where a fetch of every note would be the harness's
            // cost, not the list's.
            guard let list = notesController(of: controller), let note = listedNote(n, of: list) else { return }
            note.title = "note \(n)"
        })
}

let allLists: [(String, @MainActor (NSManagedObjectContext) -> UIViewController)] = [
    (
        "NotesViewController (template delegate, user-driven flag)",
        { NotesViewController(context: $0, usesUserDrivenFlag: true) }
    ),
    ("NotesDiffableViewController (snapshot delegate, user-driven flag)", { NotesDiffableViewController(context: $0) }),
]
let lists = only.map { [allLists[$0 == "template" ? 0 : 1]] } ?? allLists
/// This process's CPU time in seconds: on a shared machine the steadier figure, since waiting
/// for a core does not count.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var failed = false
for (name, make) in lists {
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = cpuSeconds()
    let result = Simulator.fuzz(seed: 7, batches: batches) { target(make) }
    let elapsed = start.duration(to: clock.now)
    let cpu = cpuSeconds() - cpuStart
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = seconds > 0 ? Double(result.batches) / seconds : 0
    let cpuRate = cpu > 0 ? Double(result.batches) / cpu : 0
    print(
        "\(name): \(result.batches) batches in \(String(format: "%.2f", seconds)) s (\(String(format: "%.2f", cpu)) s of CPU): "
            + "\(String(format: "%.0f", rate)) batches/s, \(String(format: "%.0f", cpuRate)) per CPU second"
            + (result.failure == nil ? "" : " — FAILED:\n\(result)"))
    if result.failure != nil { failed = true }
}
exit(failed ? 1 : 0)
