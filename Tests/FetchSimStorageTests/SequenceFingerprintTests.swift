import FetchSimCore
import FetchSimStorage
import Testing

/// The fingerprint followed one edit at a time must equal the fingerprint recomputed from scratch.
@Suite struct SequenceFingerprintTests {
    @Test func editsAgreeWithRecomputation() {
        var rng = SeededGenerator(seed: 71)
        var ids: [Int] = []
        var fingerprint = SequenceFingerprint()
        var nextID = 1
        for step in 0..<20_000 {
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 4 || ids.isEmpty {
                let at = Int.random(in: 0...ids.count, using: &rng)
                fingerprint.insert(nextID, after: at > 0 ? ids[at - 1] : nil, before: at < ids.count ? ids[at] : nil)
                ids.insert(nextID, at: at)
                nextID += 1
            } else if roll < 8 {
                let at = Int.random(in: 0..<ids.count, using: &rng)
                let id = ids.remove(at: at)
                fingerprint.remove(id, after: at > 0 ? ids[at - 1] : nil, before: at < ids.count ? ids[at] : nil)
            } else {
                let at = Int.random(in: 0..<ids.count, using: &rng)
                let new = Int.random(in: 1...nextID, using: &rng)  // repeats allowed, as in a broken table
                fingerprint.replace(
                    ids[at], with: new, after: at > 0 ? ids[at - 1] : nil,
                    before: at + 1 < ids.count ? ids[at + 1] : nil)
                ids[at] = new
            }
            if step % 97 == 0 {
                #expect(fingerprint == SequenceFingerprint(ids), "step \(step)")
            }
        }
        #expect(fingerprint == SequenceFingerprint(ids))
    }

    @Test func orderMatters() {
        let base = Array(1...50)
        var rng = SeededGenerator(seed: 5)
        var seen: Set<SequenceFingerprint> = [SequenceFingerprint(base)]
        for _ in 0..<500 {
            let permutation = base.shuffled(using: &rng)
            guard permutation != base else { continue }
            #expect(SequenceFingerprint(permutation) != SequenceFingerprint(base))
            seen.insert(SequenceFingerprint(permutation))
        }
        #expect(seen.count > 450)
        #expect(SequenceFingerprint([1, 2]) != SequenceFingerprint([2, 1]))
        #expect(SequenceFingerprint([]) == SequenceFingerprint())
        #expect(SequenceFingerprint([7]) != SequenceFingerprint([7, 7]))
    }

    /// The builder (one pair hash per append) gives what inserting each identifier at the end
    /// gives (three per insertion), for the empty sequence too.
    @Test func builderMatchesAppendingByInsertion() {
        var rng = SeededGenerator(seed: 9)
        var builder = SequenceFingerprint.Builder()
        var inserted = SequenceFingerprint()
        var previous: Int?
        #expect(builder.fingerprint == SequenceFingerprint())
        for _ in 0..<200 {
            let id = Int.random(in: -1_000...1_000_000, using: &rng)
            builder.append(id)
            inserted.insert(id, after: previous, before: nil)
            previous = id
            #expect(builder.fingerprint == inserted)
        }
    }
}
