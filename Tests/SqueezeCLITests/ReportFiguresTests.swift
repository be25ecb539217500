import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The report's bytes in and out are what was really read and written, and it gives a ratio only
/// when the output is the input's other form, whatever failed on the way.
@Suite struct ReportFiguresTests {
    /// The "in ..., out ..., ratio ..." line of a report.
    static func sizesLine(_ output: String) -> String {
        output.split(separator: "\n").first { $0.hasPrefix("  in ") }.map(String.init) ?? ""
    }

    /// `12.3` from "in 12.3 MB": the megabytes after `label`.
    static func megabytes(_ label: String, in line: String) -> Double? {
        guard let range = line.range(of: "\(label) ") else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != " " }.filter { $0 != "," })
    }

    /// A file that keeps growing while it is archived fails, but its data is in the archive: it
    /// counts as input, so the ratio compares the archive with what it holds.
    @Test func archiveWithAFileThatChangedCountsTheDataItStored() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 17)
        try TreeBuilder.write(data.randomBytes(20_000_000), to: scratch("tree/growing"))
        try TreeBuilder.write("steady\n", to: scratch("tree/steady"))
        let appender = try CommandRunner.start(
            "sh", ["-c", "while :; do echo more >> \"$1\"; done", "appender", scratch("tree/growing")], scratch: TemporaryDirectory())
        defer { kill(appender.processIdentifier, SIGKILL); appender.waitUntilExit() }

        let result = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("tree.tar.gz")])

        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("changed while it was being archived"), "\(result.standardError)")
        let line = Self.sizesLine(result.output)
        let bytesIn = try #require(Self.megabytes("in", in: line), "\(result.output)")
        let bytesOut = try #require(Self.megabytes("out", in: line), "\(result.output)")
        #expect(bytesIn >= 20.0 && bytesOut >= 20.0, "\(line)")
        // Random data does not compress: the archive is about its input's size.
        let percent = line.split(separator: "(compressed ").last.flatMap { Double($0.prefix { $0 != "%" }) }
        #expect(percent.map { $0 > 90 && $0 < 101 } == true, "\(line)")
    }

    /// An archive that ends early: what was read of it is the input, and since entries were lost
    /// there is no ratio between it and what was written.
    @Test func extractOfADamagedArchiveReportsWhatItReadAndNoRatio() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 18)
        try TreeBuilder.write("first\n", to: scratch("tree/a"))
        try TreeBuilder.write(data.randomBytes(3_000_000), to: scratch("tree/big"))
        #expect(try CommandRunner.run("tar", ["-cf", scratch("tree.tar"), "-C", scratch(""), "tree"]).status == 0)
        #expect(try Squeeze.run(["archive", scratch("tree"), "-o", scratch("tree.tar.gz")]).status == 0)
        try TreeBuilder.write(Array(try TreeBuilder.read(scratch("tree.tar")).prefix(2_000_000)), to: scratch("cut.tar"))
        try TreeBuilder.write(Array(try TreeBuilder.read(scratch("tree.tar.gz")).prefix(2_000_000)), to: scratch("cut.tar.gz"))

        let result = try Squeeze.run(["extract", scratch("cut.tar"), "-C", scratch("out")])

        #expect(result.status == 1, "\(result.standardError)")
        let line = Self.sizesLine(result.output)
        let bytesIn = try #require(Self.megabytes("in", in: line), "\(result.output)")
        #expect(bytesIn >= 1.9 && bytesIn <= 2.1, "the 2 MB read: \(line)")
        #expect(line.hasSuffix("ratio n/a") && !line.contains("%"), "\(line)")

        let compressed = try Squeeze.run(["extract", scratch("cut.tar.gz"), "-C", scratch("out2")])
        #expect(compressed.status == 1, "\(compressed.standardError)")
        #expect(Self.sizesLine(compressed.output).hasSuffix("ratio n/a"), "\(compressed.output)")
    }

    @Test func aWholeExtractionStillHasItsRatio() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array(repeating: UInt8(ascii: "a"), count: 1_000_000), to: scratch("tree/a"))
        #expect(try Squeeze.run(["archive", scratch("tree"), "-o", scratch("tree.tar.gz")]).status == 0)
        let result = try Squeeze.run(["extract", scratch("tree.tar.gz"), "-C", scratch("out")])
        #expect(result.status == 0, "\(result.standardError)")
        let line = Self.sizesLine(result.output)
        #expect(line.contains("out 1.0 MB, ratio ") && line.contains("x (compressed 0."), "\(line)")
    }
}
