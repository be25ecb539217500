import Glibc

/// CPU time and peak memory of this process so far: CPU from `getrusage`, the peak from the
/// kernel's high-water mark of this program (`VmHWM` in /proc/self/status). Not `ru_maxrss`:
/// Linux keeps that across `execve`, so a squeeze started by a large process (a test runner, a
/// build tool) would report its parent's peak.
public struct ResourceUsage: Sendable {
    public var userSeconds: Double
    public var systemSeconds: Double
    /// Peak resident set size in bytes.
    public var peakResidentBytes: Int64

    public static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return ResourceUsage(
            userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
            systemSeconds: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6,
            peakResidentBytes: peakResidentBytesSinceExec() ?? Int64(usage.ru_maxrss) * 1024
        )
    }

    /// `VmHWM` of /proc/self/status ("1234 kB"), in bytes; nil where /proc is not mounted.
    private static func peakResidentBytesSinceExec() -> Int64? {
        KernelFile.ownStatus("VmHWM")?.split(separator: " ").first.flatMap { Int64($0) }.map { $0 * 1024 }
    }

    /// The CPU time spent between `earlier` and `self`; peak memory is the later peak.
    public func since(_ earlier: ResourceUsage) -> ResourceUsage {
        ResourceUsage(
            userSeconds: userSeconds - earlier.userSeconds,
            systemSeconds: systemSeconds - earlier.systemSeconds,
            peakResidentBytes: peakResidentBytes
        )
    }
}

/// Seconds from a steady clock that wall-clock changes cannot move.
public enum MonotonicClock {
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
