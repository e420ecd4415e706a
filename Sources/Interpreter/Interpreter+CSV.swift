import CSV
import CommandLanguage
import FetchSimCore
import FetchedResults
import Foundation
import ObjectGraph
import Sheet

/// The output modes of `show` and `dump objects`, `export csv` and `import csv`.
extension Interpreter {
    /// `show` in the `csv`, `json` or `box` mode: every row of the table (or of one section),
    /// its cells as configured (nil for a cell never configured).
    func showGrid(section: Int?) -> [OutputBlock] {
        guard let model = sheetModel(marks: false) else { return [.line("nothing fetched yet: try 'fetch'", .dim)] }
        var rows: [[JSONValue]] = []
        for (index, part) in model.sections.enumerated() where section == nil || section == index {
            for row in part.rows {
                let object = context.object(with: ObjectID(row.id))
                let cells: [JSONValue] = model.columns.indices.map { column in
                    guard let cells = row.cells, column < cells.count else { return .null }
                    // A cell showing a nil value is written as `dump objects` writes nil: an empty
                    // cell, JSON null. A stale cell's "nil" stays text: it is what the cell shows.
                    if cells[column] == "nil", object?.value(forKey: model.columns[column])?.isNull ?? false {
                        return .null
                    }
                    return .string(cells[column])
                }
                rows.append([.string(part.name ?? ""), .string(row.path.shortDescription), .int(row.id)] + cells)
            }
        }
        return OutputGrid(columns: ["section", "path", "id"] + model.columns, rows: rows).lines(outputMode).map {
            .line($0)
        }
    }

    /// `dump objects` in a grid mode: every object by ID, the attributes of all entities as columns.
    func objectsGrid() -> [OutputBlock] {
        var columns: [String] = []
        for entity in context.schema.entities {
            for attribute in entity.attributes where !columns.contains(attribute.name) {
                columns.append(attribute.name)
            }
        }
        let all = context.schema.entities.flatMap { context.objects(ofEntity: $0.name) }.sorted {
            $0.objectID < $1.objectID
        }
        let rows = all.map { object -> [JSONValue] in
            [.int(object.objectID.rawValue), .string(object.entity.name)]
                + columns.map { object.value(forKey: $0).map(Self.json) ?? .null }
        }
        return OutputGrid(columns: ["id", "entity"] + columns, rows: rows).lines(outputMode).map { .line($0) }
    }

    /// `export csv FILE [where …]`: the fetched objects in fetch order (those matching), `id` first.
    func exportCSV(path: String, predicate: Command.PredicateText?) throws -> LineOutcome {
        guard let controller = workspace.controller,
            let entity = context.schema.entity(named: controller.fetchRequest.entityName)
        else {
            throw InterpreterError("nothing fetched yet: 'export csv' writes the fetched objects; try 'fetch'")
        }
        var bound: BoundPredicate?
        if let predicate {
            do {
                bound = try Predicate(format: predicate.text).bound(to: entity)
            } catch {
                throw located(error, in: predicate)
            }
        }
        let objects = (controller.fetchedObjects ?? []).filter { bound?.evaluate($0.values) ?? true }
        let grid = OutputGrid(
            columns: ["id"] + entity.attributes.map(\.name),
            rows: objects.map { [.int($0.objectID.rawValue)] + $0.values.map(Self.json) })
        do {
            try writeFile(path, grid.csvText(quotesEmptyStrings: true) + "\n")
        } catch {
            throw InterpreterError("cannot write '\(path)': \(FileErrorReason.text(for: error))")
        }
        return text(
            ["exported \(objects.count) \(entity.name) object\(objects.count == 1 ? "" : "s") to '\(path)'"],
            json: [("exported", .int(objects.count)), ("file", .string(path))])
    }

