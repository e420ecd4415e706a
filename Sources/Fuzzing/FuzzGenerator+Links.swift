import ObjectGraph

/// The objects a user schema's relationships may point to when an edit is drawn: the fuzzed
/// entity's live objects, and each related entity's (`FuzzSchema.Related`).
struct LinkTargets {
    /// The fuzzed entity's live objects that the line has not deleted.
    var own: [FuzzSymbol]
    /// The live objects of each related entity, by entity name.
    var related: [String: [FuzzSymbol]]

    init(own: [FuzzSymbol], related: [String: [FuzzSymbol]]) {
        self.own = own
        self.related = related
    }

    /// The targets in `executor`'s workspace now: the fuzzed entity's objects at `live` (positions
    /// as `FuzzExecutor.liveIndexes()` gives them, without those the line deletes).
    init(_ executor: FuzzExecutor, live: [Int]) {
        own = live.map { executor.inserted(at: $0).symbol }
        related = [:]
        for entity in executor.schema?.related ?? [] { related[entity.entity] = executor.liveRelated(entity.entity) }
    }

    /// The objects `link` may point to.
    func candidates(for link: FuzzSchema.Link) -> [FuzzSymbol] {
        link.target.map { related[$0] ?? [] } ?? own
    }
}

/// The generator's draws for the relationships of a user's entity (docs/fuzzing.md,
/// "Relationships"): the related objects each session starts with, and the relationships of
/// inserts and of `set` edits.
extension FuzzGenerator {
    /// A few objects of each related entity, every attribute given a drawn value: the targets of
    /// the relationships to other entities, inserted by the setup's second line. Draws nothing
    /// when there are none.
    mutating func relatedSeed(_ schema: FuzzSchema) -> [FuzzEdit] {
        var edits: [FuzzEdit] = []
        let count = min(max(2, configuration.rows / 5), 8)
        for related in schema.related {
            for _ in 0..<count {
                var values = FuzzValues()
                for column in related.columns { values.setOther(draw(column), at: column.position) }
                edits.append(.insertRelated(FuzzSymbol(nextSymbol), entity: related.entity, values))
                nextSymbol += 1
            }
        }
        return edits
    }

    /// Gives an insert's relationships objects among `targets`: every required one, an optional
    /// one 60 % of the time.
    mutating func drawLinks(into values: inout FuzzValues, targets: LinkTargets) {
        for link in configuration.schema?.links ?? [] where !link.isOptional || chance(60) {
            let picks = drawLink(link, among: targets.candidates(for: link))
            // A required to-one with nothing to point to stays unset (nil is refused at once;
            // unset, the save's validation refuses it, an expected outcome).
            if picks.isEmpty, !link.isToMany, !link.isOptional { continue }
            values.setLink(picks, at: link.position)
        }
    }

    /// A `set` of one relationship of `symbol`'s object, to objects among `targets` other than
    /// itself; a set of a plain attribute when a required to-one has nothing to point to.
    mutating func linkSet(_ symbol: FuzzSymbol, targets: LinkTargets) -> FuzzEdit {
        guard let link = configuration.schema?.links.randomElement(using: &rng) else { return plainSet(symbol) }
        let candidates = targets.candidates(for: link).filter { $0 != symbol }
        let picks = drawLink(link, among: candidates)
        // A required to-one cannot be set to nil (the interpreter refuses the line).
        if picks.isEmpty, !link.isToMany, !link.isOptional { return plainSet(symbol) }
        var values = FuzzValues()
        values.setLink(picks, at: link.position)
        return .set(symbol, values)
    }

    /// The objects one relationship gets: a to-one one object (none — nil — 15 % of the time
    /// when optional); a to-many one `[]` 15 % of the time (an empty set counts as absent for
    /// `minCount`), else between its `minCount` (at least 1) and its `maxCount` (3 without one)
    /// distinct objects, as many as there are when fewer.
    mutating func drawLink(_ link: FuzzSchema.Link, among candidates: [FuzzSymbol]) -> [FuzzSymbol] {
        if link.isToMany {
            if candidates.isEmpty || chance(15) { return [] }
            let low = max(link.minCount, 1)
            let high = max(low, link.maxCount > 0 ? link.maxCount : 3)
            var pool = candidates
            var picks: [FuzzSymbol] = []
            for _ in 0..<min(Int.random(in: low...high, using: &rng), candidates.count) {
                picks.append(pool.remove(at: Int.random(in: pool.indices, using: &rng)))
            }
            return picks
        }
        if candidates.isEmpty || (link.isOptional && chance(15)) { return [] }
        return [candidates[Int.random(in: candidates.indices, using: &rng)]]
    }
}
