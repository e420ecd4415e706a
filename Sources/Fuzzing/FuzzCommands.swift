import CommandLanguage
import ObjectGraph

extension FuzzValues {
    /// The edit's `key=value`s as the command assigns them: the built-in `Item`'s in schema order
    /// (`FuzzField.allCases`), a user schema's in its attribute order.
    ///
    /// - Parameter schema: the user's entity; nil for the built-in `Item`.
    /// - Returns: one assignment per field that has a value.
    func assignments(schema: FuzzSchema?) -> [Command.Assignment] {
        guard let schema else {
            return FuzzField.allCases.compactMap { field in self[field].map { Command.Assignment(field.rawValue, $0) } }
        }
        return schema.columns.compactMap { column in
            let value =
                switch column.role {
                case .section: self[.group]
                case .index: self[.order]
                case .plain: other(at: column.position)
                }
            return value.map { Command.Assignment(column.name, $0) }
        }
    }
}
