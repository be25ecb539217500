import Glibc

/// CPU time and peak memory of this process so far, from `getrusage`.
public struct ResourceUsage: Sendable {
    public var userSeconds: Double
    public var systemSeconds: Double
    /// Peak resident set size in bytes: the process's own high-water mark (`VmHWM`), or
    /// `ru_maxrss` where /proc cannot be read. `ru_maxrss` survives `execve`: a squeeze started by
    /// a large process (a test runner that spawns it) would report that process's peak.
    public var peakResidentBytes: Int64

    public static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return ResourceUsage(
            userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
            systemSeconds: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6,
            peakResidentBytes: (highWaterMarkKiB() ?? Int64(usage.ru_maxrss)) * 1024
        )
    }

    /// `VmHWM` from /proc/self/status, in KiB.
    private static func highWaterMarkKiB() -> Int64? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            status += buffer[..<count]
        }
        let text = String(decoding: status, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int64(line.dropFirst("VmHWM:".count).filter(\.isNumber))
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
