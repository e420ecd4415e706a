import ObjectGraph

/// A child context, held weakly by its parent (the child holds the parent).
struct WeakChild {
    weak var context: NSManagedObjectContext?
}

extension NSManagedObjectContext {
    /// Merges what this context saved into its child contexts that merge automatically, as Core
    /// Data's `automaticallyMergesChangesFromParent` does for a child: one change event each.
    func mergeIntoChildren(_ summary: SaveSummary) {
        children.removeAll { $0.context == nil }
        for child in children {
            guard let context = child.context, context.automaticallyMergesChangesFromParent,
                context.engineContext != nil
            else { continue }
            context.merge(summary)
        }
    }
}
