import Dispatch

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
    private var memberQueue_results = CollectedResults()

    public init() {}

    public func plan(files: Int, bytes: Int64) {
        memberQueue.async { self.memberQueue_results.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        memberQueue.async { self.memberQueue_results.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        memberQueue.async { self.memberQueue_results.record(outcome) }
    }

    public func totals() -> RunTotals {
        memberQueue.sync { memberQueue_results.totals }
    }

    public func outcomes() -> [FileOutcome] {
        memberQueue.sync { memberQueue_results.outcomes }
    }
}
