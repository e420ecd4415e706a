import Adapters
import ObjectGraph
import Testing

/// `RowPlacement` against orders computed by hand (docs/reorder.md): each case lists the section's
/// keys in the list's order with the dragged object left out, the slot it drops into, and the
/// keys the plan must write.
@Suite struct RowPlacementTests {
    private func plan(
        _ keys: [Value], slot: Int, _ strategy: ReorderStrategy, ascending: Bool = true,
        type: AttributeType = .int
    ) -> RowPlacement.Plan {
        RowPlacement.plan(
            count: keys.count, key: { keys[$0] }, slot: slot, strategy: strategy, ascending: ascending, type: type)
    }

    private func ints(_ values: Int...) -> [Value] { values.map(Value.int) }

    // MARK: Dense

    @Test func denseRenumbersTheRowsTheDropPasses() {
        // 0 1 2 3, dropped at 1: 0 [1] 2 3 4 — the three rows below the drop move down one.
        let result = plan(ints(0, 1, 2, 3), slot: 1, .dense)
        #expect(result.key == .int(1))
        #expect(
            result.rewrites == [
                .init(position: 1, key: .int(2)), .init(position: 2, key: .int(3)), .init(position: 3, key: .int(4)),
            ])
    }

    @Test func denseInADescendingListCountsDownFromTheTop() {
        // Shown 3 2 1 0, dropped between 2 and 1: shown 4 3 [2] 1 0.
        let result = plan(ints(3, 2, 1, 0), slot: 2, .dense, ascending: false)
        #expect(result.key == .int(2))
        #expect(result.rewrites == [.init(position: 0, key: .int(4)), .init(position: 1, key: .int(3))])
        // Dropped on top of 3 2 1 0: it takes 4, nothing else changes.
        #expect(plan(ints(3, 2, 1, 0), slot: 0, .dense, ascending: false) == .init(key: .int(4)))
    }

    @Test func denseWritesDoublesForADoubleAttribute() {
        let result = plan([.double(0), .double(1)], slot: 0, .dense, type: .double)
        #expect(result.key == .double(0))
        #expect(result.rewrites == [.init(position: 0, key: .double(1)), .init(position: 1, key: .double(2))])
    }

    // MARK: Sparse

    @Test func sparseTakesTheMidpointOrAGapAtAnEnd() {
        let keys = ints(0, 1_024, 2_048)
        #expect(plan(keys, slot: 1, .sparse) == .init(key: .int(512)))
        #expect(plan(keys, slot: 0, .sparse) == .init(key: .int(-1_024)))
        #expect(plan(keys, slot: 3, .sparse) == .init(key: .int(3_072)))
        #expect(plan([], slot: 0, .sparse) == .init(key: .int(0)))
    }

    @Test func sparseInADescendingListTakesTheMidpointTheOtherWay() {
        // Shown 2048 1024 0: dropped between 2048 and 1024 → 1536; on top → 3072.
        #expect(plan(ints(2_048, 1_024, 0), slot: 1, .sparse, ascending: false) == .init(key: .int(1_536)))
        #expect(plan(ints(2_048, 1_024, 0), slot: 0, .sparse, ascending: false) == .init(key: .int(3_072)))
    }

    @Test func sparseRespacesTheSmallestWindowWithRoom() {
        // 0 1000 1001 1002 5000, dropped between 1000 and 1001: no integer is free. The window of
        // two keys around the slot (1000, 1001) between 0 and 1002 holds three keys 1002/4 = 250 apart.
        let result = plan(ints(0, 1_000, 1_001, 1_002, 5_000), slot: 2, .sparse)
        #expect(result.key == .int(500))
        #expect(result.rewrites == [.init(position: 1, key: .int(250)), .init(position: 2, key: .int(750))])
    }

    @Test func sparseBreaksTiesAndNilsWithoutCreatingNewTies() {
        // 5 5 5, dropped after the first 5: the window (5, 5) below the third 5 is open at the
        // section's start, so its keys step down 1,024 apart from 5.
        let ties = plan(ints(5, 5, 5), slot: 1, .sparse)
        #expect(ties.key == .int(5 - 2_048))
        #expect(ties.rewrites == [.init(position: 0, key: .int(5 - 3_072)), .init(position: 1, key: .int(5 - 1_024))])
        // nil nil 3: nothing sorts below the second nil, so both nils get keys under 3.
        let nils = plan([.null, .null, .int(3)], slot: 1, .sparse)
        #expect(nils.key == .int(3 - 2_048))
        #expect(nils.rewrites == [.init(position: 0, key: .int(3 - 3_072)), .init(position: 1, key: .int(3 - 1_024))])
    }

    @Test func sparseSameSpotTenMidpointsThenOneRespacing() {
        // 0 1024 2048 3072, every drop between 1024 and the last dropped key: 1536, 1280, …,
        // 1025 (ten halvings of 1024), then 1024 and 1025 are adjacent: the window (1024, 1025)
        // between 0 and 1026 is respaced to 256, [512], 768 — three writes.
        var keys = ints(0, 1_024, 2_048, 3_072)
        var writes: [Int] = []
        for _ in 0..<11 {
            let result = plan(keys, slot: 2, .sparse)
            for rewrite in result.rewrites { keys[rewrite.position] = rewrite.key }
            keys.insert(result.key, at: 2)
            writes.append(1 + result.rewrites.count)
        }
        #expect(writes == Array(repeating: 1, count: 10) + [3])
        #expect(keys.prefix(5) == ints(0, 256, 512, 768, 1_026)[...])
    }

    // MARK: Fractional

    @Test func fractionalTakesTheMidpoint() {
        let keys: [Value] = [.double(1), .double(2)]
        #expect(plan(keys, slot: 1, .fractional, type: .double) == .init(key: .double(1.5)))
        #expect(plan(keys, slot: 0, .fractional, type: .double) == .init(key: .double(0)))
        #expect(plan(keys, slot: 2, .fractional, type: .double) == .init(key: .double(3)))
        // Shown descending 2.0 1.0: between them 1.5; on top 3.0.
        #expect(
            plan([.double(2), .double(1)], slot: 1, .fractional, ascending: false, type: .double)
                == .init(key: .double(1.5)))
        #expect(
            plan([.double(2), .double(1)], slot: 0, .fractional, ascending: false, type: .double)
                == .init(key: .double(3)))
    }

    @Test func fractionalSixtyDropsOnOneSpotRespaceOnceAtTheLimitOfDoubles() {
        // 0 1 2 3, every drop between 1.0 and the last dropped key: 1 + 2^-k is a double up to
        // k = 52, so 52 drops write one key each; the 53rd finds 1.0 and 1 + 2^-52 adjacent and
        // respaces the window (1.0, 1 + 2^-52) between 0 and 1 + 2^-51 to a quarter apart (three
        // writes); the seven drops after it take midpoints again.
        var keys: [Value] = [.double(0), .double(1), .double(2), .double(3)]
        var writes: [Int] = []
        for _ in 0..<60 {
            let result = plan(keys, slot: 2, .fractional, type: .double)
            for rewrite in result.rewrites { keys[rewrite.position] = rewrite.key }
            keys.insert(result.key, at: 2)
            writes.append(1 + result.rewrites.count)
        }
        #expect(writes == Array(repeating: 1, count: 52) + [3] + Array(repeating: 1, count: 7))
        let doubles = keys.compactMap { if case .double(let d) = $0 { d } else { nil } }
        #expect(doubles.count == 64)
        #expect(zip(doubles, doubles.dropFirst()).allSatisfy { $0 < $1 }, "keys must strictly increase: \(doubles)")
    }
}

