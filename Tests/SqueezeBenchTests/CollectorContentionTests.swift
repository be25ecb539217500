import SqueezeBench
import SqueezeKit
import Testing

@Suite struct CollectorContentionTests {
    @Test(arguments: CollectorKind.allCases)
    func everyCollectorEndsExactAndIsTimed(kind: CollectorKind) {
        let result = CollectorContention(threads: 4, recordsPerThread: 2_000).measure(kind, repetitions: 3)
        #expect(result.collector == kind)
        #expect(result.exact)
        #expect(result.threads == 4)
        #expect(result.calls == 16_000)
        #expect(result.seconds.count == 3)
        #expect(result.seconds.minimum > 0 && result.seconds.minimum <= result.seconds.maximum)
        #expect(abs(result.nanosecondsPerCall - result.seconds.median * 1e9 / 16_000) < 1e-6)
    }
}
