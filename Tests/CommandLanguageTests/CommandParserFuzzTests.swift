import CommandLanguage
import FetchSimCore
import Foundation
import ObjectGraph
import Testing

/// Random input must give commands or an error, never a trap or a hang; rendered commands must
/// parse back to themselves.
@Suite struct CommandParserFuzzTests {
    static let fragments = [
        "insert", "set", "delete", "move", "fetch", "entity", "adapter", "profile", "show", "help", "record",
        "commit", "begin", "where", "sort", "section", "index", "limit", "offset", "asc", "desc", "--unflagged",
        "Note", "title", "order", "done:bool?", "x:strng", "=", "==", ";", ",", "\"", "'", "\\", "\\\"", "#", "#7",
        "0.2", "1.", ".5", "-3", "1e9", "2024-05-01", "2024-05-01T10:00:00Z", "true", "nil", "moves=move-row",
        "threshold=", " ", " ", "  ", "\t", "日本", "👍🏽", "e\u{301}", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{3000}",
        "\u{FFFD}", "\r", "\n",
    ]

    @Test func randomFragmentLinesNeverTrap() {
        var generator = SeededGenerator(seed: 0xF37C_5143)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...14, using: &generator)
            let line = (0..<count).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }.joined()
            check(line)
        }
    }

    @Test func randomScalarLinesNeverTrap() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let value: UInt32 =
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: UInt32.random(in: 0...0x7F, using: &generator)
                    case 1: UInt32.random(in: 0x80...0xFFFF, using: &generator)
                    default: UInt32.random(in: 0x20...0x7E, using: &generator)
                    }
                scalars.append(Unicode.Scalar(value) ?? "?")
            }
            check(String(scalars))
        }
    }

    @Test func invalidUTF8DecodedLinesNeverTrap() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            check(String(decoding: bytes, as: UTF8.self))
        }
    }

    static let hugeLines: [(String, String)] = {
        let megabyte = 1 << 20
        let words = String(repeating: "abc ", count: megabyte / 4)
        return [
            ("one huge word", String(repeating: "a", count: megabyte)),
            ("huge string value", "insert Note t=\"" + String(repeating: "x\\\"", count: megabyte / 3) + "\""),
            ("unterminated huge string", "insert Note t=\"" + String(repeating: "y", count: megabyte)),
            ("many assignments", "insert Note " + (0..<90_000).map { "k\($0)=\($0)" }.joined(separator: " ")),
            ("many deletes", "delete" + String(repeating: " #1", count: megabyte / 3)),
            ("many semicolons", String(repeating: ";", count: megabyte)),
            ("many edits", String(repeating: "move 0.0 0.1;", count: megabyte / 13)),
            (
                "huge predicate",
                "fetch Note where " + String(repeating: "x == 1 AND sort ", count: megabyte / 16) + "sort x"
            ),
            ("huge quoted predicate", "fetch Note where t == '" + words + "' limit 1"),
            ("spaces", String(repeating: " ", count: megabyte)),
            ("wide characters", "insert Note t=\"" + String(repeating: "日", count: megabyte / 3) + "\" x=3x"),
            ("control character at the end", words + "\u{1}"),
            ("huge number", "insert Note n=" + String(repeating: "9", count: megabyte)),
            ("huge date-like", "insert Note d=2024-" + String(repeating: "1", count: megabyte)),
        ]
    }()

    @Test(.timeLimit(.minutes(2)), arguments: hugeLines)
    func megabyteLinesFinish(name: String, line: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { check(line) }
        // Generous: linear work takes well under a second even in debug builds on 2 cores.
        #expect(elapsed < .seconds(20), "\(name) took \(elapsed)")
    }

    @Test func randomCommandsRoundTrip() throws {
        var generator = SeededGenerator(seed: 2024)
        for _ in 0..<3_000 {
            let command = RandomCommand.make(using: &generator)
            let text = command.description
            do {
                let parsed = try CommandParser.parseLine(text)
                #expect(parsed.map(\.withoutPredicateColumn) == [command.withoutPredicateColumn], "\(text)")
            } catch {
                Issue.record("'\(text)' did not parse: \(error)")
            }
        }
    }

    private func check(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let commands = try CommandParser.parseLine(line)
            for command in commands {
                let again = try? CommandParser.parseLine(command.description)
                #expect(
                    again?.map(\.withoutPredicateColumn) == [command.withoutPredicateColumn],
                    "\(command.description.prefix(200))", sourceLocation: sourceLocation)
            }
        } catch {
            #expect((1...line.count + 1).contains(error.column), "\(error)", sourceLocation: sourceLocation)
            #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
        }
    }
}

