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
