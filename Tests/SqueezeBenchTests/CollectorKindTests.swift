import Dispatch
import SqueezeBench
import SqueezeKit
import Synchronization
import Testing

/// Every way of building the collector must keep exact totals under concurrent writers, and a
/// snapshot taken after the writers are done must see every record (the `async` and barrier
/// variants return before their writes have run).
@Suite struct CollectorKindTests {
    static let writers = 16
    static let recordsPerWriter = 2_000

    static func outcome(writer: Int, index: Int) -> FileOutcome {
        let failed = index % 10 == 9
        var outcome = FileOutcome(
            source: PathName("w\(writer)/f\(index)"), output: nil, bytesIn: failed ? 0 : 100, bytesOut: failed ? 0 : 7,
            seconds: 0, status: failed ? .failed("broken") : .done, warning: index % 25 == 0 ? "odd" : nil)
        outcome.progressBytes = 3
        return outcome
    }

    @Test(arguments: CollectorKind.allCases)
    func concurrentWritersGiveExactTotals(kind: CollectorKind) {
        for _ in 0..<5 {
            let collector = kind.makeCollector()
            collector.plan(files: Self.writers * Self.recordsPerWriter, bytes: 123)
            // Readers alongside the writers, as the progress line is: counts never go back.
            let readerDone = SharedFlag()
            let wentBackwards = SharedFlag()
            let reader = DispatchGroup()
            DispatchQueue.global().async(group: reader) {
                var last = RunTotals()
                while !readerDone.isSet {
                    let totals = collector.totals()
                    if totals.filesDone < last.filesDone || totals.bytesProcessed < last.bytesProcessed {
                        wentBackwards.set()
                    }
                    last = totals
                }
            }
            DispatchQueue.concurrentPerform(iterations: Self.writers) { writer in
                for index in 0..<Self.recordsPerWriter {
                    collector.recordProgress(bytes: 5)
                    collector.record(Self.outcome(writer: writer, index: index))
                }
            }
            readerDone.set()
            reader.wait()

            let records = Self.writers * Self.recordsPerWriter
            let failures = Self.writers * (Self.recordsPerWriter / 10)
            let warnings = Self.writers * (Self.recordsPerWriter / 25)
            let totals = collector.totals()
            #expect(totals.filesPlanned == records)
            #expect(totals.bytesPlanned == 123)
            #expect(totals.filesDone == records - failures)
            #expect(totals.filesFailed == failures)
            #expect(totals.warnings == warnings)
            #expect(totals.bytesIn == Int64(records - failures) * 100)
            #expect(totals.bytesOut == Int64(records - failures) * 7)
            #expect(totals.bytesProcessed == Int64(records) * 8)
            let outcomes = collector.outcomes()
            #expect(outcomes.count == records)
            #expect(Set(outcomes.map(\.source)).count == records)
            #expect(!wentBackwards.isSet, "\(kind): a snapshot went backwards")
        }
    }

    @Test(arguments: CollectorKind.allCases)
    func outcomesKeepTheOrderOfOneWriter(kind: CollectorKind) {
        let collector = kind.makeCollector()
        for index in 0..<1_000 { collector.record(Self.outcome(writer: 0, index: index)) }
        #expect(collector.outcomes().map(\.source) == (0..<1_000).map { PathName("w0/f\($0)") })
    }

    @Test func productionIsTheMutexThatMeasuredBest() {
        #expect(CollectorKind.production == .mutex)
        #expect(CollectorKind.mutex.makeCollector() is ResultCollector)
        #expect(CollectorKind.sync.makeCollector() is SyncQueueResultCollector)
        #expect(CollectorKind.async.makeCollector() is AsyncQueueResultCollector)
        #expect(CollectorKind.barrier.makeCollector() is BarrierQueueResultCollector)
    }
}

/// A flag set once from one thread and read from others.
private final class SharedFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
