import CommandLanguage
import FetchSimCore
import Sheet

/// One piece of REPL output, kept as a value until a sink renders it at its own width and with its
/// own colours — the terminal at the window's width, a transcript at 80 columns in plain text.
public enum OutputBlock {
    case line(String, TextRole? = nil)
    case sheet(SheetModel, SheetWindow)

    /// The block as lines of text.
    public func render(width: Int, style: @escaping @Sendable (TextRole, String) -> String) -> [String] {
        switch self {
        case .line(let text, let role):
            let fitted = role == .dim ? TextWidth.truncate(text, toWidth: width) : text
            return [role.map { style($0, fitted) } ?? fitted]
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
