import Adapters
import CommandLanguage

extension AdapterOptions {
    /// These options with each of `options` set on top, in order: the one place where the
    /// command language's `option=value` words become adapter settings (the `adapter` command
    /// and a transcript's `# adapter:` header both come here).
    package func applying(_ options: [Command.AdapterOption]) -> AdapterOptions {
        var settings = self
        for option in options {
            switch option {
            case .moves(let value): settings.moves = value
            case .updates(let value): settings.updates = value
            case .userDriven(let value): settings.userDriven = value
            case .threshold(let value): settings.threshold = value
            case .paused(let value): settings.isPaused = value
            case .items(let key): settings.itemKey = key
            case .delegate(let form): settings.delivery = form
            case .canReorder(let value): settings.canReorderItems = value
            case .snapshot(let use): settings.snapshot = use
            case .sectionFilter(let filter): settings.sectionFilter = filter
            }
        }
        return settings
    }
}
