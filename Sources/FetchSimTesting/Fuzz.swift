import FetchSimCore

/// One thing the fuzzer's user does, replayable on a fresh view controller.
///
/// ```swift
/// FuzzStep.drag(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 0, section: 0)).description
/// // "user drags row 0.2 to 0.0"
/// failure.steps.last  // .endTurn: a failure ends with the turn that failed
/// ```
public enum FuzzStep: Hashable, Sendable, CustomStringConvertible {
    /// A drag of the row at `from` to `to` (numbered after its removal).
    case drag(from: IndexPath, to: IndexPath)
    /// A swipe to delete of the row at the index path.
    case delete(IndexPath)
    /// An insert through the app's own screen, from a random number.
    case insert(Int)
    /// An edit through the app's own screen, from a random number.
    case edit(Int)
    /// The end of the run-loop turn.
    case endTurn

    /// A transcript line: `user drags row 0.2 to 0.0`, `end turn`.
    public var description: String {
        switch self {
        case .drag(let from, let to): "user drags row \(from.shortDescription) to \(to.shortDescription)"
        case .delete(let path): "user deletes row \(path.shortDescription)"
        case .insert(let value): "user inserts #\(value)"
        case .edit(let value): "user edits #\(value)"
        case .endTurn: "end turn"
        }
    }
}

/// A view controller under the fuzzer: the simulator of its list, and how the app's own screens
/// insert and edit model objects (each from a random number, so that a step replays exactly).
///
/// ```swift
/// let result = Simulator.fuzz(seed: 7, batches: 200) {
///     let list = ShoppingListController(style: .plain)  // a fresh view controller for every replay
///     return FuzzTarget(simulator: Simulator(viewController: list, context: nil)!, keepAlive: [list],
///                       insert: { n in list.add("Item \(n)") },
///                       edit: { n in list.rename(at: n % 3, to: "Item \(n)") })
/// }
/// ```
@MainActor
public struct FuzzTarget {
    /// The simulator of the view controller's list.
    public var simulator: Simulator
    /// Inserts a model object from a number through the app's own screen; nil when the app has none.
    public var insert: ((Int) -> Void)?
    /// Edits a model object chosen by a number through the app's own screen; nil when the app has none.
    public var edit: ((Int) -> Void)?
    /// The objects the app keeps alive for the run (a view controller, a container, a data source).
    public var keepAlive: [AnyObject]

    /// A target of `simulator`'s list whose app keeps `keepAlive`, inserts with `insert` and edits with `edit`.
    public init(
        simulator: Simulator, keepAlive: [AnyObject] = [], insert: ((Int) -> Void)? = nil, edit: ((Int) -> Void)? = nil
    ) {
        self.simulator = simulator
        self.keepAlive = keepAlive
        self.insert = insert
        self.edit = edit
    }
}

/// The first failure a fuzz run found, shrunk: the fewest steps, replayed on a fresh view
/// controller, that still fail, and what the last turn reported.
///
/// ```swift
/// if let failure = Simulator.fuzz(seed: 5, batches: 100, makeTarget).failure {
///     print(failure)  // # fuzz failure: 2 steps (shrunk from …)
///                     // user inserts #…
///                     // end turn
///                     // → section 0 has 3 rows but the data source has 4
/// }
/// ```
public struct FuzzFailure: Sendable, CustomStringConvertible {
    /// The steps, the last one an `endTurn`.
    public let steps: [FuzzStep]
    /// The failing turn's report.
    public let report: TurnReport
    /// How many steps the failure took before shrinking.
    public let originalStepCount: Int

