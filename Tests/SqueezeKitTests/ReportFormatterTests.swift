@testable import SqueezeKit
import Testing

@Suite struct ReportFormatterTests {
    @Test func groupsDigits() {
        #expect(ReportFormatter.count(0) == "0")
        #expect(ReportFormatter.count(999) == "999")
        #expect(ReportFormatter.count(1000) == "1,000")
        #expect(ReportFormatter.count(1_234_567) == "1,234,567")
        #expect(ReportFormatter.count(-4200) == "-4,200")
    }

    @Test func roundsDecimals() {
        #expect(ReportFormatter.decimal(1.005, places: 1) == "1.0")
        #expect(ReportFormatter.decimal(2.25, places: 2) == "2.25")
        #expect(ReportFormatter.decimal(1234.5, places: 1) == "1,234.5")
        #expect(ReportFormatter.decimal(0.07, places: 2) == "0.07")
        #expect(ReportFormatter.decimal(.infinity, places: 2) == "-")
    }

    @Test func summaryNamesEveryFigure() {
        var builder = RunReportBuilder(
            command: "compress",
            settings: RunReport.Settings(scheduling: SchedulingOptions(mode: .group, jobs: 2, qos: .utility), compression: CompressionSettings()),
            compressedSide: .output)
        builder.skipped = [SkippedPath(path: "p", reason: .special(.fifo))]
        let collector = ResultCollector()
        collector.record(FileOutcome(source: "a", output: "a.gz", bytesIn: 2_000_000, bytesOut: 500_000, seconds: 1, status: .done))
        let report = builder.build(collector: collector, interrupted: false)
        let text = ReportFormatter(verbose: true).summary(report)
        for expected in ["1 file done, 1 skipped, 0 failed", "mode group", "2 jobs", "qos utility", "libdeflate level 6",
                         "blocks of 1 MiB", "in 2.0 MB, out 500.0 kB", "ratio 4.00x", "B/s in", "files/s", "peak memory",
                         "skipped: 1 not a regular file (fifo)", "a -> a.gz", "skipped p: a FIFO, not a regular file"] {
            #expect(text.contains(expected), "missing '\(expected)' in:\n\(text)")
        }
    }
}

/// Sizes, ratios and rates that read right at any size.
@Suite struct ReportFigureWordingTests {
    @Test func sizesTakeTheUnitThatShowsThem() {
        #expect(ReportFormatter.size(0) == "0 bytes")
        #expect(ReportFormatter.size(1) == "1 byte")
        #expect(ReportFormatter.size(875) == "875 bytes")
        #expect(ReportFormatter.size(12_345) == "12.3 kB")
        #expect(ReportFormatter.size(999_949) == "999.9 kB")
        #expect(ReportFormatter.size(999_950) == "1.0 MB")
        #expect(ReportFormatter.size(114_572_174) == "114.6 MB")
        #expect(ReportFormatter.size(2_100_000_000) == "2.1 GB")
    }

    @Test func aRatioOverAHundredPercentIsGrowthNotCompression() {
        #expect(ReportFormatter.ratio(4.61) == "4.61x (compressed 21.7% of uncompressed)")
        #expect(ReportFormatter.ratio(1 / 8.75) == "0.11x (grew by 775.0%)")
        #expect(ReportFormatter.ratio(0) == "n/a")
    }

    @Test func aRateIsZeroOnlyWhenNothingWasDone() {
        #expect(ReportFormatter.rate(0) == "0")
        #expect(ReportFormatter.rate(0.025) == "0.025")
        #expect(ReportFormatter.rate(0.4) == "0.40")
        #expect(ReportFormatter.rate(3.33) == "3.3")
        #expect(ReportFormatter.rate(13_856.2) == "13,856")
    }
}
