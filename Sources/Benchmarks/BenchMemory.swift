import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The process's peak resident memory, for the benchmarks' memory figures.
///
/// Linux keeps the peak (`VmHWM` in `/proc/self/status`) since the process started, or since it
/// was last reset by writing `5` to `/proc/self/clear_refs`, which `resetPeak()` does so that a
/// scenario's peak does not include what an earlier stage (writing the store) needed.
enum BenchMemory {
    /// The peak resident bytes since the start or the last successful `resetPeak()`; nil where
    /// unavailable.
    static func peakResidentBytes() -> Int? {
        // "VmHWM:     123456 kB"
        statusField("VmHWM:")
    }

    /// The resident bytes now (`VmRSS`), without trimming the heap first (unlike
    /// `BenchClock.residentBytes()`): with it, what freed memory malloc still keeps; nil where
    /// unavailable.
    static func untrimmedResidentBytes() -> Int? {
        statusField("VmRSS:")
    }

    /// A `… kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1_024
        }
        return nil
    }

    /// Resets the peak to the current resident size; returns whether the kernel accepted it.
    @discardableResult
    static func resetPeak() -> Bool {
        #if canImport(Glibc)
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
        #else
        return false
        #endif
    }

    /// `bytes` in megabytes (2^20) with one decimal, for tables.
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
