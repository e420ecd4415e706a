import CSV
import CommandLanguage
import FetchedResults
import FetchSimCore
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
                let cells: [JSONValue] = model.columns.indices.map { column in
                    row.cells.map { column < $0.count ? .string($0[column]) : .null } ?? .null
                }
                rows.append([.string(part.name ?? ""), .string(row.path.shortDescription), .int(row.id)] + cells)
            }
        }
        return OutputGrid(columns: ["section", "path", "id"] + model.columns, rows: rows).lines(outputMode).map { .line($0) }
    }

    /// `dump objects` in a grid mode: every object by ID, the attributes of all entities as columns.
    func objectsGrid() -> [OutputBlock] {
        var columns: [String] = []
        for entity in context.schema.entities { for attribute in entity.attributes where !columns.contains(attribute.name) { columns.append(attribute.name) } }
        let all = context.schema.entities.flatMap { context.objects(ofEntity: $0.name) }.sorted { $0.objectID < $1.objectID }
        let rows = all.map { object -> [JSONValue] in
            [.int(object.objectID.rawValue), .string(object.entity.name)] + columns.map { object.value(forKey: $0).map(Self.json) ?? .null }
        }
        return OutputGrid(columns: ["id", "entity"] + columns, rows: rows).lines(outputMode).map { .line($0) }
    }

    /// `export csv FILE [where …]`: the fetched objects in fetch order (those matching), `id` first.
    func exportCSV(path: String, predicate: Command.PredicateText?) throws -> LineOutcome {
        guard let controller = workspace.controller, let entity = context.schema.entity(named: controller.fetchRequest.entityName) else {
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
        let grid = OutputGrid(columns: ["id"] + entity.attributes.map(\.name),
                              rows: objects.map { [.int($0.objectID.rawValue)] + $0.values.map(Self.json) })
        do {
            try writeFile(path, grid.csvText(quotesEmptyStrings: true) + "\n")
        } catch {
            throw InterpreterError("cannot write '\(path)': \(FileErrorReason.text(for: error))")
        }
        return text(["exported \(objects.count) \(entity.name) object\(objects.count == 1 ? "" : "s") to '\(path)'"],
                    json: [("exported", .int(objects.count)), ("file", .string(path))])
    }

    /// `import csv FILE ENTITY`: one insert per record, all in one change event; any bad cell
    /// (or header) fails the whole import as `FILE:LINE:COLUMN: …` and inserts nothing.
    func importCSV(path: String, entityName: String) throws -> LineOutcome {
        guard let entity = context.schema.entity(named: entityName) else {
            throw located(ObjectGraphError.unknownEntity(entityName).description, at: .entity, token: entityName, suggestions: entityNames)
        }
        let contents: String
        do {
            contents = try readFile(path)
        } catch {
            throw InterpreterError(FileManager.default.fileExists(atPath: path) ? "cannot read '\(path)'" : "no such file '\(path)'")
        }
        let records = try CSVImport.records(contents, path: path, entity: entity)
        var ids: [ObjectID] = []
        do {
            for values in records { ids.append(try context.insert(entity.name, values: values).objectID) }
        } catch {
            context.discardPendingChanges()
            throw InterpreterError("\(path): \(error)")
        }
        nameNextEvent(["import \(ids.count) \(entity.name)"])
        let report = try finishTurn { try context.processPendingChanges() }
        var outcome = outcome(ids: ids, report: report, extra: [("imported", .int(ids.count))])
        if rendersText { outcome.text.insert(.line("imported \(ids.count) \(entity.name) object\(ids.count == 1 ? "" : "s") from '\(path)'"), at: 0) }
        return outcome
    }
}

/// Reading the records of `import csv` with CSV.swift's `CSVReader` and each cell by type.
enum CSVImport {
    /// The attribute values of every record, or the first problem as `FILE:LINE:COLUMN: …` (LINE
    /// the record's number, the header being 1; COLUMN the field's number).
    static func records(_ text: String, path: String, entity: Entity) throws -> [[(key: String, value: Value)]] {
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false)
        } catch {
            throw InterpreterError("\(path):1:1: cannot read CSV: \(error)")
        }
        guard let header = reader.next() else { throw InterpreterError("\(path):1:1: empty file (expected a header row of attribute names)") }
        var attributes: [Attribute?] = []
        for (index, name) in header.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed == "id" { attributes.append(nil); continue }
            guard let attribute = entity.attribute(named: trimmed) else {
                let hint = Suggestion.closest(to: trimmed, among: entity.attributes.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw InterpreterError("\(path):1:\(index + 1): unknown attribute '\(trimmed)' of entity '\(entity.name)'\(hint)")
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
            if row == [""] { continue } // a blank line
            guard row.count == header.count else {
                throw InterpreterError("\(path):\(number):\(min(row.count, header.count) + 1): expected \(header.count) fields, found \(row.count)")
            }
            var values: [(key: String, value: Value)] = []
            for (index, (cell, attribute)) in zip(row, attributes).enumerated() {
                guard let attribute else { continue }
                guard let value = parse(cell, as: attribute) else {
                    throw InterpreterError("\(path):\(number):\(index + 1): invalid \(attribute.type.rawValue) '\(cell)' for '\(attribute.name)'")
                }
                values.append((attribute.name, value))
            }
            records.append(values)
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
