extension CommandSpec {
    /// What may come next in a command whose argument words so far are known: a literal word,
    /// an `option`, or a value of a kind (with the words of it read so far, for a value of
    /// several words such as a predicate).
    package struct Expectation: Hashable, Sendable {
        /// A `.word`, `.option` or `.value` element.
        package var element: Element
        /// The words of a several-word value read so far (empty when it starts with the next word).
        package var partial: [String]
        /// The entity the command names before this point (`insert Note …`), if any.
        package var entity: String?
    }

    /// What the word after `words` (the arguments after the keyword) may be, by every form
    /// that `words` fits. Words are matched loosely, so completion follows a line being typed: a
    /// value accepts any word but a flag (`--…`), written `key=value` exactly when its kind is.
    ///
    /// - Complexity: O(forms × words × clauses) for the forms of the language.
    package func expectations(after words: [String]) -> [Expectation] {
        var found: [Expectation] = []
        for form in forms {
            Self.expect(form[...], words[...], Context(), into: &found)
        }
        var seen: Set<Expectation> = []
        return found.filter { seen.insert($0).inserted }
    }

    private struct Context {
        var entity: String?
        /// Clause keywords: a several-word value ends before one.
        var stopWords: Set<String> = []
    }

    private static func expect(
        _ elements: ArraySlice<Element>, _ words: ArraySlice<String>, _ context: Context,
        into found: inout [Expectation]
    ) {
        guard let head = elements.first else { return }
        let rest = elements.dropFirst()
        switch head {
        case .word(let word):
            guard let first = words.first else {
                return found.append(Expectation(element: head, partial: [], entity: context.entity))
            }
            if first == word { expect(rest, words.dropFirst(), context, into: &found) }
        case .option(let key, _):
            guard let first = words.first else {
                return found.append(Expectation(element: head, partial: [], entity: context.entity))
            }
            if first.hasPrefix(key + "=") { expect(rest, words.dropFirst(), context, into: &found) }
        case .value(let kind, _) where kind.isMultiWord:
            // Read one word or more, up to a clause keyword; then either go on reading or end.
            for count in 0...words.count {
                if count > 0, context.stopWords.contains(words[words.startIndex + count - 1]) { break }
                let read = Array(words.prefix(count))
                if count == words.count {
                    found.append(Expectation(element: head, partial: read, entity: context.entity))
                }
                if count > 0, read.last?.hasSuffix(",") != true {
                    expect(rest, words.dropFirst(count), context, into: &found)
                }
            }
        case .value(let kind, _):
            guard let first = words.first else {
                return found.append(Expectation(element: head, partial: [], entity: context.entity))
            }
            // A flag (`--unflagged`) is never a value.
            guard first.contains("=") == kind.isWrittenWithEquals, !first.hasPrefix("--") else { return }
            var next = context
            if kind == .entity { next.entity = first }
            expect(rest, words.dropFirst(), next, into: &found)
        case .optional(let parts), .hidden(let parts):
            expect(parts[...] + rest, words, context, into: &found)
            expect(rest, words, context, into: &found)
        case .sequence(let parts):
            expect(parts[...] + rest, words, context, into: &found)
        case .choice(let alternatives):
            for alternative in alternatives { expect([alternative] + rest, words, context, into: &found) }
        case .repeating(let part):
            expect([part, .optional([.repeating(part)])] + rest, words, context, into: &found)
        case .clauses(let clauses):
            var inner = context
            inner.stopWords.formUnion(clauses.map(\.keyword))
            expect(rest, words, context, into: &found)
            for (index, clause) in clauses.enumerated() {
                var others = clauses
                others.remove(at: index)
                let parts = [Element.word(clause.keyword)] + clause.elements + [.clauses(others)]
                expect(parts[...] + rest, words, inner, into: &found)
            }
        }
    }
}

extension CommandSpec.ValueKind {
    /// Whether a value of this kind is written `key=value`.
    var isWrittenWithEquals: Bool {
        self == .assignment || self == .adapterOption || self == .relationshipOption
    }
}
