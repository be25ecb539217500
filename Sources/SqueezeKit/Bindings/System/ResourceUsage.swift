import Glibc

/// CPU time and peak memory of this process so far, from `getrusage`.
public struct ResourceUsage: Sendable {
    public var userSeconds: Double
    public var systemSeconds: Double
    /// Peak resident set size in bytes (`ru_maxrss`, which Linux reports in KiB).
    public var peakResidentBytes: Int64

    public static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return ResourceUsage(
            userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
            systemSeconds: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6,
            peakResidentBytes: Int64(usage.ru_maxrss) * 1024
        )
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
