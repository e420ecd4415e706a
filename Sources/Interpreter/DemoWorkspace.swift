import CommandLanguage
import ObjectGraph

/// How a session starts: the demo list a newcomer sees at once, or a blank workspace.
package enum SessionStart: String, Sendable, CaseIterable {
    case demo, empty

    /// The commands that build the demo: a `Note` entity, twelve notes in three sections, a
    /// save (so `rollback` returns to the demo), a rollback that clears the undo stack (so `undo`
    /// cannot take back the demo's own notes), a fetch sectioned by group and ordered by `order`
    /// (the index attribute), and the coordinator adapter.
    static let demoScript =
        [
            "entity Note title:string group:string order:int done:bool?",
            "begin",
        ]
        + [
            ("Groceries", ["Milk", "Eggs", "Bread", "Coffee"]),
            ("Home", ["Fix the sink", "Water plants", "Pay rent", "Call plumber"]),
            ("Work", ["Write report", "Review PR", "Plan sprint", "Email Anna"]),
        ].flatMap { group, titles in
            titles.enumerated().map { order, title in
                "insert Note title=\"\(title)\" group=\"\(group)\" order=\(order)" + (order == 1 ? " done=true" : "")
            }
        } + [
            "commit",
            "save",
            "rollback",
            "fetch Note sort group, order section group index order",
            "adapter coordinator",
        ]

    /// Builds the start state with `interpreter`; the demo's own events are not counted.
    package func prepare(_ interpreter: Interpreter) throws {
        guard self == .demo else { return }
        let renders = interpreter.rendersText
        interpreter.rendersText = false
        defer { interpreter.rendersText = renders }
        for line in Self.demoScript {
            let outcome = interpreter.execute(line)
            if outcome.failed { throw InterpreterError("the demo workspace failed at '\(line)': \(outcome.json)") }
        }
        interpreter.workspace.eventCount = 0
        interpreter.demoEntities = Set(interpreter.workspace.context.schema.entities.map(\.name))
        interpreter.resetHistory()
    }

    /// The first line a newcomer reads.
    package static let welcome =
        "FetchSim — a demo list of 12 notes in 3 sections, driven by the coordinator adapter. Type 'help' to start, Ctrl-D to quit."
    /// The first line of `--empty`.
    package static let emptyWelcome =
        "FetchSim — an empty workspace. Define an entity ('help entity'), insert objects and 'fetch' them; 'help' lists the commands, Ctrl-D quits."
}

extension Interpreter {
    /// Forgets the last event (so the demo's setup shows no change marks).
    func resetHistory() {
        lastReport = nil
        lastChange = nil
    }
}