    /// `import csv FILE ENTITY`: one insert per record, all in one change event; any bad cell
    /// (or header) fails the whole import as `FILE:LINE:COLUMN: …` and inserts nothing.
    func importCSV(path: String, entityName: String) throws -> LineOutcome {
        guard let entity = context.schema.entity(named: entityName) else {
            throw located(
                ObjectGraphError.unknownEntity(entityName).description, at: .entity, token: entityName,
                suggestions: entityNames)
        }
        let contents: String
        do {
            contents = try readFile(path)
        } catch {
            throw CSVImport.readProblem(path: path, error: error)
        }
        defer { progress?("") }
        let stopped = InterpreterError("import csv: interrupted; nothing was imported from '\(path)'")
        let records = try CSVImport.records(contents, path: path, entity: entity) { read in
            progress?("import csv: \(NumberText.grouped(read)) records read")
            if isInterrupted() { throw stopped }
        }
        var ids: [ObjectID] = []
        do {
            for (number, values) in records.enumerated() {
                ids.append(try context.insert(entity.name, values: values).objectID)
                if number % CSVImport.checkInterval == CSVImport.checkInterval - 1 {
                    progress?(
                        "import csv: \(NumberText.grouped(number + 1)) of \(NumberText.grouped(records.count)) objects inserted"
                    )
                    // All or nothing: a stop here discards the inserts made so far.
                    if isInterrupted() { throw stopped }
                }
            }
        } catch let error as InterpreterError {
            context.discardPendingChanges()
            throw error
        } catch {
            context.discardPendingChanges()
            throw InterpreterError("\(path): \(error)")
        }
        nameNextEvent(["import \(ids.count) \(entity.name)"])
        let report = try finishTurn { try context.processPendingChanges() }
        var outcome = outcome(ids: ids, report: report, extra: [("imported", .int(ids.count))])
        outcome.filesRead = [(path, contents)]
        if rendersText {
            // One summary line instead of every new ID (a large import would print megabytes):
            // the IDs' range, which the JSON answer lists in full.
            let range = Self.idRangeText(ids)
            let count = NumberText.grouped(ids.count)
            outcome.text.removeFirst(ids.isEmpty ? 0 : 1)
            outcome.text.insert(
                .line("imported \(count) \(entity.name) object\(ids.count == 1 ? "" : "s")\(range) from '\(path)'"),
                at: 0)
        }
        return outcome
    }
}

extension Interpreter {
    /// `#100,004`: an object ID with its digits grouped, for summaries of many objects.
    static func idText(_ id: ObjectID) -> String { "#" + NumberText.grouped(id.rawValue) }

    /// The range of the new IDs an import prints after its count, ` (#1…#40)` or ` (#7)`: the
    /// JSON answer lists them in full. Empty for none.
    static func idRangeText(_ ids: [ObjectID]) -> String {
        guard let first = ids.first, let last = ids.last else { return "" }
        return first == last ? " (\(idText(first)))" : " (\(idText(first))…\(idText(last)))"
    }
}

/// Reading the records of `import csv` with CSV.swift's `CSVReader` and each cell by type.
enum CSVImport {
    /// The attribute values of every record, or the first problem as `FILE:LINE:COLUMN: …` (LINE
    /// the record's number, the header being 1; COLUMN the field's number).
    /// How many records pass between two reports of progress (and questions whether to stop).
    static let checkInterval = 10_000

