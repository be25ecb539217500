import SqueezeKit
import Testing

@Suite struct ProgressEstimatorTests {
    static func totals(planned: Int64, processed: Int64, files: Int = 10, done: Int = 0, failed: Int = 0) -> RunTotals {
        var totals = RunTotals()
        totals.filesPlanned = files
        totals.bytesPlanned = planned
        totals.bytesProcessed = processed
        totals.filesDone = done
        totals.filesFailed = failed
        totals.filesProcessed = done + failed
        return totals
    }

    @Test func beforeThePlanNothingIsKnown() {
        var estimator = ProgressEstimator()
        let reading = estimator.observe(RunTotals(), at: 0)
        #expect(!reading.isPlanned)
        #expect(reading.bytesPerSecond == nil)
        #expect(reading.secondsRemaining == nil)
    }

    @Test func theFirstSampleHasNoSpeedYet() {
        var estimator = ProgressEstimator()
        let reading = estimator.observe(Self.totals(planned: 1000, processed: 100), at: 10)
        #expect(reading.isPlanned)
        #expect(reading.fraction == 0.1)
        #expect(reading.bytesPerSecond == nil)
        #expect(reading.secondsRemaining == nil)
    }

    @Test func speedAndTimeLeftComeFromTheSamples() throws {
        var estimator = ProgressEstimator(window: 5)
        _ = estimator.observe(Self.totals(planned: 1000, processed: 0), at: 100)
        let reading = estimator.observe(Self.totals(planned: 1000, processed: 200, done: 2, failed: 1), at: 102)
        #expect(reading.bytesPerSecond == 100)
        #expect(reading.secondsRemaining == 8)
        #expect(reading.filesDone == 3)
        #expect(reading.filesTotal == 10)
    }

    @Test func theSpeedForgetsWhatIsOlderThanTheWindow() throws {
        var estimator = ProgressEstimator(window: 2)
        // Fast at first (1000 B/s), then slow (10 B/s).
        _ = estimator.observe(Self.totals(planned: 100_000, processed: 0), at: 0)
        _ = estimator.observe(Self.totals(planned: 100_000, processed: 10_000), at: 10)
        var reading = ProgressReading(isPlanned: false, filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0)
        for second in 11...20 {
            reading = estimator.observe(Self.totals(planned: 100_000, processed: 10_000 + Int64(second - 10) * 10), at: Double(second))
        }
        let speed = try #require(reading.bytesPerSecond)
        #expect(abs(speed - 10) < 1e-9, "speed \(speed)")
        let remaining = try #require(reading.secondsRemaining)
        #expect(abs(remaining - (100_000 - 10_100) / 10) < 1e-6)
    }

    @Test func noProgressMeansNoEstimate() {
        var estimator = ProgressEstimator()
        _ = estimator.observe(Self.totals(planned: 1000, processed: 500), at: 0)
        let reading = estimator.observe(Self.totals(planned: 1000, processed: 500), at: 1)
        #expect(reading.bytesPerSecond == 0)
        #expect(reading.secondsRemaining == nil)
    }

    @Test func fractionCountsFilesWhenThereAreNoBytes() {
        var estimator = ProgressEstimator()
        let reading = estimator.observe(Self.totals(planned: 0, processed: 0, files: 4, done: 1), at: 0)
        #expect(reading.isPlanned)
        #expect(reading.fraction == 0.25)
    }

    @Test func fractionNeverPassesOne() {
        var estimator = ProgressEstimator()
        // A file that grew while it was read.
        #expect(estimator.observe(Self.totals(planned: 100, processed: 150), at: 0).fraction == 1)
    }
}
