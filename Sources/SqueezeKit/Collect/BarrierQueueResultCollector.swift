import Dispatch

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
    private var memberQueue_results = CollectedResults()

    public init() {}

    public func plan(files: Int, bytes: Int64) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        memberQueue.async(flags: .barrier) { self.memberQueue_results.record(outcome) }
    }

    public func totals() -> RunTotals {
        memberQueue.sync { memberQueue_results.totals }
    }

    public func outcomes() -> [FileOutcome] {
        memberQueue.sync { memberQueue_results.outcomes }
    }
}
