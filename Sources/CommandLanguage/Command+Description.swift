import ObjectGraph

extension Command: CustomStringConvertible {
    /// The command as a line that `CommandParser.parseLine` reads back to an equal value
    /// (apart from `PredicateText.column`, which depends on where the predicate starts).
    package var description: String {
        switch self {
        case .entity(let name, let attributes):
            return (["entity", name] + attributes.map(Self.definition)).joined(separator: " ")
        case .fetch(let spec):
            return Self.fetchLine(spec)
        case .insert(let entity, let assignments, let path):
            var line = "insert " + entity
            Self.append(assignments, to: &line)
            if let path { line += " at " + path.shortDescription }
            return line
        case .set(let reference, let assignments):
            var line = "set " + reference.description
            Self.append(assignments, to: &line)
            return line
        case .delete(let references):
            return (["delete"] + references.map(\.description)).joined(separator: " ")
        case .batchSize(let size):
            return size.map { "batch-size \($0)" } ?? "batch-size"
        case .cache(let action):
            return action.description
        case .indexTitles(let style):
            return style.map { "index-titles \($0)" } ?? "index-titles"
        case .refresh(let references):
            return (["refresh"] + references.map(\.description)).joined(separator: " ")
        case .obtainPermanentIDs(let references):
            return (["obtainPermanentIDs"] + references.map(\.description)).joined(separator: " ")
        case .move(let from, let to, let setsUserDrivenFlag):
            return (setsUserDrivenFlag ? "move " : "move --unflagged ")
                + "\(from.shortDescription) \(to.shortDescription)"
        case .adapter(let kind, let options):
            return (["adapter"] + (kind.map { [$0.rawValue] } ?? []) + options.map(\.description)).joined(
                separator: " ")
        case .userAdapter(let name):
            return "adapter " + name
        case .profile(let profile):
            return profile.map { "profile \($0.rawValue)" } ?? "profile"
        case .reorder(let strategy):
            return strategy.map { "reorder \($0)" } ?? "reorder"
        case .show(.viewport):
            return "show"
        case .show(.all):
            return "show all"
        case .show(.section(let section)):
            return "show \(section)"
        case .show(.schema):
            return "show schema"
        case .show(.fetch):
            return "show fetch"
        case .show(.adapter):
            return "show adapter"
        case .show(.settings):
            return "show settings"
        case .dump(let includesObjects):
            return includesObjects ? "dump objects" : "dump"
        case .scroll(let path):
            return "scroll \(path.shortDescription)"
        case .help(let topic):
            return topic.map { "help \($0)" } ?? "help"
        case .record(.stop):
            return "record stop"
        case .record(.start(let path)):
            return "record \(Value.string(path).literal)"
        case .read(let path):
            return "read \(Value.string(path).literal)"
        case .timing(let on):
            return on.map { "timing \($0 ? "on" : "off")" } ?? "timing"
        case .pager(let on):
            return on.map { "pager \($0 ? "on" : "off")" } ?? "pager"
        case .mode(let mode):
            return mode.map { "mode \($0.rawValue)" } ?? "mode"
        case .table(let style):
            return style.map { "table \($0.rawValue)" } ?? "table"
        case .exportCSV(let path, let predicate):
            return "export csv \(Value.string(path).literal)" + (predicate.map { " where \($0.text)" } ?? "")
        case .exportHTML(let path):
            return "export html \(Value.string(path).literal)"
        case .importCSV(let path, let entity):
            return "import csv \(Value.string(path).literal) \(entity)"
        case .importCoreData(let path):
            return "import coredata \(Value.string(path).literal)"
        case .begin, .commit, .abort, .save, .rollback, .undo, .redo, .log, .check, .stats, .sheet, .quit, .refetch:
            return name.rawValue
        case .use, .close, .context, .batch:
            return workspaceLine
        }
    }

    /// ` key=value` for each assignment, appended to one string: the fuzzer prints every edit
    /// line it runs, so an edit is written without an array of parts. The text is exactly
    /// `Assignment.description`'s.
    private static func append(_ assignments: [Assignment], to line: inout String) {
        for assignment in assignments {
            line += " "
            line += assignment.key
            line += "="
            switch assignment.value {
            case .int(let number):
                line += String(number)
            case .string(let text) where text.utf8.allSatisfy(needsNoEscape):
                // Printable ASCII without quotes or backslashes: `literal` would copy it unchanged.
                line += "\""
                line += text
                line += "\""
            case let value:
                line += value.literal
            }
        }
    }

    /// Whether `byte` stands for itself inside a string literal.
    private static func needsNoEscape(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private static func definition(_ attribute: Attribute) -> String {
        var text = "\(attribute.name):\(attribute.typeText)"
        if let value = attribute.defaultValue { text += "=" + value.literal }
        let options = attribute.relationshipOptionsText
        if !options.isEmpty { text += " " + options }
        return text
    }

    private static func fetchLine(_ spec: FetchSpec) -> String {
        var parts = ["fetch", spec.entity]
        if let predicate = spec.predicate { parts += ["where", predicate.text] }
        if !spec.sort.isEmpty { parts += ["sort", spec.sort.map(\.description).joined(separator: ", ")] }
        if let key = spec.sectionKey { parts += ["section", key] }
        if let key = spec.indexKey { parts += ["index", key] }
        if let limit = spec.limit { parts += ["limit", String(limit)] }
        if let offset = spec.offset { parts += ["offset", String(offset)] }
        if let strategy = spec.reorder { parts += ["reorder", strategy.rawValue] }
        if let name = spec.name { parts += ["as", name] }
        if let shared = spec.sharesTableOf { parts += ["share", shared] }
        return parts.joined(separator: " ")
    }
}