    /// A transcript: a header, one step a line, and the report's lines after `→ `.
    public var transcript: String {
        var lines = ["# fuzz failure: \(steps.count) steps (shrunk from \(originalStepCount))"]
        lines += steps.map(\.description)
        lines += report.description.split(separator: "\n").map { "→ " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The transcript.
    public var description: String { transcript }
}

/// What a fuzz run did and found.
///
/// ```swift
/// let result = Simulator.fuzz(seed: 7, batches: 200, makeTarget)
/// #expect(result.failure == nil, "\(result)")  // "seed 7: 200 batches, consistent", or the failure's transcript
/// ```
public struct FuzzResult: Sendable, CustomStringConvertible {
    /// The seed the run was started with: the same seed replays the same run.
    public let seed: UInt64
    /// The turns run, the failing one included.
    public let batches: Int
    /// The first failure, shrunk; nil when every turn was consistent.
    public let failure: FuzzFailure?

    /// `seed 7: 200 batches, consistent`, or where it failed and the failure's transcript.
    public var description: String {
        guard let failure else { return "seed \(seed): \(batches) batches, consistent" }
        return "seed \(seed): failed after \(batches) batches\n" + failure.transcript
    }
}

extension Simulator {
    /// Plays a random user against fresh view controllers from `factory`: each batch is one user
    /// event (a drag, a delete, an insert or an edit, as the target allows) and the end of its
    /// run-loop turn. Stops at the first turn that is not consistent and shrinks it to the fewest steps
    /// that still fail with the same first problem kind or exception name.
    ///
    /// Deterministic: one seed gives one run.
    public static func fuzz(seed: UInt64, batches: Int, _ factory: () -> FuzzTarget) -> FuzzResult {
        var generator = SeededGenerator(seed: seed)
        let target = factory()
        var steps: [FuzzStep] = []
        for batch in 1...max(batches, 1) {
            // One user event a turn, as UIKit delivers each touch in a run-loop turn of its own.
            if let step = randomStep(for: target, using: &generator), target.perform(step) { steps.append(step) }
            steps.append(.endTurn)
            let report = target.simulator.endTurn()
            if !report.isConsistent {
                let shrunk = shrink(steps, failingLike: report, factory)
                return FuzzResult(
                    seed: seed, batches: batch,
                    failure: FuzzFailure(steps: shrunk.steps, report: shrunk.report, originalStepCount: steps.count))
            }
        }
        return FuzzResult(seed: seed, batches: max(batches, 1), failure: nil)
    }

    private static func randomStep(for target: FuzzTarget, using generator: inout SeededGenerator) -> FuzzStep? {
        let simulator = target.simulator
        var kinds = ["insert", "edit"].filter { $0 == "insert" ? target.insert != nil : target.edit != nil }
        // The rows by their position across sections: one draw picks the row that the list of
        // every index path would give, without making the list each turn.
        let rows = RowPositions(simulator)
        if rows.count > 0 {
            kinds += ["drag", "drag"]
            if simulator.tableView != nil { kinds.append("delete") }
        }
        guard let kind = kinds.randomElement(using: &generator) else { return nil }
        switch kind {
        case "insert": return .insert(Int.random(in: 0..<1000, using: &generator))
        case "edit": return .edit(Int.random(in: 0..<1000, using: &generator))
        case "delete": return rows.randomElement(using: &generator).map { .delete($0) }
        default:
            guard let source = rows.randomElement(using: &generator) else { return nil }
            let section = Int.random(in: 0..<simulator.numberOfSections, using: &generator)
            guard let drops = simulator.dropRows(from: source, inSection: section) else { return nil }
            return .drag(from: source, to: IndexPath(row: Int.random(in: drops, using: &generator), section: section))
        }
    }

    /// Replays `steps` on a fresh target; the steps that could be performed and the last turn's
    /// report, or nil when no turn failed like `failure`.
    private static func replay(_ steps: [FuzzStep], failingLike failure: TurnReport, _ factory: () -> FuzzTarget) -> (
        steps: [FuzzStep], report: TurnReport
    )? {
        let target = factory()
        var performed: [FuzzStep] = []
        for step in steps {
            guard target.perform(step) else { continue }
            performed.append(step)
            if step == .endTurn {
                let report = target.simulator.endTurn()
                if !report.isConsistent { return sameFailure(report, failure) ? (performed, report) : nil }
            }
        }
        return nil
    }

    private static func sameFailure(_ report: TurnReport, _ original: TurnReport) -> Bool {
        if let exception = original.exception { return report.exception?.name == exception.name }
        return report.exception == nil && report.problems.first?.kind == original.problems.first?.kind
    }

    /// Removes chunks of turns, halving the chunk size, while the replay still fails the same way.
    /// A turn — a user event and the end of its turn — goes as a whole, so that a shrunk run
    /// never puts two user events in one turn, which UIKit never does.
    private static func shrink(_ steps: [FuzzStep], failingLike failure: TurnReport, _ factory: () -> FuzzTarget) -> (
        steps: [FuzzStep], report: TurnReport
    ) {
        var best = replay(steps, failingLike: failure, factory) ?? (steps, failure)
        var chunk = max(turns(of: best.steps).count / 2, 1)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < turns(of: best.steps).count {
                var candidateTurns = turns(of: best.steps)
                candidateTurns.removeSubrange(start..<min(start + chunk, candidateTurns.count))
                let candidate = Array(candidateTurns.joined())
                if let shorter = replay(candidate, failingLike: failure, factory),
                    shorter.steps.count < best.steps.count
                {
                    best = shorter
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return best
    }

    /// `steps` cut after each `endTurn`.
    private static func turns(of steps: [FuzzStep]) -> [[FuzzStep]] {
        var turns: [[FuzzStep]] = []
        var current: [FuzzStep] = []
        for step in steps {
            current.append(step)
            if step == .endTurn {
                turns.append(current)
                current = []
            }
        }
        if !current.isEmpty { turns.append(current) }
        return turns
    }
}

/// The rows of a list, numbered across sections in order.
struct RowPositions {
    /// Each section's row count.
    let counts: [Int]
    let count: Int

    init(counts: [Int]) {
        self.counts = counts
        count = counts.reduce(0, +)
    }

    /// The rows `simulator`'s list shows.
    @MainActor
    init(_ simulator: Simulator) {
        self.init(counts: (0..<simulator.numberOfSections).map { simulator.numberOfRows(inSection: $0) })
    }

    /// The row at `position` across sections.
    func indexPath(at position: Int) -> IndexPath {
        var row = position
        for (section, rows) in counts.enumerated() {
            if row < rows { return IndexPath(row: row, section: section) }
            row -= rows
        }
        return IndexPath(row: row, section: counts.count)
    }

    /// A random row, drawn as `Collection.randomElement(using:)` draws one from the list of every
    /// index path (one `Int.random(in: 0..<count)`), so a seed picks the same rows; nil when none.
    func randomElement(using generator: inout SeededGenerator) -> IndexPath? {
        guard count > 0 else { return nil }
        return indexPath(at: Int.random(in: 0..<count, using: &generator))
    }
}

extension FuzzTarget {
    /// Performs `step`; false when it cannot be performed now (a drag the data source refuses, a
    /// row that no longer exists after shrinking).
    func perform(_ step: FuzzStep) -> Bool {
        switch step {
        case .drag(let from, let to): return (try? simulator.userMoveRow(from: from, to: to)) != nil
        case .delete(let path): return (try? simulator.userDeleteRow(at: path)) != nil
        case .insert(let value):
            guard let insert else { return false }
            simulator.userEdits("an insert #\(value)") { insert(value) }
            return true
        case .edit(let value):
            guard let edit else { return false }
            simulator.userEdits("an edit #\(value)") { edit(value) }
            return true
        case .endTurn: return true
        }
    }
}