/// `fractional` on a string attribute: base-62 keys (`0-9A-Za-z`), midpoints digit by digit.
@Suite struct StringKeyPlacementTests {
    private func plan(_ keys: [String], slot: Int) -> RowPlacement.Plan {
        RowPlacement.plan(
            count: keys.count, key: { .string(keys[$0]) }, slot: slot, strategy: .fractional, ascending: true,
            type: .string)
    }

    @Test func midpointsDigitByDigit() {
        // The digits 0…61; an empty list starts at the middle digit, 31 = 'V'.
        #expect(
            RowPlacement.plan(
                count: 0, key: { _ in .null }, slot: 0, strategy: .fractional, ascending: true, type: .string)
                == .init(key: .string("V")))
        // Above 'V' (31) toward 62: digit 47 = 'l'; below it toward 0: digit 16 = 'G'.
        #expect(plan(["V"], slot: 1) == .init(key: .string("l")))
        #expect(plan(["V"], slot: 0) == .init(key: .string("G")))
        // 'V' and 'W' are adjacent digits: one more digit, 'V' then the middle 'V'.
        #expect(plan(["V", "W"], slot: 1) == .init(key: .string("VV")))
        // Between "VV" and "W": 'V' then a digit above the second 'V' (31) toward 62: 'l'.
        #expect(plan(["VV", "W"], slot: 1) == .init(key: .string("Vl")))
    }

    @Test func sixtyDropsOnOneSpotGrowTheKeyByAboutOneDigitPerSix() {
        var keys = ["1", "2", "3"]
        for _ in 0..<60 {
            let result = plan(keys, slot: 1)
            #expect(result.rewrites.isEmpty)
            guard case .string(let key) = result.key else {
                Issue.record("not a string: \(result.key)")
                return
            }
            keys.insert(key, at: 1)
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "\(keys)")
        // A digit holds log2(62) ≈ 5.95 halvings: 60 halvings need about ten more digits.
        #expect(keys.map(\.count).max() ?? 0 <= 12, "\(keys)")
    }

    @Test func aKeyPastFortyEightDigitsRespacesTheWindow() {
        // Between "1" and "1" + 46 zeros + "1" the key would be "1" + 46 zeros + "0V": 49 digits.
        // The window ("1", long) below "2", open at the start, is spread by halving: the middle
        // key between nothing and "2" is "1", then "0V" below it and "1V" above it.
        let long = "1" + String(repeating: "0", count: 46) + "1"
        let result = plan(["1", long, "2"], slot: 1)
        #expect(
            result
                == .init(
                    key: .string("1"),
                    rewrites: [.init(position: 0, key: .string("0V")), .init(position: 1, key: .string("1V"))]))
    }
}
