/// A collector for the `--collectors` ablation: the state behind a mutex, the project's `Locked`
/// (a `pthread_mutex`, which ThreadSanitizer can see; `Synchronization.Mutex` on Linux it cannot,
/// see `Locked`). Workers take the lock on their own thread for the few instructions an update
/// needs; nothing is queued and no other thread is woken unless the lock is contended.
///
/// Checked `Sendable`: its only stored property is a `Locked`, which is.
public final class MutexResultCollector: ResultRecording {
    private let results = Locked(CollectedResults())

    public init() {}

    public func plan(files: Int, bytes: Int64) {
        results.withLock { $0.plan(files: files, bytes: bytes) }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        results.withLock { $0.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        results.withLock { $0.record(outcome) }
    }

    public func totals() -> RunTotals {
        results.withLock { $0.totals }
    }

    public func outcomes() -> [FileOutcome] {
        results.withLock { $0.outcomes }
    }
}
