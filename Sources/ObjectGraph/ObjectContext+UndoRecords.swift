extension ObjectContext {
    /// Forgets the undo record of the change event processed last, so that `undo()` never takes
    /// it back: for a layer whose own undo manager did not register that event (Core Data's
    /// context without an undo manager, or with registration disabled) and whose undo must
    /// reach exactly the events it registered.
    package func forgetLastUndoRecord() {
        _ = undoStack.popLast()
    }

    /// Forgets the whole undo and redo history (Core Data's `reset()`).
    package func forgetUndoHistory() {
        undoStack.removeAll()
        redoStack.removeAll()
    }
}