    /// `everyInterval` is called with the records read so far every `checkInterval` records; it
    /// may throw to stop the reading.
    /// Why `path` could not be read, in the words a user acts on: no such file, a directory,
    /// the first byte that is not UTF-8 (a Latin-1 or Windows-1252 export, say) with its line
    /// and column, or the system's reason.
    static func readProblem(path: String, error: any Error) -> InterpreterError {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return InterpreterError("no such file '\(path)'")
        }
        if isDirectory.boolValue { return InterpreterError("cannot read '\(path)': is a directory") }
        if let data = FileManager.default.contents(atPath: path), let bad = firstInvalidUTF8(data) {
            let byte = "0x" + String(bad.byte, radix: 16, uppercase: true)
            return InterpreterError(
                "\(path):\(bad.line):\(bad.column): byte \(byte) is not UTF-8 (save the file as UTF-8)")
        }
        return InterpreterError("cannot read '\(path)': \(FileErrorReason.text(for: error))")
    }

    /// The first byte of `data` that does not begin a valid UTF-8 sequence: its line and its
    /// column (in characters, 1-based) and its value.
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int, byte: UInt8)? {
        let bytes = [UInt8](data)
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length =
                lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            let sequence = length > 0 && index + length <= bytes.count ? Array(bytes[index..<(index + length)]) : []
            guard !sequence.isEmpty, String(validating: sequence, as: UTF8.self) != nil else {
                return (line, column, lead)
            }
            if lead == UInt8(ascii: "\n") { (line, column) = (line + 1, 1) } else { column += 1 }
            index += length
        }
        return nil
    }

    /// Where a quoted field opens and never closes (RFC 4180: a field that starts with `"` ends
    /// at a `"` not doubled), as `(line, column)`; nil when every quote closes. A reader would
    /// otherwise take the rest of the file as that one field and report a wrong field count.
    static func unterminatedQuote(in text: String) -> (line: Int, column: Int)? {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let newline = UInt8(ascii: "\n")
        var line = 1
        var column = 0
        var openedAt: (line: Int, column: Int)?
        var atFieldStart = true
        // Where the field just closed by a quote opened: a second quote right after reopens it.
        var closedField: (line: Int, column: Int)?
        // Bytes, not Characters: grapheme breaking is not needed to find quotes, commas and line
        // ends, so the scan stays a single cheap pass over large files. Columns count
        // scalars (continuation bytes do not start one).
        for byte in text.utf8 {
            if byte & 0xC0 != 0x80 { column += 1 }
            if openedAt != nil {
                if byte == quote {
                    // A quote inside a quoted field closes it, unless the next byte is a quote too.
                    closedField = openedAt
                    openedAt = nil
                } else if byte == newline {
                    (line, column) = (line + 1, 0)
                }
                continue
            }
            if let field = closedField, byte == quote {
                // `""` inside the field: an escaped quote; the field is open again.
                closedField = nil
                openedAt = field
                continue
            }
            closedField = nil
            switch byte {
            case quote where atFieldStart: openedAt = (line, column)
            case comma: atFieldStart = true
            case newline: (line, column, atFieldStart) = (line + 1, 0, true)
            default: atFieldStart = false
            }
        }
        return openedAt
    }

    static func records(
        _ text: String, path: String, entity: Entity,
        everyInterval: (Int) throws -> Void = { _ in }
    ) throws -> [[(key: String, value: Value)]] {
        if let open = unterminatedQuote(in: text) {
            throw InterpreterError(
                "\(path):\(open.line):\(open.column): unterminated quote: the quoted field that starts here never ends")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false)
        } catch {
            throw InterpreterError("\(path):1:1: cannot read CSV: \(error)")
        }
        guard let header = reader.next() else {
            throw InterpreterError("\(path):1:1: empty file (expected a header row of attribute names)")
        }
        var attributes: [Attribute?] = []
        for (index, name) in header.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed == "id" {
                attributes.append(nil)
                continue
            }
            guard let attribute = entity.attribute(named: trimmed) else {
                let hint =
                    Suggestion.closest(to: trimmed, among: entity.attributes.map(\.name)).map {
                        " (did you mean '\($0)'?)"
                    } ?? ""
                throw InterpreterError(
                    "\(path):1:\(index + 1): unknown attribute '\(trimmed)' of entity '\(entity.name)'\(hint)")
            }
            guard !attributes.contains(where: { $0?.name == attribute.name }) else {
                throw InterpreterError("\(path):1:\(index + 1): attribute '\(trimmed)' is given twice")
            }
            attributes.append(attribute)
        }
        var records: [[(key: String, value: Value)]] = []
        var number = 1
        while let row = reader.next() {
            number += 1
            if row == [""] { continue }  // a blank line
            guard row.count == header.count else {
                throw InterpreterError(
                    "\(path):\(number):\(min(row.count, header.count) + 1): expected \(header.count) fields, found \(row.count)"
                )
            }
            var values: [(key: String, value: Value)] = []
            for (index, (cell, attribute)) in zip(row, attributes).enumerated() {
                guard let attribute else { continue }
                guard let value = parse(cell, as: attribute) else {
                    throw InterpreterError(
                        "\(path):\(number):\(index + 1): invalid \(attribute.type.rawValue) '\(cell)' for '\(attribute.name)'"
                    )
                }
                values.append((attribute.name, value))
            }
            records.append(values)
            if records.count % checkInterval == 0 { try everyInterval(records.count) }
        }
        if let error = reader.error { throw InterpreterError("\(path):\(number + 1):1: cannot read CSV: \(error)") }
        return records
    }

    /// A cell read by the attribute's type; an empty cell is nil (an empty string when the
    /// attribute is a required string). Nil when the cell does not fit the type.
    static func parse(_ cell: String, as attribute: Attribute) -> Value? {
        if cell.isEmpty { return attribute.type == .string && !attribute.isOptional ? .string("") : .null }
        switch attribute.type {
        case .string: return .string(cell)
        case .int: return Int(cell).map(Value.int)
        case .double: return Double(cell).flatMap { $0.isFinite ? Value.double($0) : nil }
        case .bool: return cell == "true" ? .bool(true) : cell == "false" ? .bool(false) : nil
        case .date: return ISO8601.parse(cell).map(Value.date)
        case .relationship: return cell.hasPrefix("#") ? Int(cell.dropFirst()).map { .object(ObjectID($0)) } : nil
        case .toMany:
            // As a cell shows it: `[#3, #4]`.
            return Value.objectList(cell).map(Value.objects)
        }
    }
}
