@testable import SqueezeBench
import SqueezeKit
import Testing

/// Comparisons inside the noise are said to be, and colours carry no judgement.
@Suite struct BenchNoiseTests {
    @Test func overlappingRangesAreNoise() {
        let slow = SampleSummary([7.9, 10.1, 12.4])!
        let fast = SampleSummary([8.1, 8.9, 9.6])!
        let faster = SampleSummary([5.0, 5.5, 6.0])!
        #expect(slow.overlaps(fast) && fast.overlaps(slow))
        #expect(!slow.overlaps(faster))
    }

    /// The case: 1.13x and 0.97x from runs whose spreads overlap are marked, in the table
    /// and the chart; a speedup outside the spread is not.
    @Test func theTableAndTheChartMarkSpeedupsWithinTheNoise() {
        let report = BenchReportFixture.report([
            ("sequential", .sequential, 1, [7.9, 10.1, 12.4]),
            ("group", .group, 2, [8.1, 8.9, 9.6]),
            ("apply", .apply, 2, [9.4, 10.4, 11.9]),
            ("operation", .operation, 2, [5.0, 5.2, 5.4]),
        ])
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.label, $0) })
        #expect(rows["group"]?.speedupWithinNoise == true && rows["apply"]?.speedupWithinNoise == true)
        #expect(rows["operation"]?.speedupWithinNoise == false)
        let table = BenchTableFormatter().format(report)
        #expect(table.contains("1.13x (noise)") && table.contains("0.97x (noise)"), "\(table)")
        #expect(!table.contains("1.94x (noise)") && table.contains("1.94x"), "\(table)")
        #expect(table.contains("(noise): the fastest-to-slowest runs of the two overlap"), "\(table)")
        let svg = BenchChartSVG().render(report)
        #expect(svg.contains("≈ 1.13x") && !svg.contains("≈ 1.94x"))
    }

    /// One colour for squeeze's modes, grey for the baseline: no mode is painted red.
    @Test func coloursCarryNoJudgement() {
        let colours = BenchReportFixture.fourModes.rows.map { BenchChartSVG.colour(of: $0, kind: .modes) }
        #expect(colours == ["#9a9a9a", "#4e79a7", "#4e79a7", "#4e79a7"])
        let svg = BenchChartSVG().render(BenchReportFixture.fourModes)
        #expect(!svg.contains("#e15759"))
    }
}
