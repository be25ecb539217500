import Dispatch

/// The serial collector: every result of a run, owned by a private serial queue.
///
/// Workers `sync` their records: on an uncontended serial queue that runs the block on the
/// worker's own thread, where an `async` would wake a queue thread for every record (see
/// `squeeze bench --collectors`, which compares this with `async`, barrier and mutex variants).
/// Readers (the report, the progress line) take `sync` snapshots. Members named `memberQueue_…`
/// may be touched only on `memberQueue`, and nothing running on it calls back into the public API
/// (a `sync` onto the queue one is already on deadlocks).
///
/// `@unchecked Sendable`: its mutable state is reached only on `memberQueue`.
public final class ResultCollector: ResultRecording, @unchecked Sendable {
    private let memberQueue = DispatchQueue(label: "squeeze.result-collector")
    private var memberQueue_results = CollectedResults()

    public init() {}

    public func plan(files: Int, bytes: Int64) {
        memberQueue.sync { self.memberQueue_results.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        memberQueue.sync { self.memberQueue_results.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        memberQueue.sync { self.memberQueue_results.record(outcome) }
    }

    public func totals() -> RunTotals {
        memberQueue.sync { memberQueue_results.totals }
    }

    public func outcomes() -> [FileOutcome] {
        memberQueue.sync { memberQueue_results.outcomes }
    }
}
