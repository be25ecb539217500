import CSystem
import Glibc

/// A working directory for the calling thread alone (Linux `unshare(CLONE_FS)`, then `chdir`):
/// paths relative to it work on this thread while the rest of the process stays where it was.
///
/// Only for a thread created for the purpose, which ends when its work is done: a pooled thread
/// (GCD, Swift concurrency) would carry the directory into work that does not expect it.
enum ThreadWorkingDirectory {
    /// Makes `directory` the calling thread's working directory; false, with nothing changed, when
    /// the kernel or a seccomp filter refuses the thread a working directory of its own.
    static func enter(_ directory: PathName) -> Bool {
        guard squeeze_unshare_file_system_attributes() == 0 else { return false }
        // From here on only this thread moves.
        return directory.withCString { chdir($0) } == 0
    }
}

/// Runs code with the calling thread's character set switched to UTF-8.
///
/// libarchive converts entry names between the locale's character set and the UTF-8 that pax
/// headers hold. Under the C locale (what a process has unless it calls `setlocale`) every
/// non-ASCII name would be stored as raw bytes flagged `hdrcharset=BINARY`, which GNU tar warns
/// about; under UTF-8, UTF-8 names are stored as standard pax names, and names that are not UTF-8
/// are still stored byte for byte. `uselocale` changes the calling thread only, so archives do not
/// depend on the user's locale and other threads keep theirs.
enum UTF8ThreadLocale {
    /// Created once and never freed; `uselocale` only reads it. nil if the C library has no
    /// UTF-8 locale (names then fall back to raw bytes: nothing is lost).
    private nonisolated(unsafe) static let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let locale else { return try body() }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return try body()
    }
}

/// A thread's CPU priority (nice) and I/O class. On Linux both belong to the thread, so worker
/// threads can be lowered while the rest of the process keeps its priority.
///
/// Lowering is one way for an unprivileged process: raising nice again needs `CAP_SYS_NICE` (or
/// an `RLIMIT_NICE` allowance), so `restore` may be refused.
public struct ThreadPriority: Sendable, Codable, Hashable {
    /// The I/O scheduling classes of `ioprio_set(2)`.
    public enum IOClass: Int32, Sendable, Codable {
        /// No class set: the thread's I/O follows its nice value (as best-effort).
        case none = 0, realtime = 1, bestEffort = 2, idle = 3

        public var name: String {
            switch self {
            case .none: "none"
            case .realtime: "realtime"
            case .bestEffort: "best-effort"
            case .idle: "idle"
            }
        }
    }

    public var nice: Int32
    public var ioClass: IOClass
    /// The level within the class (0 highest … 7 lowest); 0 for `none` and `idle`.
    public var ioLevel: Int32

    public init(nice: Int32, ioClass: IOClass, ioLevel: Int32 = 0) {
        self.nice = nice
        self.ioClass = ioClass
        self.ioLevel = ioLevel
    }

    /// The thread `tid`'s priority as the kernel has it (the calling thread's by default); nil if
    /// the kernel refuses to say.
    public static func of(thread tid: Int32 = squeeze_thread_id()) -> ThreadPriority? {
        var nice: Int32 = 0
        let io = squeeze_thread_io_priority(tid)
        guard squeeze_thread_nice(tid, &nice) == 0, io >= 0 else { return nil }
        let shift = Int32(SQUEEZE_IOPRIO_CLASS_SHIFT)
        return ThreadPriority(nice: nice, ioClass: IOClass(rawValue: io >> shift) ?? .none, ioLevel: io & ((1 << shift) - 1))
    }

    /// Lowers the calling thread: its nice to `nice` if that is lower priority than it has, and
    /// its I/O class to idle if `idleIO`. Never raises either. False if the kernel refused one.
    static func lowerCallingThread(toNice nice: Int32?, idleIO: Bool) -> Bool {
        let tid = squeeze_thread_id()
        var succeeded = true
        if let nice {
            var current: Int32 = 0
            if squeeze_thread_nice(tid, &current) != 0 {
                succeeded = false
            } else if current < nice {
                succeeded = squeeze_set_thread_nice(tid, nice) == 0 && succeeded
            }
        }
        if idleIO {
            succeeded = squeeze_set_thread_io_priority(tid, IOClass.idle.rawValue, 0) == 0 && succeeded
        }
        return succeeded
    }

    /// Gives the calling thread `self` back; false if the kernel refused (raising nice needs
    /// privilege), in which case the thread keeps what it has, its I/O class included: a thread is
    /// lowered wholly or not at all.
    func restoreCallingThread() -> Bool {
        let tid = squeeze_thread_id()
        guard squeeze_set_thread_nice(tid, nice) == 0 else { return false }
        return squeeze_set_thread_io_priority(tid, ioClass.rawValue, ioLevel) == 0
    }
}

/// An integer kept per thread (a POSIX thread-specific slot), 0 until a thread sets its own.
final class ThreadLocalValue: Sendable {
    /// Never freed: one per purpose, made once.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "out of thread-specific keys")
        self.key = key
    }

    /// The calling thread's value.
    var value: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }
}

/// The CPUs the process may run on, as its affinity mask says (`taskset`, `numactl`, a container's
/// or a Slurm task's cpuset): Foundation's processor count reads only the online CPUs and cgroup
/// quotas. Nil when the mask cannot be read (more CPUs than `cpu_set_t` holds).
enum CPUAffinity {
    static func allowedCount() -> Int? {
        var set = cpu_set_t()
        guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return nil }
        let count = withUnsafeBytes(of: &set) { bytes in bytes.reduce(0) { $0 + $1.nonzeroBitCount } }
        return count > 0 ? count : nil
    }
}

/// The CPUs a cgroup's quota allows (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us` over
/// `cpu.cfs_period_us`, of the process's own cgroup), rounded up; nil without a quota.
enum CPUQuota {
    static func cores() -> Int? {
        let membership = String(decoding: KernelFile.contents(of: "/proc/self/cgroup"), as: UTF8.self)
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2])
            if fields[0] == "0" && fields[1].isEmpty {
                let words = Self.words("/sys/fs/cgroup\(path)/cpu.max")
                if words.count == 2, let quota = Int(words[0]), let period = Int(words[1]) { return rounded(quota, period) }
            } else if fields[1].split(separator: ",").contains("cpu") {
                if let quota = Self.words("/sys/fs/cgroup/cpu\(path)/cpu.cfs_quota_us").first.flatMap({ Int($0) }),
                   let period = Self.words("/sys/fs/cgroup/cpu\(path)/cpu.cfs_period_us").first.flatMap({ Int($0) }) {
                    return rounded(quota, period)
                }
            }
        }
        return nil
    }

    private static func words(_ path: String) -> [Substring] {
        String(decoding: KernelFile.contents(of: path), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    }

    private static func rounded(_ quota: Int, _ period: Int) -> Int? {
        quota > 0 && period > 0 ? (quota + period - 1) / period : nil
    }
}
