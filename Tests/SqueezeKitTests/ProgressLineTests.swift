import SqueezeKit
import Testing

@Suite struct ProgressLineTests {
    static let reading = ProgressReading(
        isPlanned: true, filesDone: 3_012, filesTotal: 8_123, bytesDone: 37_500, bytesTotal: 100_000,
        bytesPerSecond: 84_600_000, secondsRemaining: 6.2)

    @Test func aWideLineHasEverything() {
        let line = ProgressLine().format(Self.reading, width: 120)
        #expect(line == "37%  " + "███████▌            " + "  3,012/8,123 files  84.6 MB/s  ETA 0:07")
    }

    @Test func narrowerLinesDropTheBarThenTheTimeThenTheSpeed() {
        let line = ProgressLine()
        #expect(line.format(Self.reading, width: 50) == "37%  3,012/8,123 files  84.6 MB/s  ETA 0:07")
        #expect(line.format(Self.reading, width: 40) == "37%  3,012/8,123 files  84.6 MB/s")
        #expect(line.format(Self.reading, width: 25) == "37%  3,012/8,123 files")
        #expect(line.format(Self.reading, width: 10) == "37%")
        #expect(line.format(Self.reading, width: 2) == "37")
    }

    @Test func everyLineFitsItsWidth() {
        for width in 0...100 {
            #expect(ProgressLine().format(Self.reading, width: width).count <= width)
        }
    }

    @Test func unknownSpeedAndTime() {
        var reading = Self.reading
        reading.bytesPerSecond = nil
        reading.secondsRemaining = nil
        #expect(ProgressLine().format(reading, width: 50) == "37%  3,012/8,123 files  -- MB/s  ETA --:--")
    }

    @Test func withoutATotalOnlyTheFilesDoneAreCounted() {
        let reading = ProgressReading(isPlanned: true, filesDone: 1_234, filesTotal: 0, bytesDone: 50, bytesTotal: 200)
        #expect(ProgressLine().format(reading, width: 50) == "25%  1,234 files  -- MB/s  ETA --:--")
    }

    /// A pipe's size is unknown: what went through and the speed, no percent, bar or time left.
    @Test func ofUnknownSizeItGivesTheBytesDone() {
        let reading = ProgressReading(
            isPlanned: true, filesDone: 0, filesTotal: 1, bytesDone: 12_345_678, bytesTotal: 0, bytesPerSecond: 16_100_000)
        #expect(ProgressLine().format(reading, width: 80) == "12.3 MB  0/1 files  16.1 MB/s")
        var estimator = ProgressEstimator()
        var totals = RunTotals()
        totals.filesPlanned = 1
        totals.bytesProcessed = 1_000_000
        _ = estimator.observe(totals, at: 0)
        totals.bytesProcessed = 3_000_000
        let later = estimator.observe(totals, at: 1)
        #expect(later.bytesPerSecond == 2_000_000 && later.secondsRemaining == nil)
    }

    @Test func beforeThePlanItSaysScanning() {
        let reading = ProgressReading(isPlanned: false, filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0)
        #expect(ProgressLine().format(reading, width: 80) == "scanning…")
    }

    /// Work started before the walk ended: what is done so far, and no total to measure it against.
    @Test func whileTheWalkGoesOnItCountsTheFilesDone() {
        let reading = ProgressReading(isPlanned: false, filesDone: 12_345, filesTotal: 0, bytesDone: 99, bytesTotal: 0)
        #expect(ProgressLine().format(reading, width: 80) == "scanning…  12,345 files done")
        #expect(ProgressLine().format(reading, width: 9) == "scanning…")
    }

    @Test func percentIsRoundedDownSoOnlyTheEndIsAHundred() {
        var reading = Self.reading
        reading.bytesDone = 99_999
        #expect(ProgressLine().format(reading, width: 10) == "99%")
        reading.bytesDone = 100_000
        #expect(ProgressLine().format(reading, width: 10) == "100%")
    }

    @Test func barsFillInEighths() {
        #expect(ProgressLine(barWidth: 4).format(
            ProgressReading(isPlanned: true, filesDone: 0, filesTotal: 1, bytesDone: 0, bytesTotal: 1), width: 80)
            .hasPrefix("0%      "))
        let full = ProgressLine(barWidth: 4).format(
            ProgressReading(isPlanned: true, filesDone: 1, filesTotal: 1, bytesDone: 1, bytesTotal: 1), width: 80)
        #expect(full.hasPrefix("100%  ████  1/1 files"))
        let half = ProgressLine(barWidth: 4).format(
            ProgressReading(isPlanned: true, filesDone: 0, filesTotal: 1, bytesDone: 9, bytesTotal: 16), width: 80)
        #expect(half.hasPrefix("56%  ██▎ "), "\(half)")
    }

    @Test(arguments: [
        (0.0, "0:00"), (0.2, "0:01"), (7.0, "0:07"), (59.5, "1:00"), (754.0, "12:34"), (3723.0, "1:02:03"),
        (Double.infinity, "--:--"),
    ])
    func durations(seconds: Double, text: String) {
        #expect(ProgressLine.duration(seconds) == text)
    }
}
