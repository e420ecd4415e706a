extension TableViewError {
    /// The case without its values — `invalidRowCount`, `deleteRowOutOfRange` — which stays the
    /// same when the same mistake happens at other index paths or with other counts.
    package var kind: String {
        if case .inCollectionView(let error) = self { return error.kind }
        if case .invalidBatchUpdates(let error, _, _, _) = self { return error.kind }
        // A case with values reflects as one child labelled with the case's name.
        if let name = Mirror(reflecting: self).children.first?.label { return name }
        switch self {
        case .endUpdatesWithoutBeginUpdates: return "endUpdatesWithoutBeginUpdates"
        case .userMoveDuringUpdates: return "userMoveDuringUpdates"
        default: return String(describing: self)
        }
    }
}
