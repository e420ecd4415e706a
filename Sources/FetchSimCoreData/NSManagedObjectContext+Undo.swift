import ObjectGraph

extension NSManagedObjectContext {
    /// Takes back the last change event through the undo manager, as Core Data's `undo()`
    /// ("sends an undo message to the context's undo manager"): pending edits are processed
    /// first and are what is undone if there are any. Without an undo manager nothing happens.
    public func undo() {
        undoManager?.undo()
    }

    /// Re-applies the last undone change event through the undo manager, as Core Data's `redo()`.
    public func redo() {
        undoManager?.redo()
    }

    /// Registers the change event just processed with the undo manager, as Core Data registers
    /// each processed event. An event the manager does not take (none set, or registration
    /// disabled) is dropped from the engine's history too, so that an undo always takes back the
    /// event it was registered for — except on a context that wraps a FetchSim session's, whose
    /// own `undo` command reads that history.
    func registerUndo(for change: ObjectsDidChange) {
        guard !isReplayingHistory, let engine = engineContext,
            !(change.inserted.isEmpty && change.updated.isEmpty && change.deleted.isEmpty)
        else { return }
        if let undoManager, undoManager.isUndoRegistrationEnabled {
            undoManager.registerUndo(withTarget: self) { $0.replayHistory(undo: true) }
        } else if wrappedModel == nil {
            engine.forgetLastUndoRecord()
        }
    }

    /// Undoes (or redoes) the engine's last event as a change event of its own, registering the
    /// opposite action (the undo manager puts it on the other stack).
    private func replayHistory(undo: Bool) {
        guard let engine = engineContext else { return }
        objectIDsMayChange()
        isReplayingHistory = true
        defer { isReplayingHistory = false }
        do {
            if undo { try engine.undo() } else { try engine.redo() }
            undoManager?.registerUndo(withTarget: self) { $0.replayHistory(undo: !undo) }
        } catch {
            raisedExceptions.raise(
                .internalInconsistencyException, reason: "\(undo ? "undo" : "redo") failed: \(error)")
        }
        forgetObjectsGone()
    }
}
