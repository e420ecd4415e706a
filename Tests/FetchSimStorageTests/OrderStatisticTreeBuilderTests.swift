import Testing

@testable import FetchSimStorage

/// The parts the linear change path's walk is made of, checked by hand: the tree builder that
/// takes entries one at a time and in runs. (The marks that find runs of untouched objects are an
/// `ObjectIDSet`: `ObjectIDSetTests`.)
@Suite struct LinearWalkPartsTests {
    @Test(arguments: [0, 1, 23, 24, 25, 500, 5_000])
    func theBuilderGivesTheElementsInLeavesOfThreeQuarters(count: Int) {
        // Expected count 1 forces the buffer to grow; runs of 1 to 13 alternate with single appends.
        var builder = OrderStatisticTree<IntOrdering>.Builder(expectedCount: 1)
        let values = (0..<count).map { $0 * 3 }
        var next = 0
        var run = 1
        while next < values.count {
            let end = min(next + run, values.count)
            builder.append(contentsOf: values[next..<end].span)
            next = end
            if next < values.count {
                builder.append(values[next])
                next += 1
            }
            run = run % 13 + 1
        }
        #expect(builder.count == count)
        let tree = builder.finish(ordering: IntOrdering())
        #expect(tree.invariantViolation() == nil)
        #expect(tree.elements == values)
        #expect(tree.count == count)
        // 24 per leaf (¾ of 32), the last one holding the rest; an empty tree is one empty leaf.
        #expect(
            tree.leaves.map(\.elements.count)
                == (count == 0 ? [0] : Array(repeating: 24, count: (count - 1) / 24) + [(count - 1) % 24 + 1]))
        #expect(builder.count == 0)
    }

    @Test func finishingReusesTheLeavesNothingElseHolds() {
        // An old tree of 100 elements: four leaves of 24 and one of 4.
        var first = OrderStatisticTree<IntOrdering>.Builder(expectedCount: 100)
        for value in 0..<100 { first.append(value) }
        var old: OrderStatisticTree<IntOrdering>? = first.finish(ordering: IntOrdering())
        var spare = old?.leaves ?? []
        #expect(spare.map(\.elements.count) == [24, 24, 24, 24, 4])
        let held = spare[1]  // something else still references the middle leaf
        old = nil
        var second = OrderStatisticTree<IntOrdering>.Builder(expectedCount: 120)
        let values = (0..<120).map { 1_000 - $0 * 2 }.reversed().map { $0 }
        second.append(contentsOf: values.span)
        let tree = second.finish(ordering: IntOrdering(), reusing: &spare)
        #expect(tree.invariantViolation() == nil)
        #expect(tree.elements == values)
        let leaves = tree.leaves
        #expect(leaves.map(\.elements.count) == [24, 24, 24, 24, 24])
        // The first spare leaf is filled again; the held one is not touched and a new leaf takes
        // its place; the third to fifth new leaves take the third to fifth spares.
        #expect(leaves[0] === spare[0] && leaves[1] !== held)
        #expect(leaves[2] === spare[2] && leaves[3] === spare[3] && leaves[4] === spare[4])
        #expect(held.elements == Array(24..<48))
    }
}
