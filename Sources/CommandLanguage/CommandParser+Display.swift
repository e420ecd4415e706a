import FetchSimCore

extension CommandParser {
    /// `show`, `show all`, `show S`, `show schema|fetch|adapter|settings`
    static func parseShow(_ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else { return .show(.viewport) }
        if token.isWord {
            switch token.text {
            case "all": return .show(.all)
            case "schema": return .show(.schema)
            case "fetch": return .show(.fetch)
            case "adapter": return .show(.adapter)
            case "settings": return .show(.settings)
            default: break
            }
        }
        guard token.isWord, !token.text.isEmpty, token.text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
        else {
            let words = Command.ShowTarget.keywords.map { "'\($0)'" }.joined(separator: ", ")
            if token.isWord, let suggestion = Suggestion.closest(to: token.text, among: Command.ShowTarget.keywords) {
                throw s.error(.unexpected(token.text, hint: "did you mean '\(suggestion)'?"), at: token.start)
            }
            throw s.error(.expectedGot("\(words) or a section number", got: token.text), at: token.start)
        }
        guard let section = Int(token.text) else { throw s.error(.numberOutOfRange(token.text), at: token.start) }
        s.mark(.argument, at: token.start)
        return .show(.section(section))
    }

    /// `dump` or `dump objects`
    static func parseDump(_ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else { return .dump(includesObjects: false) }
        guard token.isWord, token.text == "objects" else {
            throw s.error(.expectedGot("'objects' or nothing", got: token.text), at: token.start)
        }
        return .dump(includesObjects: true)
    }

    /// `help` or `help CMD`
    static func parseHelp(_ s: inout LineScanner) throws(CommandError) -> Command {
        guard let token = try s.token() else { return .help(topic: nil) }
        return .help(topic: try commandName(token, s))
    }

    /// `record FILE` (quoted, or the rest of the command as written) or `record stop`.
    static func parseRecord(_ keyword: LineScanner.Token, _ s: inout LineScanner) throws(CommandError) -> Command {
        s.skipSpaces()
        let quoted = s.current == "\""
        let path = try parsePath(keyword, &s, expecting: "a file name or 'stop'")
        return .record(path == "stop" && !quoted ? .stop : .start(path: path))
    }

    /// `on`, `off`, or nothing (nil) — the argument of `timing` and `pager`.
    static func parseSwitch(_ s: inout LineScanner) throws(CommandError) -> Bool? {
        guard let token = try s.token() else { return nil }
        guard token.isWord, token.text == "on" || token.text == "off" else {
            throw s.error(.expectedGot("'on' or 'off'", got: token.text), at: token.start)
        }
        return token.text == "on"
    }

    /// A file name: quoted, or the rest of the command as written (trailing spaces dropped).
    static func parsePath(_ keyword: LineScanner.Token, _ s: inout LineScanner, expecting: String) throws(CommandError)
        -> String
    {
        s.skipSpaces()
        guard !s.isAtSegmentEnd else {
            throw s.error(.expected(expecting, after: keyword.text), at: keyword.start)
        }
        if s.current == "\"", let token = try s.token(), case .string(let path) = token.kind {
            return path
        }
        let start = s.position
        var end = start
        while !s.isAtSegmentEnd {
            if let scalar = s.current, !LineScanner.isSpace(scalar) { end = s.position + 1 }
            s.position += 1
        }
        return s.text(start..<end)
    }
}
