import CommandLanguage
import FetchSimCore
import Interpreter
import ObjectGraph

extension SheetEditor {
    // MARK: Editing a cell

    /// `Enter`/`i`: edits the cell under the cursor in place, starting from the text it shows.
    func beginEdit() {
        if workspace.userList != nil {
            // The app's cells are its own: which object and attribute a cell shows is its code's.
            message = EditorMessage(
                "error: the app's view controller shows the list; edit objects with ':set #ID KEY=VALUE'", isError: true
            )
            return
        }
        guard let path = cursor, let table = workspace.table else { return }
        let attributes = attributes
        guard column < attributes.count else { return }
        guard let text = table.cellForRow(at: path)?.columns[safe: column] else {
            message = EditorMessage("error: row \(path.section).\(path.row) has no cell to edit", isError: true)
            return
        }
        // A nil value shows as `nil`; editing it starts from an empty field, not from that word.
        let isNil = workspace.controller?.object(at: path)?[attributes[column].name].isNull == true
        mode = .editing(CellEdit(path: path, attribute: attributes[column].name, text: isNil ? "" : text))
        message = EditorMessage("editing \(attributes[column].name): Enter writes, Esc abandons")
    }

    /// A key while editing: line editing, `Enter` commits one `set`, `Esc` abandons. A bad value
    /// leaves the cell as it was and shows the REPL's error.
    func editCell(_ key: Key, _ edit: CellEdit) -> Bool {
        var edit = edit
        switch key {
        case .enter:
            mode = .browsing
            guard edit.field.string != edit.original else {
                message = nil
                return true
            }
            do {
                let type = attribute(named: edit.attribute)?.type
                run(try CommandLines.set(at: edit.path, key: edit.attribute, text: edit.field.string, type: type))
            } catch {
                // Not a value: nothing runs, and the error names no column of a line never seen.
                message = EditorMessage("error: \(Self.withoutColumn(error.description))", isError: true)
            }
        case .escape, .control("c"):
            mode = .browsing
            message = EditorMessage("edit abandoned")
        default:
            _ = edit.field.handle(key)
            mode = .editing(edit)
        }
        return true
    }

    func attribute(named name: String) -> Attribute? { attributes.first { $0.name == name } }

    // MARK: Inserting

    /// `o`: one `insert ENTITY at S.R` after the cursor's row — the section's key and the index
    /// attribute placed by the drag rules (docs/reorder.md), the other attributes their defaults —
    /// then edits the new row's first cell that is neither the section key nor the index attribute.
    func insertRow() {
        guard let controller = workspace.controller, let table = workspace.table else {
            message = EditorMessage("o: nothing is fetched; ':fetch ENTITY sort KEY index KEY' first", isError: true)
            return
        }
        let section = cursor?.section ?? 0
        guard section < table.numberOfSections || table.numberOfSections == 0 else { return }
        let destination = IndexPath(row: cursor.map { $0.row + 1 } ?? 0, section: section)
        let sectionKey = controller.fetchRequest.sectionNameKeyPath
        let entity = controller.fetchRequest.entityName
        // An empty list has no section to place the row in: the row goes in as the first
        // object, its section key unset (nil: the unnamed section) and its index key at 0.
        let insert: Command =
            table.numberOfSections == 0
            ? .insert(entity: entity, assignments: workspace.dataSource?.indexKey.map { [.init($0, .int(0))] } ?? [])
            : .insert(entity: entity, assignments: [], at: destination)
        let outcome = run(insert)
        guard outcome.errorMessage == nil else { return }
        guard let id = CommandLines.insertedID(outcome),
            let path = table.rowIdentifier(at: destination) == id
                ? destination : table.indexPath(forRowIdentifier: id)
        else { return }
        cursor = path
        let indexKey = workspace.dataSource?.indexKey
        column = attributes.firstIndex { $0.name != sectionKey && $0.name != indexKey } ?? 0
        scrollToCursor()
        beginEdit()
    }

    // MARK: The command line and search

