import SqueezeBench
import Testing

@Suite struct SampleSummaryTests {
    @Test func oddCountTakesTheMiddleValueWhateverTheOrder() throws {
        let summary = try #require(SampleSummary([3.0, 1.0, 2.0]))
        #expect((summary.median, summary.minimum, summary.maximum, summary.count) == (2, 1, 3, 3))
    }

    @Test func evenCountAveragesTheTwoMiddleValues() throws {
        let summary = try #require(SampleSummary([4.0, 1.0, 10.0, 2.0]))
        #expect(summary.median == 3)
        #expect(summary.minimum == 1)
        #expect(summary.maximum == 10)
        #expect(summary.count == 4)
    }

    @Test func oneSampleIsItsOwnRange() throws {
        let summary = try #require(SampleSummary([0.25]))
        #expect((summary.median, summary.minimum, summary.maximum, summary.count) == (0.25, 0.25, 0.25, 1))
    }

    @Test func noSamplesNoSummary() {
        #expect(SampleSummary([]) == nil)
    }

    @Test func anOutlierMovesTheRangeNotTheMedian() throws {
        let summary = try #require(SampleSummary([1.0, 1.1, 0.9, 1.0, 9.0]))
        #expect(summary.median == 1.0)
        #expect(summary.maximum == 9.0)
    }
}
