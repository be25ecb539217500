import Foundation
@testable import SqueezeBench
import SqueezeKit
import Testing

/// The contention micro-benchmark promises figures of what it measured: every call made and
/// counted, every repetition timed, and `exact` only when each collector ended with every record.
@Suite struct CollectorContentionTests {
    static let contention = CollectorContention(threads: 4, recordsPerThread: 2_000)

    /// Three repetitions end exact only if each had a fresh collector: one collector reused would
    /// show twice the records in the second.
    @Test(arguments: CollectorKind.allCases)
    func everyCollectorEndsExactInEveryRepetition(kind: CollectorKind) {
        let result = Self.contention.measure(kind, repetitions: 3)
        #expect(result.collector == kind)
        #expect(result.exact)
        #expect(result.threads == 4)
        // A progress report and an outcome for each of 2,000 records on each of 4 threads.
        #expect(result.calls == 16_000)
        #expect(result.seconds.count == 3)
    }

    /// The per-call figures are of time that passed: positive, and the wall figure is that of a
    /// repetition within the measured range.
    @Test(arguments: CollectorKind.allCases)
    func figuresAreTimesWithinTheMeasuredRange(kind: CollectorKind) {
        let result = Self.contention.measure(kind, repetitions: 3)
        #expect(result.seconds.minimum > 0)
        #expect(result.seconds.minimum <= result.seconds.median && result.seconds.median <= result.seconds.maximum)
        #expect(result.nanosecondsPerCall > 0 && result.nanosecondsPerCall.isFinite)
        let wallOfAllCalls = result.nanosecondsPerCall * Double(result.calls) / 1e9
        #expect(wallOfAllCalls >= result.seconds.minimum * 0.999 && wallOfAllCalls <= result.seconds.maximum * 1.001)
        #expect(result.cpuNanosecondsPerCall >= 0 && result.cpuNanosecondsPerCall.isFinite)
    }

    @Test func noRepetitionsStillMeasuresOnce() {
        let result = CollectorContention(threads: 2, recordsPerThread: 10).measure(.production, repetitions: 0)
        #expect(result.seconds.count == 1)
        #expect(result.exact)
    }

    /// `exact` is the check that the collectors compared did their job: a collector that loses a
    /// record of either kind must fail it.
    @Test(arguments: [LossyCollector.Loss.outcome, .progress])
    func aCollectorThatLosesARecordIsNotExact(loss: LossyCollector.Loss) {
        let run = Self.contention.measureOnce(LossyCollector(losing: loss))
        #expect(!run.exact)
        #expect(Self.contention.measureOnce(ResultCollector()).exact)
    }

    /// `bench --json` writes the results and `--from-json` reads them back.
    @Test func resultsSurviveTheJSONReport() throws {
        let results = CollectorKind.allCases.map { CollectorContention(threads: 2, recordsPerThread: 100).measure($0, repetitions: 2) }
        let decoded = try JSONDecoder().decode([CollectorContentionResult].self, from: JSONEncoder().encode(results))
        #expect(decoded == results)
    }
}

/// The production collector, but one record of a kind is dropped: the 1,000th call.
final class LossyCollector: ResultRecording {
    enum Loss: Sendable, CaseIterable {
        case outcome
        case progress
    }

    private let inner = ResultCollector()
    private let loss: Loss
    private let calls = Locked(0)

    init(losing loss: Loss) {
        self.loss = loss
    }

    private func drops() -> Bool {
        calls.withLock { $0 += 1; return $0 == 1_000 }
    }

    func plan(files: Int, bytes: Int64) { inner.plan(files: files, bytes: bytes) }

    func recordProgress(bytes: Int64, files: Int) {
        if loss == .progress && drops() { return }
        inner.recordProgress(bytes: bytes, files: files)
    }

    func record(_ outcome: FileOutcome) {
        if loss == .outcome && drops() { return }
        inner.record(outcome)
    }

    func totals() -> RunTotals { inner.totals() }
    func outcomes() -> [FileOutcome] { inner.outcomes() }
    func record(_ record: RunRecord) { inner.record(record) }
    func results() -> CollectedResults { inner.results() }
}
