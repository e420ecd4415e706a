import FetchSimStorage
import Testing

@Suite struct HugePageBlockPoolTests {
    @Test func blocksAreRoundedToCacheLinesAndLaidOutWithoutOverlap() {
        let pool = HugePageBlockPool(blockBytes: 2_096)
        #expect(pool.blockBytes == 2_112)  // 33 lines of 64 bytes
        var addresses: [UInt] = []
        for _ in 0..<100 { addresses.append(UInt(bitPattern: pool.allocate())) }
        #expect(pool.liveBlocks == 100)
        #expect(addresses.allSatisfy { $0 % 64 == 0 })
        let sorted = addresses.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(b - a >= 2_112) }
        for address in addresses { pool.deallocate(UnsafeMutableRawPointer(bitPattern: address)!) }
        #expect(pool.liveBlocks == 0)
    }

    @Test func aChunkHoldsAsManyBlocksAsFitInTwoMegabytesThenANewOneIsMapped() {
        let pool = HugePageBlockPool(blockBytes: 1_000)  // 1,024 bytes: 2,048 per chunk
        var first: [UnsafeMutableRawPointer] = []
        for _ in 0..<2_048 { first.append(pool.allocate()) }
        #expect(pool.chunkCount == 1)
        let base = UInt(bitPattern: first[0])
        #expect(base % UInt(HugePageBlockPool.chunkBytes) == 0)  // chunks are 2 MB aligned
        #expect(UInt(bitPattern: first[2_047]) == base + 2_047 * 1_024)
        _ = pool.allocate()
        #expect(pool.chunkCount == 2)
    }

    @Test func freedBlocksAreHandedOutAgainBeforeTheChunkGrows() {
        let pool = HugePageBlockPool(blockBytes: 64)
        let a = pool.allocate()
        let b = pool.allocate()
        let c = pool.allocate()
        pool.deallocate(b)
        pool.deallocate(a)
        // Last freed, first reused; then the bump pointer continues after c.
        #expect(pool.allocate() == a)
        #expect(pool.allocate() == b)
        #expect(pool.allocate() == c + 64)
        #expect(pool.liveBlocks == 4)
    }

    @Test func blocksKeepWhatIsWrittenInThem() {
        let pool = HugePageBlockPool(blockBytes: 24)
        let blocks = (0..<5_000).map { _ in pool.allocate() }
        for (i, block) in blocks.enumerated() { block.storeBytes(of: i &* 7_919, as: Int.self) }
        for i in stride(from: 0, to: 5_000, by: 2) { pool.deallocate(blocks[i]) }
        let again = (0..<2_500).map { _ in pool.allocate() }
        for block in again { block.storeBytes(of: -1, as: Int.self) }
        for i in stride(from: 1, to: 5_000, by: 2) { #expect(blocks[i].load(as: Int.self) == i &* 7_919) }
    }

    @Test func adviceOnARangeWithoutAWholeHugePageChangesNothing() {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 4_096, alignment: 64)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 4_096)
        HugePages.advise(bytes, byteCount: 4_096)
        #expect(bytes.bindMemory(to: UInt8.self, capacity: 4_096)[4_095] == 0xAB)
    }
}
