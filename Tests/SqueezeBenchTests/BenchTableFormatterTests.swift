import SqueezeBench
import SqueezeKit
import Testing

@Suite struct BenchTableFormatterTests {
    @Test func aRowPerModeWithItsFigures() {
        let text = BenchTableFormatter().format(BenchReportFixture.fourModes)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A report without a format (from before zstd) wrote gzip.
        #expect(lines[0] == "squeeze bench: /data/tree: 7,914 files, 114.6 MB; gzip (libdeflate level 6), qos user-initiated, "
            + "outputs written, median of 3 runs after 1 warm-up round, 2 cores")
        var zstd = BenchReportFixture.fourModes
        zstd.settings.format = .zstd
        zstd.settings.codec = .zstd
        zstd.settings.level = 19
        #expect(BenchTableFormatter().format(zstd).hasPrefix("squeeze bench: /data/tree: 7,914 files, 114.6 MB; zstd level 19, qos"))
        let header = lines[2]
        for column in ["mode", "jobs", "wall (median)", "min-max", "MB/s", "files/s", "speedup", "efficiency", "CPU util", "peak mem", "ratio"] {
            #expect(header.contains(column), "\(column)")
        }
        let apply = try! #require(lines.first { $0.hasPrefix("apply ") })
        #expect(apply.contains("0.500 s"))
        #expect(apply.contains("0.480-0.520"))
        #expect(apply.contains("229.2"))  // 114.6 MB / 0.5 s
        #expect(apply.contains("15,828"))  // 7,914 files / 0.5 s
        #expect(apply.contains("2.20x"))
        #expect(apply.contains("110%"))
        #expect(apply.contains("30 MiB"))
        #expect(apply.contains("4.61x"))
        #expect(text.contains("identical output: yes, 7,914 files byte for byte in all 16 runs"))
    }

    @Test func columnsLineUp() {
        let lines = BenchTableFormatter().format(BenchReportFixture.fourModes).split(separator: "\n").map(String.init)
        let table = lines[1...5]
        // Right-aligned numbers end in the same column: the ratio column is last.
        #expect(Set(table.map(\.count)).count == 1, "\(table)")
    }

    @Test func differentOutputIsLoud() {
        let text = BenchTableFormatter().format(BenchReportFixture.report([("sequential", .sequential, 1, [1])], identical: false))
        #expect(text.contains("IDENTICAL OUTPUT: NO"))
        #expect(text.contains("apply, 2 jobs (round 1) differs"))
    }
}
