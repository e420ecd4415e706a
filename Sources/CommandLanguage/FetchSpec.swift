import Adapters

extension Command {
    /// The clauses of a `fetch` line, each as written; the interpreter builds the request.
    public struct FetchSpec: Hashable, Sendable {
        public var entity: String
        /// The text after `where`, unparsed (NSPredicate format syntax).
        public var predicate: PredicateText?
        public var sort: [SortKey]
        public var sectionKey: String?
        /// The attribute that keeps the user's order: `move` renumbers it.
        public var indexKey: String?
        public var limit: Int?
        public var offset: Int?
        /// `reorder dense|sparse|fractional`: the strategy drags use from this fetch on.
        public var reorder: ReorderStrategy?

        public init(
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
    public struct PredicateText: Hashable, Sendable {
        public var text: String
        public var column: Int

        public init(_ text: String, column: Int) {
            self.text = text
            self.column = column
        }
    }

    /// `KEY [asc|desc]` in a `sort` clause.
    public struct SortKey: Hashable, Sendable, CustomStringConvertible {
        public var key: String
        public var ascending: Bool

        public init(_ key: String, ascending: Bool = true) {
            self.key = key
            self.ascending = ascending
        }

        public var description: String { ascending ? key : "\(key) desc" }
    }
}
