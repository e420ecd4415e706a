import FetchSimSettings

extension Command {
    /// The clauses of a `fetch` line, each as written; the interpreter builds the request.
    package struct FetchSpec: Hashable, Sendable {
        package var entity: String
        /// The text after `where`, unparsed (NSPredicate format syntax).
        package var predicate: PredicateText?
        package var sort: [SortKey]
        package var sectionKey: String?
        /// The attribute that keeps the user's order: `move` renumbers it.
        package var indexKey: String?
        package var limit: Int?
        package var offset: Int?
        /// `reorder dense|sparse|fractional`: the strategy drags use from this fetch on.
        package var reorder: ReorderStrategy?
        /// `as NAME`: the controller's name, so several can live side by side (`use NAME`).
        package var name: String?
        /// `share NAME`: drive the table of controller NAME instead of a table of its own (the bug).
        package var sharesTableOf: String?

        package init(
            entity: String, predicate: PredicateText? = nil, sort: [SortKey] = [], sectionKey: String? = nil,
            indexKey: String? = nil, limit: Int? = nil, offset: Int? = nil, reorder: ReorderStrategy? = nil
        ) {
            self.reorder = reorder
            self.entity = entity
            self.predicate = predicate
            self.sort = sort
            self.sectionKey = sectionKey
            self.indexKey = indexKey
            self.limit = limit
            self.offset = offset
        }
    }

    /// A predicate as typed, with the 1-based column of its first character in the line, so a
    /// predicate parser's error column (1-based within `text`) maps to `column + errorColumn - 1`.
    package struct PredicateText: Hashable, Sendable {
        package var text: String
        package var column: Int

        package init(_ text: String, column: Int) {
            self.text = text
            self.column = column
        }
    }

    /// `KEY [asc|desc] [caseInsensitiveCompare|localizedStandardCompare]` in a `sort` clause.
    package struct SortKey: Hashable, Sendable, CustomStringConvertible {
        package var key: String
        package var ascending: Bool
        /// The comparison selector (`compare:` unless one is named).
        package var selector: SortSelector

        package init(_ key: String, ascending: Bool = true, selector: SortSelector = .compare) {
            self.key = key
            self.ascending = ascending
            self.selector = selector
        }

        package var description: String {
            (ascending ? key : "\(key) desc") + (selector == .compare ? "" : " \(selector.rawValue)")
        }
    }
}
