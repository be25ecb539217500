import Foundation
import SqueezeTestSupport
import Testing

/// `squeeze list`: exact sizes, member counts, names and times, from the index or by decoding.
@Suite struct ListCommandTests {
    struct Listing: Decodable {
        var format: String
        var compressedBytes: Int64
        var uncompressedBytes: Int64
        var members: Int
        var originalName: String?
        var modificationTime: UInt32?
        var sizeSource: String
        var trailingGarbageBytes: Int64
    }

    struct Entry: Decodable {
        var path: String
        var listing: Listing?
    }

    struct Report: Decodable {
        var files: [Entry]
        var exitStatus: Int32
    }

    @Test func listsIndexedAndOtherFiles() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 41)
        let original = data.randomBytes(1_200_000)
        try TreeBuilder.write(original, to: scratch("big.bin"))
        #expect(try Squeeze.run(["compress", scratch("big.bin"), "--block-size", "64KiB", "-q"]).status == 0)
        try TreeBuilder.write(original, to: scratch("plain.bin"))
        #expect(try CommandRunner.run("gzip", ["-6", scratch("plain.bin")]).status == 0)
        try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/multi-member.gz"), toPath: scratch("multi.gz"))
        try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/garbage-after.gz"), toPath: scratch("garbage.gz"))

        let result = try Squeeze.run(["list", scratch.path, "--json", "-"])
        #expect(result.status == 2, "trailing garbage is a warning: \(result.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: result.standardOutput)
        let listings = Dictionary(uniqueKeysWithValues: report.files.compactMap { entry in
            entry.listing.map { (URL(fileURLWithPath: entry.path).lastPathComponent, $0) }
        })
        let indexed = try #require(listings["big.bin.gz"])
        #expect(indexed.sizeSource == "index")
        #expect(indexed.uncompressedBytes == 1_200_000)
        #expect(indexed.members == 19)
        #expect(indexed.originalName == "big.bin")
        let plain = try #require(listings["plain.bin.gz"])
        #expect(plain.sizeSource == "decoded")
        #expect(plain.uncompressedBytes == 1_200_000)
        #expect(plain.members == 1)
        #expect(plain.compressedBytes == Int64(try TreeBuilder.read(scratch("plain.bin.gz")).count))
        #expect(listings["multi.gz"]?.members == 3)
        #expect(listings["multi.gz"]?.originalName == "one")
        #expect(listings["garbage.gz"]?.trailingGarbageBytes == 16)
        #expect(result.standardError.contains("(total, 4 files)"), "the table goes to standard error under --json -")
    }

    @Test func printsATableWithTotals() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("hello\n".utf8), to: scratch("a.txt"))
        #expect(try CommandRunner.run("gzip", [scratch("a.txt")]).status == 0)
        try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/bad-crc.gz"), toPath: scratch("bad.gz"))
        let result = try Squeeze.run(["list", scratch("a.txt.gz"), scratch("bad.gz"), "-q"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("compressed  uncompressed") == true, "\(result.output)")
        #expect(lines.contains { $0.contains("a.txt.gz") && $0.contains(" 6 ") && $0.contains("a.txt ") })
        #expect(lines.last?.contains("(total, 1 file)") == true)
        #expect(result.standardError.contains("bad.gz: invalid compressed data--crc error"))
    }
}
