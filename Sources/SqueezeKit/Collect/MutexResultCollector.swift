/// A collector for the `--collectors` ablation: the state behind a mutex, the project's `Locked`
/// (a `pthread_mutex`, which ThreadSanitizer can see; `Synchronization.Mutex` on Linux it cannot,
/// see `Locked`). Workers take the lock on their own thread for the few instructions an update
/// needs; nothing is queued and no other thread is woken unless the lock is contended.
///
/// Checked `Sendable`: its only stored property is a `Locked`, which is.
public final class MutexResultCollector: ResultRecording {
    private struct State {
        var totals = RunTotals()
        var outcomes: [FileOutcome] = []
    }

    private let state = Locked(State())

    public init() {}

    public func plan(files: Int, bytes: Int64) {
        state.withLock {
            $0.totals.filesPlanned += files
            $0.totals.bytesPlanned += bytes
        }
    }

    public func recordProgress(bytes: Int64, files: Int) {
        state.withLock { $0.totals.addProgress(bytes: bytes, files: files) }
    }

    public func record(_ outcome: FileOutcome) {
        state.withLock {
            $0.totals.add(outcome)
            $0.outcomes.append(outcome)
        }
    }

    public func totals() -> RunTotals {
        state.withLock { $0.totals }
    }

    public func outcomes() -> [FileOutcome] {
        state.withLock { $0.outcomes }
    }
}
