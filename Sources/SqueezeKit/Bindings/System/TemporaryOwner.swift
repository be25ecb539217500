import Glibc

/// The process a temporary belongs to, as its name records it, so that a later run can tell the
/// temporary of a writer still at work from one left by a run that was killed (SIGKILL, a power
/// cut) and will never remove it.
///
/// A process is known by its pid and its start time (clock ticks since boot, field 22 of
/// `/proc/PID/stat`): pids are reused, the pair is not, within one boot. `boot` is the start of
/// the kernel's boot id, so a temporary from before a reboot is stale whatever its pid says now.
/// `origin` hashes the machine's identity (`/etc/machine-id`, else the host name) with the pid
/// namespace: a temporary made on another machine of a shared file system, or in another
/// container, names a pid that means some other process here (or none), so it is never judged
/// from here.
public struct TemporaryOwner: Hashable, Sendable {
    public var pid: Int32
    public var startTime: UInt64
    /// The first 8 hex digits of the boot id; `unknownBoot` when it could not be read.
    public var boot: String
    /// 8 hex digits: FNV-1a of the machine's identity and the pid namespace's inode.
    public var origin: String

    public init(pid: Int32, startTime: UInt64, boot: String, origin: String) {
        self.pid = pid
        self.startTime = startTime
        self.boot = boot
        self.origin = origin
    }

    static let unknownBoot = "00000000"

    /// This process.
    public static let current: TemporaryOwner = {
        let pid = getpid()
        let bootID = contents(of: "/proc/sys/kernel/random/boot_id").filter(\.isHexDigit)
        var namespace = stat()
        let namespaceInode = stat("/proc/self/ns/pid", &namespace) == 0 ? UInt64(namespace.st_ino) : 0
        var machine = contents(of: "/etc/machine-id").filter { !$0.isWhitespace }
        if machine.isEmpty {
            var host = [CChar](repeating: 0, count: 256)
            if gethostname(&host, host.count - 1) == 0 {
                machine = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return TemporaryOwner(
            pid: pid, startTime: startTime(ofProcess: pid) ?? 0,
            boot: bootID.count >= 8 ? String(bootID.prefix(8)).lowercased() : unknownBoot,
            origin: hash("\(machine):\(namespaceInode)"))
    }()

    /// Whether the owner's process may still be writing its temporary.
    public enum Liveness: Equatable, Sendable {
        /// The very process is running (or might be, as far as can be seen from here).
        case running
        /// Its process is gone: the temporary is left over and nobody will finish or remove it.
        case gone
        /// Made on another machine or in another pid namespace: its pid means nothing here.
        case elsewhere
    }

    public var liveness: Liveness {
        let here = Self.current
        guard origin == here.origin else { return .elsewhere }
        // Every process of an earlier boot is gone (when this boot's id is known to compare).
        if here.boot != Self.unknownBoot && boot != here.boot { return .gone }
        if kill(pid, 0) != 0 && errno == ESRCH { return .gone }
        // A process by that pid exists: the same one only if it started at the same tick. When
        // its start cannot be read, it may be the owner: keep its temporary.
        guard let started = Self.startTime(ofProcess: pid) else { return .running }
        return started == startTime ? .running : .gone
    }

    /// Field 22 of `/proc/PID/stat`: when the process started, in clock ticks since boot. The
    /// command name (field 2) is in parentheses and may hold spaces, so fields are counted from
    /// the last ')': the state, field 3, comes first.
    public static func startTime(ofProcess pid: Int32) -> UInt64? {
        let stat = contents(of: "/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// A small text file of the kernel's (or "" when it cannot be read).
    private static func contents(of path: String) -> String {
        String(decoding: KernelFile.contents(of: path, limit: 4096), as: UTF8.self)
    }

    /// 32-bit FNV-1a, as 8 hex digits: the same on every machine and in every run.
    private static func hash(_ text: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { value = (value ^ UInt32(byte)) &* 0x0100_0193 }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
