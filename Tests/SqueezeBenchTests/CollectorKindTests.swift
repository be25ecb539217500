import Dispatch
import SqueezeBench
import SqueezeKit
import Synchronization
import Testing

/// What `squeeze bench --collectors` relies on: every kind of collector is a collector, exact
/// under concurrent writers and readers, so that the ablation compares only how fast they are.
/// A snapshot taken after the writers are done must see every record (the `async` and barrier
/// variants return before their writes have run).
@Suite struct CollectorKindTests {
    static let writers = 16
    static let recordsPerWriter = 2_000
    static let records = writers * recordsPerWriter
    static let failures = writers * (recordsPerWriter / 10)
    static let warnings = writers * (recordsPerWriter / 25)

    static func outcome(writer: Int, index: Int) -> FileOutcome {
        let failed = index % 10 == 9
        var outcome = FileOutcome(
            source: PathName("w\(writer)/f\(index)"), output: nil, bytesIn: failed ? 0 : 100, bytesOut: failed ? 0 : 7,
            seconds: 0, status: failed ? .failed("broken") : .done, warning: index % 25 == 0 ? "odd" : nil)
        outcome.progressBytes = 3
        return outcome
    }

    /// `writers` threads record at once, each a progress report and then an outcome, in order.
    static func recordConcurrently(into collector: any ResultRecording) {
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<recordsPerWriter {
                collector.recordProgress(bytes: 5)
                collector.record(outcome(writer: writer, index: index))
            }
        }
    }

    /// An outcome as far as a report tells: what two collectors must agree on.
    struct Recorded: Equatable, CustomStringConvertible {
        var source: PathName
        var bytesIn: Int64
        var bytesOut: Int64
        var status: FileOutcome.Status
        var warning: String?

        init(_ outcome: FileOutcome) {
            source = outcome.source
            bytesIn = outcome.bytesIn
            bytesOut = outcome.bytesOut
            status = outcome.status
            warning = outcome.warning
        }

        var description: String { "\(source)" }
    }

    @Test(arguments: CollectorKind.allCases)
    func concurrentWritersGiveExactTotals(kind: CollectorKind) {
        for _ in 0..<5 {
            let collector = kind.makeCollector()
            collector.plan(files: Self.records, bytes: 123)
            // A reader alongside the writers, as the progress line is: every snapshot is whole
            // (an outcome's counts arrive together) and no count ever goes back.
            let readerDone = SharedFlag()
            let problems = Locked<[String]>([])
            let reader = DispatchGroup()
            DispatchQueue.global().async(group: reader) {
                var last = RunTotals()
                while !readerDone.isSet {
                    let totals = collector.totals()
                    if let problem = Self.inconsistency(in: totals, after: last) {
                        problems.withLock { $0.append(problem) }
                    }
                    last = totals
                }
            }
            Self.recordConcurrently(into: collector)
            readerDone.set()
            reader.wait()

            let totals = collector.totals()
            #expect(totals.filesPlanned == Self.records)
            #expect(totals.bytesPlanned == 123)
            #expect(totals.filesDone == Self.records - Self.failures)
            #expect(totals.filesFailed == Self.failures)
            #expect(totals.filesProcessed == Self.records)
            #expect(totals.warnings == Self.warnings)
            #expect(totals.bytesIn == Int64(Self.records - Self.failures) * 100)
            #expect(totals.bytesOut == Int64(Self.records - Self.failures) * 7)
            #expect(totals.bytesProcessed == Int64(Self.records) * 8)
            let outcomes = collector.outcomes()
            #expect(outcomes.count == Self.records)
            #expect(Set(outcomes.map(\.source)).count == Self.records)
            let found = problems.withLock { $0 }
            #expect(found.isEmpty, "\(kind): \(found.count) inconsistent snapshots, first \(found.prefix(3))")
        }
    }

    /// What is wrong with a snapshot `totals` taken after `last` while the writers run, if anything.
    static func inconsistency(in totals: RunTotals, after last: RunTotals) -> String? {
        let finished = totals.filesDone + totals.filesFailed
        if totals.filesDone < last.filesDone || totals.filesFailed < last.filesFailed
            || totals.bytesProcessed < last.bytesProcessed || totals.filesProcessed < last.filesProcessed {
            return "went backwards: \(last) then \(totals)"
        }
        if totals.bytesIn != Int64(totals.filesDone) * 100 || totals.bytesOut != Int64(totals.filesDone) * 7 {
            return "half an outcome: \(totals)"
        }
        // Each writer reports 5 bytes of progress before each outcome (which brings 3 more), and
        // one writer's records arrive in its order.
        if totals.filesProcessed != finished || totals.bytesProcessed < Int64(finished) * 8
            || totals.bytesProcessed > Int64(finished) * 8 + Int64(writers) * 5 {
            return "progress out of step with outcomes: \(totals)"
        }
        if totals.filesPlanned != records || finished > records {
            return "more finished than planned: \(totals)"
        }
        return nil
    }

    /// The ablation swaps the collector and nothing else: every kind must end with the production
    /// collector's totals and outcomes, each writer's outcomes in the order it recorded them.
    @Test func everyKindEndsWithTheProductionCollectorsResults() {
        let production = CollectorKind.production.makeCollector()
        Self.recordConcurrently(into: production)
        let expected = production.outcomes().map(Recorded.init).sorted { $0.source < $1.source }
        #expect(expected.count == Self.records)

        for kind in CollectorKind.allCases {
            let collector = kind.makeCollector()
            Self.recordConcurrently(into: collector)
            #expect(collector.totals() == production.totals(), "\(kind)")
            let outcomes = collector.outcomes().map(Recorded.init)
            #expect(outcomes.sorted { $0.source < $1.source } == expected, "\(kind)")
            let byWriter = Dictionary(grouping: outcomes.map { "\($0.source)" }) { String($0.prefix { $0 != "/" }) }
            for writer in 0..<Self.writers {
                #expect(byWriter["w\(writer)"] == (0..<Self.recordsPerWriter).map { "w\(writer)/f\($0)" }, "\(kind): writer \(writer)")
            }
        }
    }

    @Test(arguments: CollectorKind.allCases)
    func aFreshCollectorIsEmptyAndPlansAddUp(kind: CollectorKind) {
        let collector = kind.makeCollector()
        #expect(collector.totals() == RunTotals())
        #expect(collector.outcomes().isEmpty)
        collector.plan(files: 3, bytes: 30)
        collector.plan(files: 2, bytes: 12)
        let totals = collector.totals()
        #expect((totals.filesPlanned, totals.bytesPlanned) == (5, 42))
        #expect((totals.filesDone, totals.bytesProcessed) == (0, 0))
    }
}

/// A flag set once from one thread and read from others.
private final class SharedFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
