#if canImport(Glibc)
import Glibc
#endif

/// Blocks of one size carved from 2 MB chunks that the kernel is asked to back with transparent
/// huge pages (`madvise(MADV_HUGEPAGE)`), for a large structure that is read at random: one TLB
/// entry then maps a chunk instead of 512, so a walk down a large tree misses the TLB far less.
///
/// A freed block goes to a free list and is handed out again before the chunk grows; chunks go
/// back to the system only when the pool is freed. Blocks are 64-byte aligned (a block starts
/// on a cache line). Where the kernel does not give huge pages (THP `never`, or not Linux), the
/// chunks are ordinary memory and everything else works the same.
///
/// Not thread-safe: one owner allocates and frees, as one tree's nodes are made and freed by
/// the tree's one user at a time.
/// - Complexity: O(1) per allocation and free (a chunk is mapped once per 2 MB of blocks).
public final class HugePageBlockPool {
    /// The size and alignment of a chunk: one huge page on x86-64 and arm64 Linux.
    package static let chunkBytes = 2 << 20
    /// The alignment of every block.
    public static let blockAlignment = 64

    /// The bytes of each block (the size asked for, rounded up to `blockAlignment`).
    package let blockBytes: Int
    /// The number of blocks handed out and not freed.
    package private(set) var liveBlocks = 0
    /// The number of chunks mapped.
    package var chunkCount: Int { chunks.count }

    private var chunks: [Chunk] = []
    /// The next unused block of the newest chunk, and the end of that chunk.
    private var next: UnsafeMutableRawPointer?
    private var end: UnsafeMutableRawPointer?
    /// Freed blocks, each holding the address of the next in its first word.
    private var freeList: UnsafeMutableRawPointer?

    private struct Chunk {
        let base: UnsafeMutableRawPointer
        /// Whether `base` came from `mmap` (else from the allocator).
        let isMapped: Bool
    }

    /// A pool of blocks of at least `blockBytes` bytes (at most a chunk).
    public init(blockBytes: Int) {
        precondition(blockBytes > 0 && blockBytes <= Self.chunkBytes, "a block is 1 byte to one chunk")
        self.blockBytes = (blockBytes + Self.blockAlignment - 1) / Self.blockAlignment * Self.blockAlignment
    }

    deinit {
        for chunk in chunks {
            if chunk.isMapped {
                #if canImport(Glibc)
                munmap(chunk.base, Self.chunkBytes)
                #endif
            } else {
                chunk.base.deallocate()
            }
        }
    }

    /// A block of `blockBytes` bytes, uninitialized.
    @inline(__always)
    public func allocate() -> UnsafeMutableRawPointer {
        liveBlocks += 1
        if let block = freeList {
            freeList = block.load(as: UnsafeMutableRawPointer?.self)
            return block
        }
        if let block = next, let end, block + blockBytes <= end {
            next = block + blockBytes
            return block
        }
        let chunk = Self.mapChunk()
        chunks.append(chunk)
        next = chunk.base + blockBytes
        end = chunk.base + Self.chunkBytes
        return chunk.base
    }

    /// Returns `block` (from this pool's `allocate`, its contents deinitialized) to the pool.
    @inline(__always)
    public func deallocate(_ block: UnsafeMutableRawPointer) {
        liveBlocks -= 1
        block.storeBytes(of: freeList, as: UnsafeMutableRawPointer?.self)
        freeList = block
    }

    /// A chunk aligned to its size: mapped with room to trim to the alignment, then advised.
    private static func mapChunk() -> Chunk {
        #if canImport(Glibc)
        let span = 2 * chunkBytes
        if let mapped = mmap(nil, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != UnsafeMutableRawPointer(bitPattern: -1)
        {
            let address = UInt(bitPattern: mapped)
            let aligned = (address + UInt(chunkBytes) - 1) & ~(UInt(chunkBytes) - 1)
            let head = Int(aligned - address)
            let tail = span - head - chunkBytes
            if head > 0 { munmap(mapped, head) }
            let base = mapped + head
            if tail > 0 { munmap(base + chunkBytes, tail) }
            // A hint: refused (THP off), the chunk is ordinary pages.
            _ = madvise(base, chunkBytes, Int32(MADV_HUGEPAGE))
            return Chunk(base: base, isMapped: true)
        }
        #endif
        return Chunk(base: .allocate(byteCount: chunkBytes, alignment: 4_096), isMapped: false)
    }
}

/// Asking the kernel for transparent huge pages on memory the caller already owns.
public enum HugePages {
    /// Advises `MADV_HUGEPAGE` on the 2 MB-aligned part of `start ..< start + byteCount`, so that
    /// pages first touched there afterwards come as huge pages. A hint: it changes no content,
    /// and it does nothing for a range holding no whole 2 MB page or where THP is off.
    public static func advise(_ start: UnsafeRawPointer, byteCount: Int) {
        #if canImport(Glibc)
        let size = UInt(HugePageBlockPool.chunkBytes)
        let first = (UInt(bitPattern: start) + size - 1) & ~(size - 1)
        let last = (UInt(bitPattern: start) + UInt(max(byteCount, 0))) & ~(size - 1)
        guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, Int(last - first), Int32(MADV_HUGEPAGE))
        #endif
    }
}
