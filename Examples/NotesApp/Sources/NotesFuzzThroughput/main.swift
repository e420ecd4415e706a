// The fuzzer's throughput on the app's own view controllers: `swift run -c release
// --package-path Examples/NotesApp NotesFuzzThroughput [batches]` runs one campaign per list at
// 100 rows (four groups of 25 notes; inserts and swipes balance, so the list stays near 100)
// and prints the batches checked per second. A campaign that finds a failure exits with 1: the
// figure is only worth reading for a list that stays consistent.
import FetchSimTesting
import Foundation
import NotesApp

let batches = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
guard batches > 0 else {
    FileHandle.standardError.write(Data("NotesFuzzThroughput: the batch count must be a positive whole number\n".utf8))
    exit(2)
}
#if DEBUG
FileHandle.standardError.write(Data("NotesFuzzThroughput: warning: a debug build; run it with -c release\n".utf8))
#endif

let groups = ["A", "B", "C", "D"].map { group in (group, (0..<25).map { "\(group.lowercased())\($0)" }) }

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
            let notes = (try? context.fetch(Note.fetchRequest())) ?? []
            guard !notes.isEmpty else { return }
            notes[n % notes.count].title = "note \(n)"
        })
}

let lists: [(String, @MainActor (NSManagedObjectContext) -> UIViewController)] = [
    (
        "NotesViewController (template delegate, user-driven flag)",
        { NotesViewController(context: $0, usesUserDrivenFlag: true) }
    ),
    ("NotesDiffableViewController (snapshot delegate, user-driven flag)", { NotesDiffableViewController(context: $0) }),
]
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
