import Foundation
import SqueezeTestSupport
import Testing

/// Reports that read right for the smallest runs: sizes in bytes and kB (never `0.0 MB`), data
/// that grew said to have grown, a decompression's rate counted in decoded bytes (and saying so),
/// a listing without a byte rate, and `sequential` reported with the one job it runs.
@Suite struct SmallRunReportTests {
    static func line(_ prefix: String, of output: String) -> String {
        output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init) ?? ""
    }

    @Test func aTinyRunOfDataThatGrows() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 8)
        try TreeBuilder.write(data.randomBytes(40), to: scratch("tiny.bin"))
        let result = try Squeeze.run(["compress", scratch("tiny.bin"), "--mode", "sequential", "-j", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        let sizes = Self.line("  in ", of: result.output)
        #expect(sizes.hasPrefix("  in 40 bytes, out "), "\(result.output)")
        #expect(sizes.contains("(grew by ") && !sizes.contains("compressed"), "\(sizes)")
        #expect(result.output.contains("mode sequential, 1 job,"), "\(result.output)")
        let rates = Self.line("  ", of: result.output.split(separator: "\n").dropFirst(4).joined(separator: "\n"))
        #expect(rates.contains("/s in, ") && !rates.contains(" 0 files/s"), "\(result.output)")
    }

    @Test func decompressionCountsDecodedBytesAndAListingNone() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(String(repeating: "the same line again\n", count: 50_000), to: scratch("text"))
        #expect(try Squeeze.run(["compress", scratch("text"), "-q"]).status == 0)
        let decompress = try Squeeze.run(["decompress", scratch("text.gz"), "-o", scratch("out"), "--json", scratch("d.json")])
        #expect(decompress.status == 0, "\(decompress.standardError)")
        #expect(decompress.output.contains("B/s decoded, "), "\(decompress.output)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch("d.json")))) as! [String: Any]
        let wall = try #require(report["wallSeconds"] as? Double)
        let rate = try #require(report["megabytesPerSecond"] as? Double)
        #expect(report["rateOf"] as? String == "decoded")
        #expect(abs(rate - 1_000_000 / 1e6 / wall) < 1e-6 * rate, "the rate of the 1,000,000 decoded bytes")
        let list = try Squeeze.run(["list", scratch("text.gz")])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(!list.output.contains("B/s"), "\(list.output)")
        #expect(list.output.contains(" files/s, peak memory"), "\(list.output)")
    }
}
