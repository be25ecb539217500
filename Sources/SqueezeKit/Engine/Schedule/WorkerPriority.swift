/// What `--qos` does to the threads that run a run's work. GCD's QoS classes are advisory on
/// Linux (libdispatch runs every worker at nice 0 in the default I/O class), so squeeze applies
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

/// Applies `WorkerPriority` to the threads the schedulers run items on.
enum WorkerThreads {
    /// How far each thread has been lowered (`QualityOfService.lowering`): a thread is lowered
    /// once, so `adopt` costs a thread-local read per item.
    private static let lowered = ThreadLocalValue()

    /// Gives the calling worker thread the priority `qos` means, if it does not have it yet.
    /// A pooled GCD thread keeps it: libdispatch on Linux gives each QoS class its own pool of
    /// threads, which run only work of that class.
    static func adopt(_ qos: QualityOfService) {
        guard qos.lowering > lowered.value else { return }
        let priority = qos.workerPriority
        _ = ThreadPriority.lowerCallingThread(toNice: priority.nice, idleIO: priority.idleIO)
        lowered.value = qos.lowering
    }

    /// Runs `body` on the calling thread at the priority `qos` means, then gives the thread its
    /// priority back (if the kernel lets it: raising nice needs privilege), for schedulers whose
    /// calling thread runs items itself. The caller is not a pooled worker: it goes on to other work.
    static func lowering<Result>(_ qos: QualityOfService, _ body: () -> Result) -> Result {
        guard qos.lowering > lowered.value, let saved = ThreadPriority.of() else { return body() }
        let before = lowered.value
        adopt(qos)
        defer { if saved.restoreCallingThread() { lowered.value = before } }
        return body()
    }
}
