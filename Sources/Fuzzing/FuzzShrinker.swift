import Foundation
import ObjectGraph

/// Shrinks a failing session to a short one that still fails the same way.
///
/// Every candidate is run from scratch (`FuzzExecutor`, no text); it is kept when its first
/// failure has the same kind as the original one. Kept candidates are cut after that failure and
/// stripped of what did not run. The passes, repeated until none changes anything:
/// 1. keep only the setup and the last 1, 2, 4, … batches (failures usually need few, recent ones);
/// 2. drop lines, delta-debugging style: chunks of half the lines, a quarter, …, single lines;
/// 3. drop edits within lines (the initial rows too), in chunks then singly, and fields of `set`;
/// 4. merge adjacent edit lines into one (at most 10 edits), one change event instead of two;
/// 5. simplify values: titles to the object's own short name (`a`, `b`, … — distinct, so the
///    failure's message tells rows apart), groups toward `A`, orders toward 0, `hidden` to false.
/// Deterministic: the same session and kind always give the same result.
package struct FuzzShrinker {
    package let kind: FuzzFailure.Kind
    /// Candidates run so far.
    package private(set) var tries = 0
    /// A bound on candidates, so shrinking always ends in reasonable time.
    package var maximumTries = 20_000
    /// Whether candidates run with the fuzzer's deliberately broken renumbering (its self-test).
    package var breaksRenumbering = false
    /// The user's entity the session fuzzes, if not the built-in `Item`.
    package var schema: FuzzSchema?

    package init(kind: FuzzFailure.Kind) {
        self.kind = kind
    }

    /// The shortest session found that fails with `kind`; `session` itself if it does not.
    /// - Complexity: every candidate replays the session from scratch; a pass over n lines tries
    ///   O(n log n) candidates in the worst case, usually far fewer since the tail pass cuts first.
    package mutating func shrink(_ session: FuzzSession) -> FuzzSession {
        guard var current = reproduces(session) else { return session }
        for _ in 0..<8 {
            let before = current
            current = keepLastBatches(current)
            current = dropLines(current)
            current = dropEdits(current)
            current = mergeLines(current)
            current = simplifyValues(current)
            if current == before || tries >= maximumTries { break }
        }
        return current
    }

    /// `session` cut after its first failure, with only what ran, if that failure is of `kind`.
    mutating func reproduces(_ session: FuzzSession) -> FuzzSession? {
        guard tries < maximumTries,
            let executor = try? FuzzExecutor(breaksRenumbering: breaksRenumbering, schema: schema)
        else { return nil }
        tries += 1
        var kept: [FuzzLine] = []
        for line in session.lines {
            let step = executor.run(line)
            if step.inputError != nil { return nil }
            guard let ran = step.line else { continue }
            kept.append(ran)
            if let failure = step.failure {
                return failure.kind == kind ? FuzzSession(lines: kept) : nil
            }
        }
        return nil
    }

    // MARK: Passes

    /// Pass 1: the setup and the shortest tail of batches that still fails, tried 1, 2, 4, … long.
    private mutating func keepLastBatches(_ session: FuzzSession) -> FuzzSession {
        let batches = session.lines.indices.filter { session.lines[$0].isBatch && $0 > setupEnd(session) }
        var count = 1
        while count < batches.count {
            let dropped = Set(batches.dropLast(count))
            let candidate = FuzzSession(
                lines: session.lines.indices.filter { !dropped.contains($0) }.map { session.lines[$0] })
            if let reduced = reproduces(candidate) { return reduced }
            count *= 2
        }
        return session
    }

    /// The index of the `fetch` line: the initial rows come before it, the batches after.
    private func setupEnd(_ session: FuzzSession) -> Int {
        session.lines.firstIndex {
            if case .command(let text, _) = $0 { return text.hasPrefix("fetch ") }
            return false
        } ?? 0
    }

    /// Pass 2: delta debugging over the lines that may go.
    private mutating func dropLines(_ session: FuzzSession) -> FuzzSession {
        var current = session
        var chunk = max(1, droppable(current).count / 2)
        while true {
            var start = 0
            while start < droppable(current).count {
                let indices = droppable(current)
                let removed = Set(indices[start..<min(start + chunk, indices.count)])
                let candidate = FuzzSession(
                    lines: current.lines.indices.filter { !removed.contains($0) }.map { current.lines[$0] })
                if let reduced = reproduces(candidate) { current = reduced } else { start += chunk }
            }
            if chunk == 1 { return current }
            chunk = max(1, chunk / 2)
        }
    }

    private func droppable(_ session: FuzzSession) -> [Int] {
        session.lines.indices.filter {
            if case .command(_, true) = session.lines[$0] { return false }
            return true
        }
    }

    /// Pass 3: delta debugging over the edits of each line, then the fields of each `set`.
    private mutating func dropEdits(_ session: FuzzSession) -> FuzzSession {
        var current = session
        for index in current.lines.indices {
            if case .edits(let edits)? = current.lines[safe: index], edits.count > 1 {
                var chunk = edits.count / 2
                while true {
                    var start = 0
                    while case .edits(let edits)? = current.lines[safe: index], edits.count > 1, start < edits.count {
                        var fewer = edits
                        fewer.removeSubrange(start..<min(start + chunk, edits.count))
                        if let reduced = replacing(index, with: .edits(fewer), in: current) {
                            current = reduced
                        } else {
                            start += chunk
                        }
                    }
                    if chunk == 1 { break }
                    chunk = max(1, chunk / 2)
                }
            }
            current = dropFields(current, line: index)
        }
        return current
    }

    /// Pass 4: adjacent edit lines as one line (one change event), up to 10 edits.
    private mutating func mergeLines(_ session: FuzzSession) -> FuzzSession {
        var current = session
        var index = 0
        while index + 1 < current.lines.count {
            if case .edits(let first) = current.lines[index], case .edits(let second) = current.lines[index + 1],
                first.count + second.count <= 10
            {
                var candidate = current
                candidate.lines[index] = .edits(first + second)
                candidate.lines.remove(at: index + 1)
                if let reduced = reproduces(candidate) {
                    current = reduced
                    continue
                }
            }
            index += 1
        }
        return current
    }

    /// Drops single fields of the `set` edits of line `index`.
    private mutating func dropFields(_ session: FuzzSession, line index: Int) -> FuzzSession {
        var current = session
        var position = 0
        while case .edits(let edits)? = current.lines[safe: index], position < edits.count {
            if case .set(let symbol, let values) = edits[position], values.count > 1 {
                for field in values.fields {
                    guard case .edits(var edits)? = current.lines[safe: index],
                        case .set(_, var values) = edits[position]
                    else { break }
                    values[field] = nil
                    edits[position] = .set(symbol, values)
                    if let reduced = replacing(index, with: .edits(edits), in: current) { current = reduced }
                }
                for other in values.others {
                    guard case .edits(var edits)? = current.lines[safe: index],
                        case .set(_, var values) = edits[position], values.count > 1
                    else { break }
                    values.setOther(nil, at: other.position)
                    edits[position] = .set(symbol, values)
                    if let reduced = replacing(index, with: .edits(edits), in: current) { current = reduced }
                }
                for link in values.links {
                    guard case .edits(var edits)? = current.lines[safe: index],
                        case .set(_, var values) = edits[position], values.count > 1
                    else { break }
                    values.setLink(nil, at: link.position)
                    edits[position] = .set(symbol, values)
                    if let reduced = replacing(index, with: .edits(edits), in: current) { current = reduced }
                }
            }
            position += 1
        }
        return current
    }

    /// Pass 5: each value of each insert and set, replaced by the first simpler one that still fails.
    private mutating func simplifyValues(_ session: FuzzSession) -> FuzzSession {
        var current = session
        for index in current.lines.indices {
            var position = 0
            while case .edits(let edits)? = current.lines[safe: index], position < edits.count {
                let values: FuzzValues
                let symbol: FuzzSymbol
                switch edits[position] {
                case .insert(let s, let v), .set(let s, let v): (symbol, values) = (s, v)
                // A related object's values are not the list's: they stay as drawn.
                case .delete(let s), .insertRelated(let s, _, _): (symbol, values) = (s, [:])
                }
                for field in values.fields {
                    for candidate in simpler(field, than: values[field] ?? .null, for: symbol) {
                        guard case .edits(var edits)? = current.lines[safe: index] else { break }
                        switch edits[position] {
                        case .insert(let symbol, var v):
                            v[field] = candidate
                            edits[position] = .insert(symbol, v)
                        case .set(let symbol, var v):
                            v[field] = candidate
                            edits[position] = .set(symbol, v)
                        case .delete, .insertRelated: break
                        }
                        if let reduced = replacing(index, with: .edits(edits), in: current) {
                            current = reduced
                            break
                        }
                    }
                }
                current = simplifyLinks(current, line: index, edit: position, values.links)
                for other in values.others {
                    for candidate in simpler(other: other, for: symbol) {
                        guard case .edits(var edits)? = current.lines[safe: index] else { break }
                        switch edits[position] {
                        case .insert(let symbol, var v):
                            v.setOther(candidate, at: other.position)
                            edits[position] = .insert(symbol, v)
                        case .set(let symbol, var v):
                            v.setOther(candidate, at: other.position)
                            edits[position] = .set(symbol, v)
                        case .delete, .insertRelated: break
                        }
                        if let reduced = replacing(index, with: .edits(edits), in: current) {
                            current = reduced
                            break
                        }
                    }
                }
                position += 1
            }
        }
        return current
    }

    /// The relationships of edit `position` of line `index`, each replaced by the first simpler
    /// value that still fails: unset (an insert's only), nil or `[]` when allowed, then a to-many
    /// list's first object alone.
    private mutating func simplifyLinks(
        _ session: FuzzSession, line index: Int, edit position: Int, _ links: [FuzzLinkValue]
    ) -> FuzzSession {
        var current = session
        for link in links {
            guard let relationship = schema?.link(at: link.position) else { continue }
            var candidates: [[FuzzSymbol]?] = []
            if case .edits(let edits)? = current.lines[safe: index], case .insert = edits[safe: position] {
                candidates.append(nil)
            }
            if !link.targets.isEmpty, relationship.isToMany || relationship.isOptional { candidates.append([]) }
            if link.targets.count > 1 { candidates.append([link.targets[0]]) }
            for candidate in candidates {
                guard case .edits(var edits)? = current.lines[safe: index] else { break }
                switch edits[safe: position] {
                case .insert(let symbol, var v)?:
                    v.setLink(candidate, at: link.position)
                    edits[position] = .insert(symbol, v)
                case .set(let symbol, var v)?:
                    v.setLink(candidate, at: link.position)
                    edits[position] = .set(symbol, v)
                default: continue
                }
                if let reduced = replacing(index, with: .edits(edits), in: current) {
                    current = reduced
                    break
                }
            }
        }
        return current
    }

    /// Simpler values for `field` than `value` of `symbol`'s object, simplest first.
    private func simpler(_ field: FuzzField, than value: Value, for symbol: FuzzSymbol) -> [Value] {
        var values = [field.simplest(for: symbol)]
        if let schema, field == .group {
            // Toward the first of the user schema's section values.
            return Array(schema.sectionValues.prefix { $0 != value })
        }
        switch (field, value) {
        case (.order, .int(let n)) where n > 1:
            values += [.int(n / 2), .int(n - 1)]
        case (.group, .string(let name)):
            values += (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }.filter { $0 < name }.map(Value.string)
        default:
            break
        }
        var seen: Set<Value> = [value]
        return values.filter { seen.insert($0).inserted }
    }

    /// Simpler values for a user schema's attribute than `other`'s, simplest first: nil when it
    /// is optional, then its type's plainest value (the object's own short name for a string,
    /// so that rows stay apart), then half the number.
    private func simpler(other: FuzzOtherValue, for symbol: FuzzSymbol) -> [Value] {
        // Nil is the simplest value: nothing replaces it (the plainest value would undo it).
        guard !other.value.isNull, let column = schema?.column(at: other.position) else { return [] }
        var values: [Value] = column.isOptional ? [.null] : []
        switch column.type {
        case .int:
            values.append(.int(0))
            if case .int(let n) = other.value, abs(n) > 1 { values.append(.int(n / 2)) }
        case .double:
            values.append(.double(0))
            if case .double(let n) = other.value, abs(n) > 1 { values.append(.double((n / 2).rounded())) }
        case .bool: values.append(.bool(false))
        case .date: values.append(.date(Date(timeIntervalSinceReferenceDate: 0)))
        case .string where column.modelType == .string: values.append(.string(FuzzField.shortName(symbol.rawValue)))
        default: break
        }
        var seen: Set<Value> = [other.value]
        return values.filter { seen.insert($0).inserted }
    }

    /// `session` with line `index` replaced, shrunk, if it still fails the same way.
    private mutating func replacing(_ index: Int, with line: FuzzLine, in session: FuzzSession) -> FuzzSession? {
        var candidate = session
        candidate.lines[index] = line
        return reproduces(candidate)
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
