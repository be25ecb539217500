import Dispatch
import SqueezeKit

/// The ways a result collector can be synchronised, compared by `squeeze bench --collectors`
/// (and chosen for one run with the hidden `compress --collector`).
public enum CollectorKind: String, CaseIterable, Sendable, Codable {
    /// A serial queue, workers `sync` their records.
    case sync
    /// A serial queue, workers `async` their records and never wait.
    case async
    /// A concurrent queue of its own, barrier writes and concurrent reads.
    case barrier
    /// A mutex (`Locked`, a `pthread_mutex`): `ResultCollector`, the production one.
    case mutex

    /// The one every command uses unless told otherwise: the one that measured best.
    public static let production = CollectorKind.mutex

    /// A collector of this kind; with a `sink`, it passes records on instead of keeping them.
    public func makeCollector(sink: (any RunRecordSink)? = nil) -> any ResultRecording {
        switch self {
        case .sync: SyncQueueResultCollector(sink: sink)
        case .async: AsyncQueueResultCollector(sink: sink)
        case .barrier: BarrierQueueResultCollector(sink: sink)
        case .mutex: ResultCollector(sink: sink)
        }
    }
}

/// A collector for the `--collectors` ablation (and the production one until that ablation): every
/// result owned by a private serial queue. Workers `sync` their records: on an uncontended serial
/// queue that runs the block on the worker's own thread, where an `async` would wake a queue
/// thread for every record. Under contention, though, `sync` takes libdispatch's slow path and
/// parks the caller: measured at 0.8-12 µs a call with two threads recording at once, against
/// about 0.12 µs for the mutex of `ResultCollector`.
///
/// Readers take `sync` snapshots. Members named `memberQueue_…` may be touched only on
/// `memberQueue`, and nothing running on it calls back into the public API (a `sync` onto the
/// queue one is already on deadlocks).
///
/// `@unchecked Sendable`: its mutable state is reached only on `memberQueue`.
public final class SyncQueueResultCollector: ResultRecording, @unchecked Sendable {
    private let memberQueue = DispatchQueue(label: "squeeze.result-collector.sync")
    private var memberQueue_results: CollectedResults

    public init(sink: (any RunRecordSink)? = nil) {
        memberQueue_results = CollectedResults(sink: sink)
    }

    public func plan(files: Int, bytes: Int64) {
        memberQueue.sync { self.memberQueue_results.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        memberQueue.sync { self.memberQueue_results.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        memberQueue.sync { self.memberQueue_results.record(outcome) }
    }

    public func record(_ record: RunRecord) {
        memberQueue.sync { self.memberQueue_results.record(record) }
    }

    public func totals() -> RunTotals {
        memberQueue.sync { memberQueue_results.totals }
    }

    public func outcomes() -> [FileOutcome] {
        memberQueue.sync { memberQueue_results.outcomes }
    }

    public func results() -> CollectedResults {
        memberQueue.sync { memberQueue_results }
    }
}

/// A collector for the `--collectors` ablation: the serial queue of `SyncQueueResultCollector`, but workers
/// `async` their records instead of `sync`ing them, so they never wait for the queue. The cost is
/// elsewhere: an idle serial queue needs a thread woken to drain each record.
///
/// Readers `sync` onto the same serial queue, which runs every earlier `async` first: `totals()`
/// and `outcomes()` taken after the workers are done see every record.
///
/// `@unchecked Sendable`: the mutable state (`memberQueue_…`) is touched only by blocks running on
/// `memberQueue`, which is serial; nothing on it calls back into the public API.
public final class AsyncQueueResultCollector: ResultRecording, @unchecked Sendable {
    private let memberQueue = DispatchQueue(label: "squeeze.result-collector.async")
    private var memberQueue_results: CollectedResults

    public init(sink: (any RunRecordSink)? = nil) {
        memberQueue_results = CollectedResults(sink: sink)
    }

    public func plan(files: Int, bytes: Int64) {
        memberQueue.async { self.memberQueue_results.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        memberQueue.async { self.memberQueue_results.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        memberQueue.async { self.memberQueue_results.record(outcome) }
    }

    public func record(_ record: RunRecord) {
        memberQueue.async { self.memberQueue_results.record(record) }
    }

    public func totals() -> RunTotals {
        memberQueue.sync { memberQueue_results.totals }
    }

    public func outcomes() -> [FileOutcome] {
        memberQueue.sync { memberQueue_results.outcomes }
    }

    public func results() -> CollectedResults {
        memberQueue.sync { memberQueue_results }
    }
}

/// A collector for the `--collectors` ablation: readers-writer state on a concurrent queue of its
/// own. Writes are `async` barrier blocks (each runs alone, after every block submitted before
/// it); reads are plain `sync` blocks, which may run alongside each other but never alongside a
/// barrier. The queue must be one created here: on a global queue `.barrier` is ignored and the
/// writes would race.
///
/// A read submitted after the workers are done waits for every earlier barrier, so `totals()` and
/// `outcomes()` then see every record.
///
/// `@unchecked Sendable`: the mutable state (`memberQueue_…`) is written only inside barrier
/// blocks on `memberQueue` and read only inside blocks on `memberQueue`, so no read overlaps a
/// write and no two writes overlap.
public final class BarrierQueueResultCollector: ResultRecording, @unchecked Sendable {
    private let memberQueue = DispatchQueue(label: "squeeze.result-collector.barrier", attributes: .concurrent)
    private var memberQueue_results: CollectedResults

    public init(sink: (any RunRecordSink)? = nil) {
        memberQueue_results = CollectedResults(sink: sink)
    }

    public func plan(files: Int, bytes: Int64) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.record(outcome) }
    }

    public func record(_ record: RunRecord) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.record(record) }
    }

    public func totals() -> RunTotals {
        memberQueue.sync { memberQueue_results.totals }
    }

    public func outcomes() -> [FileOutcome] {
        memberQueue.sync { memberQueue_results.outcomes }
    }

    public func results() -> CollectedResults {
        memberQueue.sync { memberQueue_results }
    }
}
