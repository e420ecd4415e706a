import Adapters
import CommandLanguage
import FetchSimCore
import FetchedResults
import ObjectGraph

/// One change event as the REPL reports it: its number, what the adapter received and did, the
/// table operations, UIKit's error if any, and the consistency check's verdict.
package struct EventReport {
    package let number: Int
    package let event: AdapterEvent
    package let problems: [ConsistencyProblem]
    /// For a drag (or a placed insert): how many objects it wrote.
    package var writes: Int?
    /// The other controllers that received callbacks in this event (`fetch … as NAME`), each with
    /// what its adapter did: the JSON's `controllers`.
    package var otherControllers: [(name: String, event: AdapterEvent)] = []
    /// With an app's own view controller (`adapter notes`): the user's gesture and the methods
    /// of the app's table it called in the turn, in order; nil under FetchSim's adapters.
    package var appCalls: [String]?
    /// What UIKit and Core Data would have raised in the app's code during the turn.
    package var exceptions: [String] = []

    package init(number: Int, event: AdapterEvent, problems: [ConsistencyProblem]) {
        self.number = number
        self.event = event
        self.problems = problems
    }

    package var isConsistent: Bool {
        problems.isEmpty && event.tableError == nil && event.appCrash == nil && exceptions.isEmpty
    }

    /// `event 3 · 1 insert applied, 2 moves skipped · table: insertRows [0.0]`: the callbacks
    /// counted by kind and what the adapter did with them, in order of first appearance.
    package var summary: String {
        var kinds: [CallbackTally] = []
        for (callback, action) in event.entries {
            let noun: String
            switch callback {
            case .willChangeContent, .didChangeContent: continue
            case .section(let change): noun = "section \(change.type)"
            case .object(let change): noun = "\(change.type)"
            case .snapshot: noun = "snapshot"
            case .difference: noun = "difference"
            }
            if let i = kinds.firstIndex(where: { $0.noun == noun && $0.action == action.rawValue }) {
                kinds[i].count += 1
            } else {
                kinds.append(CallbackTally(noun: noun, action: action.rawValue, count: 1))
            }
        }
        var text = "event \(number)"
        if let appCalls {
            // The simulator lists the user's gesture first (`user moves row 0.2 to 0.0`), then the app's calls.
            let gestures = appCalls.prefix { $0.hasPrefix("user ") }
            let calls = appCalls.dropFirst(gestures.count)
            return text + gestures.map { " · " + $0 }.joined()
                + (calls.isEmpty
                    ? " · the app's table: no calls" : " · the app's table: " + calls.joined(separator: ", "))
        }
        text += kinds.isEmpty ? " · no callbacks" : " · " + kinds.map(\.description).joined(separator: ", ")
        if let writes { text += " · writes \(writes)" }
        if !event.tableOperations.isEmpty {
            text += " · table: " + event.tableOperations.map(\.description).joined(separator: "; ")
        }
        return text
    }

    /// The event's callbacks as the `--json` protocol lists them.
    package var callbacksJSON: JSONValue {
        .array(
            event.entries.map { callback, action in
                switch callback {
                case .willChangeContent: return .object([("event", "willChangeContent")])
                case .didChangeContent: return .object([("event", "didChangeContent")])
                case .snapshot(let sections, let items, let reloaded):
                    return .object([
                        ("event", "snapshot"), ("sections", .int(sections)), ("items", .int(items)),
                        ("reloaded", .array(reloaded.map { .int($0.rawValue) })), ("action", .string(action.rawValue)),
                    ])
                case .difference(let difference):
                    return Self.json(difference, action: action)
                case .section(let change):
                    return .object([
                        ("event", "section"), ("type", .string(change.type.rawValue)), ("index", .int(change.index)),
                        ("name", .string(change.name)), ("action", .string(action.rawValue)),
                    ])
                case .object(let change):
                    return .object([
                        ("event", "object"), ("type", .string(change.type.rawValue)),
                        ("id", .int(change.object.objectID.rawValue)),
                        ("indexPath", Self.json(change.indexPath)), ("newIndexPath", Self.json(change.newIndexPath)),
                        ("action", .string(action.rawValue)),
                    ])
                }
            })
    }

    /// `{"n":…,"callbacks":[…],"consistent":…,"problems":[…],"error":…}`.
    package var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("n", .int(number)), ("callbacks", callbacksJSON), ("consistent", .bool(isConsistent)),
            ("problems", .array(problems.map { .string($0.description) })),
            (
                "error",
                (event.appCrash?.description ?? event.exceptionReason ?? event.tableError?.description).map {
                    .string($0)
                } ?? .null
            ),
        ]
        if let writes { fields.append(("writes", .int(writes))) }
        if let appCalls {
            // An app's view controller: its table calls, and what its code raised.
            fields.append(("appCalls", .array(appCalls.map { .string($0) })))
            fields.append(("exceptions", .array(exceptions.map { .string($0) })))
        }
        if !otherControllers.isEmpty {
            // Each as the selected controller's fields: its callbacks and UIKit's error.
            fields.append(
                (
                    "controllers",
                    .array(
                        otherControllers.map { name, event in
                            let other = EventReport(number: number, event: event, problems: [])
                            return .object([
                                ("controller", .string(name)), ("callbacks", other.callbacksJSON),
                                (
                                    "error",
                                    (event.exceptionReason ?? event.tableError?.description).map { .string($0) }
                                        ?? .null
                                ),
                            ])
                        })
                ))
        }
        return .object(fields)
    }

    /// `{"event":"difference","removals":[{"offset":O,"id":ID,"associatedWith":A|null}],"insertions":[…],"action":…}`.
    static func json(_ difference: CollectionDifference<ObjectID>, action: CallbackAction) -> JSONValue {
        let step = { (offset: Int, id: ObjectID, other: Int?) -> JSONValue in
            .object([
                ("offset", .int(offset)), ("id", .int(id.rawValue)),
                ("associatedWith", other.map { .int($0) } ?? .null),
            ])
        }
        var removals: [JSONValue] = []
        var insertions: [JSONValue] = []
        for change in difference {
            switch change {
            case .remove(let offset, let id, let other): removals.append(step(offset, id, other))
            case .insert(let offset, let id, let other): insertions.append(step(offset, id, other))
            }
        }
        return .object([
            ("event", "difference"), ("removals", .array(removals)), ("insertions", .array(insertions)),
            ("action", .string(action.rawValue)),
        ])
    }

    static func json(_ path: IndexPath?) -> JSONValue {
        path.map { .array([.int($0.section), .int($0.row)]) } ?? .null
    }
}

/// `2 moves skipped`: how many callbacks of one kind met one fate.
private struct CallbackTally: CustomStringConvertible {
    let noun: String
    let action: String
    var count: Int

    var description: String { "\(count) \(noun)\(count == 1 ? "" : "s") \(action)" }
}
