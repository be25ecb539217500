/// The outcome of a one-block task that works through one file (`list`'s and `gzip -l`'s): made
/// in `runBlock`, on a worker, and recorded in `finish()`, in the scheduler's order, unless the
/// run was interrupted.
final class OneFileOutcome: Sendable {
    private let outcome = Locked<FileOutcome?>(nil)

    /// Runs `body`, timed from `start` (its argument), and keeps the outcome it returns; an error
    /// it throws is the file's failure. Either way the file's `progressBytes` are counted done.
    func work(on source: PathName, progressBytes: Int64, _ body: (_ start: Double) throws -> FileOutcome) {
        let start = MonotonicClock.now()
        var result: FileOutcome
        do {
            result = try body(start)
        } catch {
            result = FileOutcome(
                source: source, output: nil, bytesIn: 0, bytesOut: 0, seconds: MonotonicClock.now() - start,
                status: .failed("\(error)"))
        }
        result.progressBytes = progressBytes
        outcome.withLock { $0 = result }
    }

    func record(to collector: any ResultRecording, unless cancellation: CancellationFlag) {
        guard !cancellation.isCancelled, let result = outcome.withLock({ $0 }) else { return }
        collector.record(result)
    }
}
