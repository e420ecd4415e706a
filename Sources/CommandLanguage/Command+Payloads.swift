import FetchSimCore
import ObjectGraph

extension Command {
    /// Which object a `set` or `delete` means: `#7` or a zero-based index path `0.2`.
    package enum ObjectRef: Hashable, Sendable, CustomStringConvertible {
        case id(ObjectID)
        case indexPath(IndexPath)

        package var description: String {
            switch self {
            case .id(let id): id.description
            case .indexPath(let path): path.shortDescription
            }
        }
    }

    /// `key=value` in `insert` and `set`.
    package struct Assignment: Hashable, Sendable, CustomStringConvertible {
        package var key: String
        package var value: Value

        package init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }

        package var description: String { "\(key)=\(value.literal)" }
    }

    /// What `show` displays.
    package enum ShowTarget: Hashable, Sendable {
        /// `show`: the rows in the table's viewport.
        case viewport
        /// `show all`: every row.
        case all
        /// `show 2`: one section, zero-based.
        case section(Int)
        /// `show schema`: entities and their attributes (sqlite3's `.schema`, psql's `\d`).
        case schema
        /// `show fetch`: the current request as a `fetch …` line that can be pasted back.
        case fetch
        /// `show adapter`: the adapter with all its options.
        case adapter
        /// `show settings`: adapter, profile, viewport, recording-independent session settings.
        case settings

        /// The words `show` takes besides a section number.
        package static let keywords = ["all", "schema", "fetch", "adapter", "settings"]
    }

    /// `record FILE` starts writing a transcript; `record stop` ends it.
    package enum RecordAction: Hashable, Sendable {
        case start(path: String)
        case stop
    }
}

extension Command.Assignment {
    /// `key=value` with the value read from `text` as a command line reads a value: `3`, `-1.5`,
    /// `true`, `nil`, `2024-05-01`, `#7`, `[#3, #4]` or a quoted string. The full-screen editor
    /// reads a cell's new text so before it builds the `set` command.
    ///
    /// ```swift
    /// try Command.Assignment("order", reading: "3")   // order=3
    /// ```
    ///
    /// - Parameters:
    ///   - key: the attribute.
    ///   - text: the value as typed, alone (columns in the error count from its start).
    /// - Throws: `CommandError` naming what in `text` is not a value.
    package init(_ key: String, reading text: String) throws(CommandError) {
        var scanner = LineScanner(text)
        try scanner.rejectControlCharacters()
        guard let token = try scanner.token() else {
            throw scanner.error(.expected("a value", after: key + "="), at: 0)
        }
        let value =
            token.isWord && text.unicodeScalars.first == "["
            ? try scanner.objectList(startingWith: token) : try scanner.value(of: token)
        // Whatever follows, a `;` included, is no part of one value.
        scanner.skipSpaces()
        if scanner.current != nil {
            throw scanner.error(.unexpected(scanner.rawWord(at: scanner.position), hint: nil), at: scanner.position)
        }
        self.init(key, value)
    }
}
