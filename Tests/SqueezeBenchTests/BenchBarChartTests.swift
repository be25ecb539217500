import SqueezeBench
import Testing

@Suite struct BenchBarChartTests {
    @Test func barsAreScaledToTheSlowestRunWithAWhiskerToIt() {
        let chart = BenchBarChart(width: 20).format(BenchReportFixture.fourModes)
        let lines = chart.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("median wall time"))
        // sequential: median 1.1 of 1.2 → 18.3 columns, whisker to the 20th.
        #expect(lines[1] == "sequential  ██████████████████▍┤  1.100 s  1.00x")
        // apply: median 0.5 → 8.3 columns, slowest 0.52 ends in the same column.
        #expect(lines[3] == "apply       ████████▍             0.500 s  2.20x")
        // operation: median 0.62 → 10.3 columns, whisker to 0.9 → 15.
        #expect(lines[4] == "operation   ██████████▍───┤       0.620 s  1.77x")
    }

    @Test func everyBarHasTheSameWidth() {
        let lines = BenchBarChart(width: 30).format(BenchReportFixture.fourModes).split(separator: "\n").dropFirst()
        let widths = lines.map { line in line.dropFirst(12).prefix(30).count }
        #expect(widths.allSatisfy { $0 == 30 })
    }
}
