/// The keys terminals send as escape sequences that ncurses' keypad decoding may not know.
///
/// With keypad mode on, a terminal that follows its terminfo entry sends arrows in application
/// form (`ESC O B`), which ncurses decodes; a terminal left in normal cursor mode, or a program
/// typing for the user, sends `ESC [ B`, which the xterm entry does not list — so ncurses hands
/// over `Esc`, `[`, `B` one by one, and `Esc` alone would leave the spreadsheet. The terminal
/// layer therefore reads what follows an `Esc` itself and asks this decoder what it was. Both
/// the CSI (`ESC [`) and SS3 (`ESC O`) forms are read, with VT220 tilde codes (`ESC [ 5 ~`) and
/// xterm modifier parameters (`ESC [ 1 ; 2 B`), per ECMA-48 and xterm's "Control Sequences".
package enum EscapeSequence {
    /// What the bytes after an `Esc` mean, as far as they have come.
    package enum Reading: Equatable, Sendable {
        /// A whole sequence: the key it names, or `nil` for a sequence the spreadsheet does not use.
        case complete(Key?)
        /// The start of a sequence: read another byte (a sequence cut short stays unused, never `Esc`).
        case partial
        /// Nothing followed the `Esc`: the `Esc` key itself.
        case escapeKey
        /// The `Esc` came before an ordinary key (`Alt` held, or `Esc` typed then a key fast):
        /// the `Esc`, then the key.
        case escapeThen(Character)
    }

    /// Reads `following`, the characters that came after an `Esc` within the escape delay.
    package static func read(_ following: [Character]) -> Reading {
        guard let introducer = following.first else { return .escapeKey }
        let rest = following.dropFirst()
        switch introducer {
        case "[":
            // Parameters (digits and ';') up to a final byte in '@'…'~'.
            guard let last = rest.last else { return .partial }
            if last.isASCII, let value = last.asciiValue, (0x40...0x7E).contains(value) {
                let parameters = String(rest.dropLast())
                return .complete(csiKey(parameters: parameters, final: last))
            }
            let isParameter = rest.allSatisfy { $0.isNumber || $0 == ";" }
            return isParameter && rest.count < 16 ? .partial : .complete(nil)
        case "O":
            guard let final = rest.first else { return .partial }
            return .complete(ss3Key(final))
        default:
            return .escapeThen(introducer)
        }
    }

    private static func csiKey(parameters: String, final: Character) -> Key? {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "~":
            // VT220 editing keys: the first parameter; a modifier may follow after ';'.
            let code = parameters.split(separator: ";").first.map(String.init) ?? ""
            switch code {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func ss3Key(_ final: Character) -> Key? {
        switch final {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "M": .enter
        default: nil
        }
    }
}
