import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory readings for the benchmark: a monotonic clock, medians, resident memory.
enum BenchClock {
    /// Runs `body` and returns how long it took, in milliseconds, on the monotonic clock.
    @inline(__always)
    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return milliseconds(start.duration(to: clock.now))
    }

    /// Runs `body` and returns its wall time and the process's CPU time, in milliseconds. On a
    /// shared host the CPU time is the steadier figure: waiting for a core does not count.
    static func wallAndCPUMilliseconds(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let cpuStart = processCPUMilliseconds()
        let wall = try milliseconds(body)
        return (wall, processCPUMilliseconds() - cpuStart)
    }

    /// CPU time used by this process so far (all threads), in milliseconds.
    static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1e6
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The median of `samples` (the mean of the middle two for an even count); 0 when empty.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The process's resident memory in bytes, from `/proc/self/statm`, after handing freed heap
    /// pages back to the system so that the reading counts live data; nil where unavailable.
    static func residentBytes() -> Int? {
        #if canImport(Glibc)
        trimHeap()
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// Calls glibc's `malloc_trim(0)` (not in Swift's Glibc module, so looked up at run time).
    private static func trimHeap() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
