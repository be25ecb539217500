@testable import SqueezeKit

/// A collector that interrupts its run once a given number of outcomes or progress reports have
/// come in: cancellation at a known point in the middle of a run, without timing.
final class CancellingCollector: ResultRecording {
    let inner = ResultCollector()
    let cancellation = CancellationFlag()
    private let events = Locked(0)
    private let cancelAfter: Int

    init(cancelAfter: Int) {
        self.cancelAfter = cancelAfter
    }

    private func count() {
        if events.withLock({ $0 += 1; return $0 }) >= cancelAfter { cancellation.cancel() }
    }

    func plan(files: Int, bytes: Int64) { inner.plan(files: files, bytes: bytes) }
    func recordProgress(bytes: Int64, files: Int) {
        inner.recordProgress(bytes: bytes, files: files)
        count()
    }
    func record(_ outcome: FileOutcome) {
        inner.record(outcome)
        count()
    }
    func totals() -> RunTotals { inner.totals() }
    func outcomes() -> [FileOutcome] { inner.outcomes() }
    func record(_ record: RunRecord) { inner.record(record) }
    func results() -> CollectedResults { inner.results() }
}
