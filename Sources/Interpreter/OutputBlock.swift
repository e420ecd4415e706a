import CommandLanguage
import FetchSimCore
import Sheet

/// One piece of REPL output, kept as a value until a sink renders it at its own width and with its
/// own colours — the terminal at the window's width, a transcript at 80 columns in plain text.
package enum OutputBlock {
    case line(String, TextRole? = nil)
    case sheet(SheetModel, SheetWindow)
    /// Text wrapped at the width at its spaces, continuation lines indented by two.
    case wrapped(String, TextRole? = nil)
    /// `help` or `help COMMAND`, laid out at the width.
    case help(Command.Name?)

    /// The block as lines of text. With `wrapsLongLines` (a terminal), a line wider than
    /// `width` is broken at its spaces, continuation lines indented by two, where the terminal
    /// would break it mid-word; transcripts keep such a line whole.
    package func render(
        width: Int, wrapsLongLines: Bool = false, style: @escaping @Sendable (TextRole, String) -> String
    ) -> [String] {
        switch self {
        case .line(let text, let role):
            if role == .dim { return [style(.dim, TextWidth.truncate(text, toWidth: width))] }
            let lines =
                wrapsLongLines && TextWidth.displayWidth(of: text) > width
                ? CommandHelp.wrap(text, width: width, firstPrefix: "", prefix: "  ")
                : [text]
            return role.map { role in lines.map { style(role, $0) } } ?? lines
        case .wrapped(let text, let role):
            let lines = CommandHelp.wrap(text, width: width, firstPrefix: "", prefix: "  ")
            return role.map { role in lines.map { style(role, $0) } } ?? lines
        case .help(let topic):
            return topic.map { CommandHelp.entry(for: $0).render(width: width) }
                ?? CommandHelp.renderOverview(width: width)
        case .sheet(let model, let window):
            let renderer = SheetRenderer(width: width) { role, text in style(TextRole(role), text) }
            return renderer.render(model, window: window)
        }
    }
}

extension TextRole {
    init(_ role: SheetStyleRole) {
        switch role {
        case .header: self = .header
        case .sectionHeader: self = .sectionHeader
        case .inserted: self = .inserted
        case .moved: self = .moved
        case .updated: self = .updated
        case .deleted: self = .deleted
        case .dim: self = .dim
        }
    }
}