    /// A key on the `:` line: editing, `Tab` completes as the REPL does, `Enter` runs the line.
    func commandLine(_ key: Key, _ field: LineEditor) -> Bool {
        var field = field
        switch key {
        case .enter:
            mode = .browsing
            let line = field.string
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
            remember(line)
            let outcome = run(line, isTyped: true)
            if outcome.quits { return false }
            if outcome.errorMessage == nil, !CommandLines.changesData(line) {
                let text = outcome.renderText(width: columns)
                if !text.isEmpty { pane = .output(text) }
            } else if outcome.errorMessage == nil {
                message = outcome.renderText(width: columns).first.map { EditorMessage($0) }
            }
            return true
        case .escape, .control("c"):
            mode = .browsing
            message = nil
            return true
        case .tab:
            complete(&field)
        case .up, .down:
            // The `:` lines typed before, newest first, as readline's history.
            if let recalled = recall(older: key == .up, current: field.string) { field = LineEditor(recalled) }
        default:
            _ = field.handle(key)
        }
        mode = .commandLine(field)
        return true
    }

    /// Completes the word before the cursor with the REPL's completer: one candidate is
    /// inserted, several are listed in the message line (their common prefix inserted).
    func complete(_ field: inout LineEditor) {
        let before = String(field.text[..<field.cursor])
        let word = String(before.reversed().prefix { !" =:,;".contains($0) }.reversed())
        let context = CompletionContext(
            schema: workspace.context.schema,
            fetchedEntity: workspace.controller?.fetchRequest.entityName,
            sectionCount: workspace.table?.numberOfSections ?? 0)
        let candidates = CommandCompleter(context: context).completions(line: before, word: word)
        guard let first = candidates.first else { return }
        if candidates.count == 1 {
            field.replaceWordBeforeCursor(length: word.count, with: first + (first.hasSuffix("=") ? "" : " "))
            message = nil
            return
        }
        let common = candidates.dropFirst().reduce(first) { prefix, next in
            String(zip(prefix, next).prefix { $0 == $1 }.map(\.0))
        }
        field.replaceWordBeforeCursor(length: word.count, with: common)
        // The message line holds the field itself: the candidates go to the output pane.
        pane = .output(
            CommandHelp.wrap(candidates.joined(separator: "  "), width: columns, firstPrefix: "", prefix: ""))
    }

    /// Adds a typed `:` line to the history (not a repeat of the last one) and resets recall.
    func remember(_ line: String) {
        if commandHistory.last != line { commandHistory.append(line) }
        if commandHistory.count > Self.historyCapacity { commandHistory.removeFirst() }
        historyPosition = nil
    }

    /// The history line before (`older`) or after the one recalled last; after the newest, the
    /// line being typed comes back. Nil when there is nothing further.
    func recall(older: Bool, current: String) -> String? {
        guard !commandHistory.isEmpty else { return nil }
        if historyPosition == nil {
            guard older else { return nil }
            draftLine = current
            historyPosition = commandHistory.count
        }
        let position = (historyPosition ?? commandHistory.count) + (older ? -1 : 1)
        if position < 0 { return nil }
        if position >= commandHistory.count {
            historyPosition = nil
            return draftLine
        }
        historyPosition = position
        return commandHistory[position]
    }

    /// A key in the `/` field: `Enter` finds the next row with a cell containing the text.
    func search(_ key: Key, _ field: LineEditor) -> Bool {
        var field = field
        switch key {
        case .enter:
            mode = .browsing
            lastSearch = field.string.isEmpty ? lastSearch : field.string
            searchNext()
        case .escape, .control("c"):
            mode = .browsing
            message = nil
        default:
            _ = field.handle(key)
            mode = .searching(field)
        }
        return true
    }

    /// Moves to the next row after the cursor (wrapping) whose object has a value containing the
    /// last query, ignoring case, and to that cell.
    /// - Complexity: O(n log n) at worst: a search reads the objects, not the cells.
    func searchNext() {
        guard let query = lastSearch?.lowercased(), !query.isEmpty, let table = workspace.table else { return }
        let layout = layout()
        guard let start = cursor ?? layout.firstRow else { return }
        var path = start
        repeat {
            path = layout.step(from: path, down: true) ?? layout.firstRow ?? start
            if let id = table.rowIdentifier(at: path), let object = workspace.context.object(with: ObjectID(id)),
                let index = object.values.firstIndex(where: { $0.description.lowercased().contains(query) })
            {
                cursor = path
                column = index
                message = EditorMessage("/\(query): found at \(path.section).\(path.row)")
                return
            }
        } while path != start
        message = EditorMessage("/\(query): not found", isError: true)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
