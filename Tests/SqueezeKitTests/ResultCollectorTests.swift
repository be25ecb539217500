import Dispatch
@testable import SqueezeKit
import Testing

@Suite struct ResultCollectorTests {
    @Test func concurrentRecordsAllArriveAndAddUp() {
        let collector = ResultCollector()
        collector.plan(files: 8 * 500, bytes: 8 * 500 * 10)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 {
                collector.recordProgress(bytes: 3)
                let failed = index % 50 == 0
                collector.record(FileOutcome(
                    source: PathName("t\(thread)/\(index)"), output: nil, bytesIn: 10, bytesOut: 4, seconds: 0,
                    status: failed ? .failed("boom") : .done, warning: index % 100 == 1 ? "w" : nil))
                if index % 97 == 0 { _ = collector.totals() }
            }
        }
        let totals = collector.totals()
        #expect(totals.filesPlanned == 4000)
        #expect(totals.filesDone == 8 * 490)
        #expect(totals.filesFailed == 8 * 10)
        #expect(totals.warnings == 8 * 5)
        #expect(totals.bytesIn == Int64(8 * 490 * 10))
        #expect(totals.bytesOut == Int64(8 * 490 * 4))
        #expect(totals.bytesProcessed == Int64(8 * 500 * 3))
        #expect(collector.outcomes().count == 4000)
    }
}

@Suite struct RunTotalsTests {
    /// An archive's entries count as processed while it is written, and not again when their
    /// outcomes are recorded at its commit; the archive itself is not a file processed.
    @Test func filesAreCountedOnceWhetherReportedEarlyOrAtTheEnd() {
        var totals = RunTotals()
        totals.addProgress(bytes: 10, files: 1)
        var entry = FileOutcome(source: "e", output: "a.tar.gz", bytesIn: 10, bytesOut: 0, seconds: 0, status: .done)
        entry.progressFiles = 0
        totals.add(entry)
        var archive = FileOutcome(source: "a.tar.gz", output: "a.tar.gz", bytesIn: 0, bytesOut: 5, seconds: 0, status: .done)
        archive.isArchive = true
        totals.add(archive)
        totals.add(FileOutcome(source: "f", output: nil, bytesIn: 1, bytesOut: 1, seconds: 0, status: .failed("x")))
        #expect(totals.filesProcessed == 2)
        #expect(totals.filesDone == 1)
        #expect(totals.filesFailed == 1)
    }
}
