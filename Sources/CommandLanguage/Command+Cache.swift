extension Command {
    /// What a `cache` line does.
    package enum CacheAction: Hashable, Sendable, CustomStringConvertible {
        /// `cache`: print the setting and the caches held.
        case show
        /// `cache NAME`: later fetches use this `cacheName`.
        case use(String)
        /// `cache off`: later fetches use no cache.
        case off
        /// `cache delete [NAME]`: `deleteCache(withName:)`.
        case delete(String?)

        package var description: String {
            switch self {
            case .show: "cache"
            case .use(let name): "cache \(name)"
            case .off: "cache off"
            case .delete(let name): name.map { "cache delete \($0)" } ?? "cache delete"
            }
        }
    }
}

extension CommandParser {
    /// `cache [NAME | off | delete [NAME]]`
    static func parseCache(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else { return .cache(.show) }
        guard token.isWord, LineScanner.isIdentifier(token.text) else {
            throw s.error(.expectedGot("a cache name, 'off' or 'delete'", got: token.text), at: token.start)
        }
        let action: Command.CacheAction
        switch token.text {
        case "off":
            action = .off
        case "delete":
            if let name = try s.token() {
                guard name.isWord, LineScanner.isIdentifier(name.text) else {
                    throw s.error(.expectedGot("a cache name", got: name.text), at: name.start)
                }
                action = .delete(name.text)
            } else {
                action = .delete(nil)
            }
        default:
            action = .use(token.text)
        }
        try s.expectCommandEnd(hint: "'cache' takes one name")
        return .cache(action)
    }
}
