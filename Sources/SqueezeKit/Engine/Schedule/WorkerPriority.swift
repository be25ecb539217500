/// What `--qos` does to the threads that run a run's work. GCD's QoS classes are advisory on
/// Linux (libdispatch runs every worker at nice 0 in the default I/O class, or, where it may raise
/// them, as root, its pools' threads a little apart: user-initiated at -2), so squeeze applies
/// their meaning itself: `utility` lowers the workers' CPU priority, `background` lowers it to the
/// least and puts their I/O in the idle class; the interactive classes leave both alone.
public struct WorkerPriority: Sendable, Codable, Equatable {
    /// The nice value workers are lowered to, if they run above it; nil: left alone.
    public var nice: Int32?
    /// Workers' I/O goes in the idle class: served only when no one else uses the disk.
    public var idleIO: Bool

    /// `workers at nice 19, idle I/O`; nil when nothing is changed.
    public var description: String? {
        let parts = [nice.map { "nice \($0)" }, idleIO ? "idle I/O" : nil].compactMap { $0 }
        return parts.isEmpty ? nil : "workers at " + parts.joined(separator: ", ")
    }
}

extension QualityOfService {
    public var workerPriority: WorkerPriority {
        switch self {
        case .userInteractive, .userInitiated: WorkerPriority(nice: nil, idleIO: false)
        case .utility: WorkerPriority(nice: 10, idleIO: false)
        case .background: WorkerPriority(nice: 19, idleIO: true)
        }
    }

    /// Orders the classes by how far they lower a thread: 0 not at all.
    fileprivate var lowering: Int {
        switch self {
        case .userInteractive, .userInitiated: 0
        case .utility: 1
        case .background: 2
        }
    }
}

/// Applies `WorkerPriority` to the threads that run a run's work. A thread of squeeze's own
/// (`JoinableThread`: the writer, a walk or producer of its own) ends with its work, and is
/// lowered for good (`adopt`). Any other thread (GCD's pool, shared with whoever else uses
/// libdispatch in the process; the caller's own thread) is lowered for one unit of work and given
/// its priority back when the unit ends (`lowering`), so that a library caller's threads keep
/// theirs.
///
/// Giving nice back means raising it, which the kernel allows only with `CAP_SYS_NICE` or an
/// `RLIMIT_NICE` allowance (root has both). Without either, a lowered pool thread keeps the
/// lowering: libdispatch on Linux keeps a pool per QoS class, so it then runs only work of the
/// class squeeze's run asked for, at the priority that class means here. The I/O class is always
/// given back.
package enum WorkerThreads {
    /// How far each thread has been lowered (`QualityOfService.lowering`): a thread lowered for
    /// good is not lowered again, so a unit on it costs a thread-local read.
    private static let lowered = ThreadLocalValue()

    /// Gives the calling thread, one of squeeze's own, the priority `qos` means, if it does not
    /// have it yet.
    static func adopt(_ qos: QualityOfService) {
        guard qos.lowering > lowered.value else { return }
        let priority = qos.workerPriority
        _ = ThreadPriority.lowerCallingThread(toNice: priority.nice, idleIO: priority.idleIO)
        lowered.value = qos.lowering
    }

    /// Runs `body` on the calling thread at the CPU priority (nice) of `pool`, a thread of the pool
    /// the run's work belongs on, then gives the thread its own back. For the threads libdispatch
    /// lends from another pool: `concurrentPerform` runs its other iterations on its default-QoS
    /// pool whatever the caller's class, and where libdispatch may set its pools' nice values
    /// (root: user-initiated -2, default 0) one of `apply`'s two workers ran below the other,
    /// level with the walk. Raising needs privilege; refused, the thread runs at what it has,
    /// which is then what every pool has (nice 0: libdispatch was refused the same).
    static func matching<Result>(_ pool: ThreadPriority?, _ body: () throws -> Result) rethrows -> Result {
        guard let pool, let own = ThreadPriority.of(), own.nice != pool.nice else { return try body() }
        _ = ThreadPriority(nice: pool.nice, ioClass: own.ioClass, ioLevel: own.ioLevel).restoreCallingThread()
        // Its own back: allowed wherever the two could differ (libdispatch was allowed to set it).
        defer { _ = own.restoreCallingThread() }
        return try body()
    }

    /// Runs `body`, one unit of work, on the calling thread at the priority `qos` means, then gives
    /// the thread its priority back (where the kernel lets it: see above).
    package static func lowering<Result>(_ qos: QualityOfService, _ body: () throws -> Result) rethrows -> Result {
        guard qos.lowering > lowered.value, let saved = ThreadPriority.of() else { return try body() }
        let before = lowered.value
        adopt(qos)
        defer { if saved.restoreCallingThread() { lowered.value = before } }
        return try body()
    }
}