/// Random well-formed commands for round-trip tests.
enum RandomCommand {
    static let names = ["Note", "Task", "item_2", "Ñame", "_x"]
    static let strings = ["", "Milk", "say \"hi\"", "back\\slash", "line\nbreak\ttab", "日本語", "a;b", "x=y", "👍🏽"]

    static func make(using g: inout SeededGenerator) -> Command {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &g)] }
        func index() -> Int { Int.random(in: 0...40, using: &g) }
        func path() -> IndexPath { IndexPath(row: index(), section: index()) }
        func value() -> Value {
            switch Int.random(in: 0..<6, using: &g) {
            case 0: .string(pick(strings))
            case 1: .int(Int.random(in: Int.min...Int.max, using: &g))
            case 2: .double(Double.random(in: -1e6...1e6, using: &g))
            case 3: .bool(Bool.random(using: &g))
            case 4:
                .date(Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &g))))
            default: .null
            }
        }
        func assignments() -> [Command.Assignment] {
            (0..<Int.random(in: 1...4, using: &g)).map { Command.Assignment("k\($0)", value()) }
        }
        func reference() -> Command.ObjectRef { Bool.random(using: &g) ? .id(ObjectID(index())) : .indexPath(path()) }
        switch Int.random(in: 0..<12, using: &g) {
        case 0:
            let attributes = (0..<Int.random(in: 0...4, using: &g)).map { i in
                let type = pick(AttributeType.allCases)
                let optional = Bool.random(using: &g)
                let nilDefault = optional && Bool.random(using: &g)
                // A relationship (`a0:->Note`) names its destination and has no default.
                guard type != .relationship else {
                    return Attribute.toOne("a\(i)", destination: pick(names), isOptional: optional)
                }
                // A to-many one (`a0:[Note]`) too, with options after it.
                guard type != .toMany else {
                    return Attribute.toMany(
                        "a\(i)", destination: pick(names), isOrdered: Bool.random(using: &g),
                        inverse: Bool.random(using: &g) ? pick(names) : nil, deleteRule: pick(DeleteRule.allCases),
                        minCount: Bool.random(using: &g) ? 1 : 0, maxCount: Bool.random(using: &g) ? 3 : 0)
                }
                return Attribute("a\(i)", type, isOptional: optional, defaultValue: nilDefault ? .null : nil)
            }
            return .entity(name: pick(names), attributes: attributes)
        case 1:
            let predicates = [nil, "done == false", "title BEGINSWITH 'M' AND index > 2", #"title == "a sort b""#]
            return .fetch(
                .init(
                    entity: pick(names), predicate: pick(predicates).map { .init($0, column: 0) },
                    sort: (0..<Int.random(in: 0...3, using: &g)).map {
                        .init("s\($0)", ascending: Bool.random(using: &g))
                    },
                    sectionKey: Bool.random(using: &g) ? "group" : nil,
                    indexKey: Bool.random(using: &g) ? "order" : nil,
                    limit: Bool.random(using: &g) ? index() : nil, offset: Bool.random(using: &g) ? index() : nil
                ))
        case 2: return .insert(entity: pick(names), assignments: Bool.random(using: &g) ? assignments() : [])
        case 3: return .set(reference(), assignments: assignments())
        case 4: return .delete((0..<Int.random(in: 1...4, using: &g)).map { _ in reference() })
        case 5: return .move(from: path(), to: path(), setsUserDrivenFlag: Bool.random(using: &g))
        case 6:
            let options: [Command.AdapterOption] = [
                .moves(pick(Command.MoveReporting.allCases)), .updates(pick(Command.UpdateReporting.allCases)),
                .userDriven(pick(Command.UserDrivenPolicy.allCases)), .threshold(index()),
                .paused(Bool.random(using: &g)),
            ].filter { _ in Bool.random(using: &g) }
            return .adapter(pick(Command.AdapterKind.allCases), options: options)
        case 7: return .profile(pick(Command.Profile.allCases))
        case 8: return .show(pick([.viewport, .all, .section(index())]))
        case 9: return .help(topic: Bool.random(using: &g) ? pick(Command.Name.allCases) : nil)
        case 10:
            return .record(
                Bool.random(using: &g)
                    ? .stop : .start(path: pick(["a.session", "my dir/x y.session", "stop", "q\"uote"])))
        default:
            return pick([
                .begin, .commit, .abort, .save, .rollback, .undo, .redo, .log, .check, .stats, .quit,
                .dump(includesObjects: true), .dump(includesObjects: false),
            ])
        }
    }
}
