import Foundation

/// Foundation's `UndoManager`, which Foundation on Linux does not have: a stack of undo groups
/// and a stack of redo groups, each group the actions registered together, run newest first.
///
/// A managed object context with an undo manager (`context.undoManager = UndoManager()`)
/// registers one action per change event it processes — Core Data's granularity — so `undo()`
/// takes back the last event and `redo()` re-applies it. Actions registered while undoing go to
/// the redo stack, while redoing to the undo stack; a new registration otherwise clears the redo
/// stack, as Foundation's does.
///
/// ```swift
/// let context = container.viewContext
/// context.undoManager = UndoManager()
/// note.title = "Milk"
/// context.processPendingChanges()
/// context.undoManager?.setActionName("Rename")
/// context.undo()                     // the title is back, as one change event
/// ```
///
/// Grouping: each registration outside `beginUndoGrouping()`/`endUndoGrouping()` is a group of
/// its own (Foundation's `groupsByEvent` groups by run-loop turn; a context registers once per
/// turn). Before undoing or redoing, the manager tells its contexts to process their pending
/// changes (Foundation's checkpoint, which Core Data observes), so unprocessed edits are undone
/// first.
open class UndoManager {
    private struct Action {
        let target: ObjectIdentifier
        let run: () -> Void
    }

    private struct Group {
        var actions: [Action] = []
        var name = ""
    }

    private var undoGroups: [Group] = []
    private var redoGroups: [Group] = []
    private var openGroups: [Group] = []
    private var registrationDisabled = 0
    /// Run before each undo, redo and explicit grouping: the contexts using this manager process
    /// their pending changes (weakly held by the closures).
    var checkpointObservers: [(id: ObjectIdentifier, run: () -> Void)] = []

    /// Whether `undo()` is running its actions.
    public private(set) var isUndoing = false
    /// Whether `redo()` is running its actions.
    public private(set) var isRedoing = false
    /// Whether each run-loop turn is a group of its own (kept; see the type's discussion).
    open var groupsByEvent = true
    /// The most groups kept on the undo stack; 0 keeps every group (the default).
    open var levelsOfUndo = 0 {
        didSet { trim() }
    }

    public init() {}

    /// Whether there is a group to undo.
    open var canUndo: Bool { !undoGroups.isEmpty }
    /// Whether there is a group to redo.
    open var canRedo: Bool { !redoGroups.isEmpty }
    /// The depth of explicit grouping (`beginUndoGrouping()` calls not yet ended).
    open var groupingLevel: Int { openGroups.count }
    /// Whether registrations are recorded (`disableUndoRegistration()` not in effect).
    open var isUndoRegistrationEnabled: Bool { registrationDisabled == 0 }
    /// The name of the group `undo()` takes back, "" when unnamed or none.
    open var undoActionName: String { undoGroups.last?.name ?? "" }
    /// The name of the group `redo()` re-applies, "" when unnamed or none.
    open var redoActionName: String { redoGroups.last?.name ?? "" }

    /// Registers `handler` to run with `target` when the current group is undone (or redone,
    /// while undoing).
    open func registerUndo<TargetType: AnyObject>(
        withTarget target: TargetType, handler: @escaping (TargetType) -> Void
    ) {
        guard isUndoRegistrationEnabled else { return }
        let action = Action(target: ObjectIdentifier(target)) { [weak target] in
            if let target { handler(target) }
        }
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].actions.append(action)
        } else {
            undoGroups.append(Group(actions: [action], name: pendingName ?? ""))
            pendingName = nil
            redoGroups.removeAll()
            trim()
        }
    }

    /// A name set while no group is open, for the next group registered.
    private var pendingName: String?

    private func trim() {
        if levelsOfUndo > 0, undoGroups.count > levelsOfUndo { undoGroups.removeFirst(undoGroups.count - levelsOfUndo) }
    }

    /// Names the open group, else the group registered last (Foundation names the current one).
    open func setActionName(_ actionName: String) {
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].name = actionName
        } else if !undoGroups.isEmpty {
            undoGroups[undoGroups.count - 1].name = actionName
        } else {
            pendingName = actionName
        }
    }

    /// Opens a group: what is registered until the matching `endUndoGrouping()` is undone at once.
    open func beginUndoGrouping() {
        checkpoint()
        openGroups.append(Group())
    }

    /// Closes the group `beginUndoGrouping()` opened; an empty group is dropped.
    open func endUndoGrouping() {
        checkpoint()
        guard let group = openGroups.popLast() else { return }
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].actions += group.actions
            return
        }
        guard !group.actions.isEmpty else { return }
        if isUndoing {
            redoGroups.append(group)
        } else if isRedoing {
            undoGroups.append(group)
        } else {
            undoGroups.append(group)
            redoGroups.removeAll()
        }
        trim()
    }

    /// Runs the actions of the last group, newest first; what they register is one group on the
    /// redo stack.
    open func undo() {
        checkpoint()
        guard let group = undoGroups.popLast() else { return }
        isUndoing = true
        defer { isUndoing = false }
        if let inverse = run(group) { redoGroups.append(inverse) }
    }

    /// Runs the actions of the last undone group; what they register is one group on the undo stack.
    open func redo() {
        checkpoint()
        guard let group = redoGroups.popLast() else { return }
        isRedoing = true
        defer { isRedoing = false }
        if let inverse = run(group) {
            undoGroups.append(inverse)
            trim()
        }
    }

    /// Runs `group`'s actions newest first, collecting what they register under its name.
    private func run(_ group: Group) -> Group? {
        let depth = openGroups.count
        openGroups.append(Group(name: group.name))
        for action in group.actions.reversed() { action.run() }
        let inverse = openGroups.remove(at: depth)
        return inverse.actions.isEmpty ? nil : inverse
    }

    /// Empties both stacks.
    open func removeAllActions() {
        undoGroups.removeAll()
        redoGroups.removeAll()
    }

    /// Removes from both stacks the actions registered with `target`; groups left empty go.
    open func removeAllActions(withTarget target: AnyObject) {
        let id = ObjectIdentifier(target)
        func without(_ groups: [Group]) -> [Group] {
            groups.compactMap { group in
                var group = group
                group.actions.removeAll { $0.target == id }
                return group.actions.isEmpty ? nil : group
            }
        }
        undoGroups = without(undoGroups)
        redoGroups = without(redoGroups)
    }

    /// Stops recording registrations until the matching `enableUndoRegistration()`.
    open func disableUndoRegistration() {
        checkpoint()
        registrationDisabled += 1
    }

    /// Records registrations again once every `disableUndoRegistration()` is matched.
    open func enableUndoRegistration() {
        checkpoint()
        registrationDisabled = max(registrationDisabled - 1, 0)
    }

    private func checkpoint() {
        for observer in checkpointObservers { observer.run() }
    }
}
