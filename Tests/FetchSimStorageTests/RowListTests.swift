import FetchSimCore
import Testing

@testable import FetchSimStorage

/// The counted B+ tree of rows against a plain array, and its invariant check against
/// structures broken by hand.
@Suite struct RowListTests {
    @Test(arguments: [0, 1, 95, 96, 97, 5_000])
    func bulkLoadKeepsTheRows(size: Int) {
        let rows = Array(0..<size)
        let list = RowList(rows)
        list.checkInvariants()
        #expect(list.invariantViolation() == nil)
        #expect(list.rows == rows)
        #expect(list.count == size)
        for probe in [0, size / 2, size - 1] where probe >= 0 && probe < size {
            #expect(list[probe] == rows[probe])
        }
    }

    @Test func randomOperationsAgreeWithAnArray() {
        var rng = SeededGenerator(seed: 1_234)
        let list = RowList(Array(0..<300))
        var model = Array(0..<300)
        var next = 300
        for step in 0..<40_000 {
            let roll = Int.random(in: 0..<10, using: &rng)
            // Drift in size so that leaves split, empty and merge.
            let growing = (step / 5_000) % 2 == 0
            if roll < (growing ? 5 : 3) || model.isEmpty {
                let at = Int.random(in: 0...model.count, using: &rng)
                list.insert(next, at: at)
                model.insert(next, at: at)
                next += 1
            } else if roll < 8 {
                let at = Int.random(in: 0..<model.count, using: &rng)
                #expect(list.remove(at: at) == model.remove(at: at), "step \(step)")
            } else {
                let at = Int.random(in: 0..<model.count, using: &rng)
                list[at] = -step
                model[at] = -step
            }
            #expect(list.count == model.count)
            if step % 499 == 0 {
                #expect(list.invariantViolation() == nil, "step \(step)")
                #expect(list.rows == model, "step \(step)")
                let from = Int.random(in: 0...model.count, using: &rng)
                var seen: [Int] = []
                list.forEach(from: from) { row in
                    seen.append(row)
                    return seen.count < 7
                }
                #expect(seen == Array(model[from..<min(from + 7, model.count)]))
                // The same walk a leaf's run at a time: every run in order, stopped after 150 rows.
                var runs: [Int] = []
                list.forEachRun(from: from) { run in
                    for i in run.indices { runs.append(run[i]) }
                    return runs.count < 150
                }
                let expected = Array(model[from...])
                let leafLimit = RowList<Int>.leafCapacity
                #expect(runs.count >= min(150, expected.count) && runs.count < 150 + leafLimit, "step \(step)")
                #expect(runs == Array(expected.prefix(runs.count)), "step \(step)")
            }
        }
        #expect(list.rows == model)
    }

    @Test func removingEverythingLeavesAnEmptyValidList() {
        let list = RowList(Array(0..<1_000))
        var rng = SeededGenerator(seed: 3)
        while list.count > 0 { list.remove(at: Int.random(in: 0..<list.count, using: &rng)) }
        #expect(list.invariantViolation() == nil && list.rows.isEmpty)
        list.insert(7, at: 0)
        #expect(list.rows == [7])
    }

    /// A list of 1,000 rows: an inner root over leaves of 96 (three quarters of 128).
    static func sample() -> RowList<Int> { RowList(Array(0..<1_000)) }

    /// Each way of breaking the tree is named by the check, written here from the tree's rules
    /// (a count per child, the child's rows; no node over capacity; no empty child; the list's
    /// count the leaves' total), not read from the check's code.
    @Test func brokenStructuresAreNamed() {
        let stale = Self.sample()
        stale.root.counts[1] += 1
        #expect(stale.invariantViolation() == "stale count")

        let misaligned = Self.sample()
        misaligned.root.counts.append(0)
        #expect(misaligned.invariantViolation() == "inner node arrays misaligned")

        let overfull = Self.sample()
        overfull.root.children[0].rows += Array(repeating: 0, count: 40)
        overfull.root.counts[0] += 40
        overfull.storedCount += 40
        #expect(overfull.invariantViolation() == "leaf over capacity")

        let emptyChild = Self.sample()
        emptyChild.root.counts[2] = 0
        emptyChild.storedCount -= emptyChild.root.children[2].rows.count
        emptyChild.root.children[2].rows = []
        #expect(emptyChild.invariantViolation() == "empty child kept")

        let miscounted = Self.sample()
        miscounted.storedCount = 999
        #expect(miscounted.invariantViolation() == "list counts 999 but nodes hold 1000")
    }

    /// `checkInvariants()` stops the program on a broken tree, and in this build (debug, as the
    /// tests run) every mutation runs it: an insert into a list with a stale count stops.
    @Test func aBrokenTreeStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let list = RowListTests.sample()
            list.root.counts[0] -= 1
            list.checkInvariants()
        }
        await #expect(processExitsWith: .failure) {
            let list = RowListTests.sample()
            list.root.counts[3] += 2
            list.insert(5, at: 900)
        }
        await #expect(processExitsWith: .success) {
            let list = RowListTests.sample()
            list.insert(5, at: 900)
            list.remove(at: 3)
            list.checkInvariants()
        }
    }
}
