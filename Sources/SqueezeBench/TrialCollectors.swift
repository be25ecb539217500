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
        case .sync: QueueResultCollector(.sync, sink: sink)
        case .async: QueueResultCollector(.async, sink: sink)
        case .barrier: QueueResultCollector(.barrier, sink: sink)
        case .mutex: ResultCollector(sink: sink)
        }
    }
}

/// The three queue collectors of the `--collectors` ablation, which differ only in how a record
/// reaches the queue that owns every result:
/// - `.sync`: a private serial queue that workers `sync` onto. On an uncontended queue the block
///   runs on the worker's own thread, where an `async` would wake a queue thread for every record;
///   under contention, though, `sync` takes libdispatch's slow path and parks the caller (measured
///   at 0.8-12 µs a call with two threads recording at once, against about 0.12 µs for the mutex of
///   `ResultCollector`). It was the production collector until that ablation.
/// - `.async`: the same serial queue, but workers `async` their records and never wait. The cost
///   is elsewhere: an idle serial queue needs a thread woken to drain each record.
/// - `.barrier`: readers-writer state on a concurrent queue of its own. Writes are `async` barrier
///   blocks (each runs alone, after every block submitted before it); reads are plain `sync`
///   blocks, which may run alongside each other but never alongside a barrier. The queue must be
///   one created here: on a global queue `.barrier` is ignored and the writes would race.
///
/// Readers always `sync` onto the queue, which runs every earlier write first: `totals()` and
/// `outcomes()` taken after the workers are done see every record. Nothing running on the queue
/// calls back into the public API (a `sync` onto the queue one is already on deadlocks).
///
/// `@unchecked Sendable`: the mutable state (`memberQueue_…`) is written only by blocks on
/// `memberQueue` (serial, or barriers on the concurrent one) and read only by blocks on it, so no
/// read overlaps a write and no two writes overlap.
final class QueueResultCollector: ResultRecording, @unchecked Sendable {
    enum Submission {
        case sync, async, barrier
    }

    private let submission: Submission
    private let memberQueue: DispatchQueue
    private var memberQueue_results: CollectedResults

    init(_ submission: Submission, sink: (any RunRecordSink)? = nil) {
        self.submission = submission
        memberQueue = submission == .barrier
            ? DispatchQueue(label: "squeeze.result-collector.barrier", attributes: .concurrent)
            : DispatchQueue(label: "squeeze.result-collector.\(submission)")
        memberQueue_results = CollectedResults(sink: sink)
    }

    /// Applies `change` on the queue, the way this collector's kind submits records.
    private func write(_ change: @escaping @Sendable (inout CollectedResults) -> Void) {
        switch submission {
        case .sync: memberQueue.sync { change(&memberQueue_results) }
        case .async: memberQueue.async { change(&self.memberQueue_results) }
        case .barrier: memberQueue.async(flags: .barrier) { change(&self.memberQueue_results) }
        }
    }

    func plan(files: Int, bytes: Int64) { write { $0.plan(files: files, bytes: bytes) } }

    func recordProgress(bytes: Int64, files: Int) { write { $0.addProgress(bytes: bytes, files: files) } }

    func record(_ outcome: FileOutcome) { write { $0.record(outcome) } }

    func record(_ record: RunRecord) { write { $0.record(record) } }

    func totals() -> RunTotals { memberQueue.sync { memberQueue_results.totals } }

    func outcomes() -> [FileOutcome] { memberQueue.sync { memberQueue_results.outcomes } }

    func results() -> CollectedResults { memberQueue.sync { memberQueue_results } }
}
