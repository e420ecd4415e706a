extension LineScanner {
    /// Whether `text` is an attribute name or a key path through relationships (`list.name`):
    /// identifiers joined by single dots, the last of more than one possibly `@count` (the
    /// number of objects of a to-many relationship, `notes.@count`).
    static func isKeyPath(_ text: String) -> Bool {
        var components = text.split(separator: ".", omittingEmptySubsequences: false)
        if components.count > 1, components.last == "@count" { components.removeLast() }
        return !components.isEmpty && components.allSatisfy { isIdentifier(String($0)) }
    }

    /// Reads an attribute name or a key path (`list.name`) after `previous`.
    mutating func requireKeyPath(after previous: Token, as slot: TokenPositions.Slot? = nil) throws(CommandError)
        -> String
    {
        guard let token = try token() else {
            throw error(.expected("an attribute name", after: previous.text), at: previous.start)
        }
        guard token.isWord, Self.isKeyPath(token.text) else {
            throw error(.expectedGot("an attribute name", got: token.text), at: token.start)
        }
        if let slot { mark(slot, at: token.start) }
        return token.text
    }
}
