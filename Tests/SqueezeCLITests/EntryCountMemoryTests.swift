import Foundation
import SqueezeTestSupport
import Testing

/// Memory follows the work in flight, not the number of entries: `list` and `extract` of an archive
/// of many empty entries (the shape of a small archive meant to exhaust memory) peak about as high
/// with five times the entries. Each record goes to the report as it is made; nothing per entry is
/// kept but what extraction needs (an identity per directory it made). Both sizes are past what
/// the decoder reads ahead (8 MiB of tar, 16,000 entries), which the peak rightly includes.
@Suite struct EntryCountMemoryTests {
    struct Report: Decodable {
        var peakMemoryBytes: Int64
        var filesDone: Int
        var exitStatus: Int32
    }

    /// The peak resident memory `squeeze arguments… --json -` reports, after checking the run.
    func peak(_ arguments: [String]) throws -> Int64 {
        let result = try Squeeze.run(arguments + ["--json", "-", "--progress", "never"])
        #expect(result.status == 0, "\(result.standardError.prefix(500))")
        let report = try JSONDecoder().decode(Report.self, from: result.standardOutput)
        return report.peakMemoryBytes
    }

    @Test func listDoesNotGrowWithTheEntries() throws {
        let scratch = try TemporaryDirectory()
        var peaks: [Int64] = []
        for count in [20_000, 100_000] {
            let archive = scratch("empty-\(count).tar.gz")
            try TarBuilder.writeEmptyEntries(count: count, to: archive)
            peaks.append(try peak(["list", archive]))
        }
        #expect(peaks[1] - peaks[0] < 6 << 20, "peak \(peaks[0]) bytes with 20,000 entries, \(peaks[1]) with 100,000")
    }

    @Test func extractDoesNotGrowWithTheEntries() throws {
        let scratch = try TemporaryDirectory()
        var peaks: [Int64] = []
        for count in [20_000, 50_000] {
            let archive = scratch("empty-\(count).tar.gz")
            try TarBuilder.writeEmptyEntries(count: count, to: archive)
            let result = try Squeeze.run(["extract", archive, "-C", scratch("out-\(count)"), "--json", "-", "--progress", "never"])
            #expect(result.status == 0, "\(result.standardError.prefix(500))")
            let report = try JSONDecoder().decode(Report.self, from: result.standardOutput)
            #expect(report.filesDone == count)
            #expect(FileManager.default.fileExists(atPath: scratch("out-\(count)/d0000/f0000000")))
            peaks.append(report.peakMemoryBytes)
        }
        #expect(peaks[1] - peaks[0] < 4 << 20, "peak \(peaks[0]) bytes with 20,000 entries, \(peaks[1]) with 50,000")
    }
}
