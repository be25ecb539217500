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
        var bytesIn: Int64
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

    /// `-` is standard input where it stands, taken once, as `zcat` takes it: after `dd` skipped
    /// the first member of a concatenation, only the second is listed; named twice, the second
    /// `-` finds nothing left (from a file and from a pipe).
    @Test func standardInputIsListedFromWhereItStandsAndOnce() throws {
        let scratch = try TemporaryDirectory()
        let made = try GzipCommandTests.shell(
            "printf 'first line\\n' > a && printf 'second\\n' > b && gzip -k a b && cat a.gz b.gz > ab.gz", in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        let first = try TreeBuilder.read(scratch("a.gz")).count
        let second = try TreeBuilder.read(scratch("b.gz")).count

        let skipped = try GzipCommandTests.shell(
            #"{ dd bs=\#(first) count=1 of=/dev/null 2>/dev/null; "$SQ" list --json - -; } < ab.gz"#, in: scratch.path)
        #expect(skipped.status == 0, "\(skipped.standardError)")
        let listing = try #require(try JSONDecoder().decode(Report.self, from: skipped.standardOutput).files.first?.listing)
        #expect(listing.members == 1 && listing.uncompressedBytes == 7 && listing.compressedBytes == Int64(second))
        #expect(listing.originalName == "b")

        for line in [#""$SQ" list --json - - - < a.gz"#, #"cat a.gz | "$SQ" list --json - - -"#] {
            let twice = try GzipCommandTests.shell(line, in: scratch.path)
            #expect(twice.status == 1, "\(line): \(twice.standardError)")
            let report = try JSONDecoder().decode(Report.self, from: twice.standardOutput)
            #expect(report.files.compactMap(\.listing).map(\.uncompressedBytes) == [11], "\(line)")
            // From a pipe too, the bytes read in are the file's, not the pipe's size (0).
            #expect(report.files.compactMap(\.listing).map(\.compressedBytes) == [Int64(first)], "\(line)")
            #expect(report.files.first { $0.listing != nil }?.bytesIn == Int64(first), "\(line)")
            #expect(twice.standardError.contains("(standard input): empty file, not in gzip format"), "\(line)")
        }
    }

    /// An archive compressed by xz or bzip2, named as a FIFO fed from a pipe, is listed with the
    /// bytes read from the pipe as its compressed size (a pipe's own size is 0).
    @Test func aCompressedArchiveFromAPipeCountsTheBytesRead() throws {
        let scratch = try TemporaryDirectory()
        let made = try GzipCommandTests.shell(
            "mkdir t && seq 1 30000 > t/n && tar cf t.tar t && xz -k t.tar && bzip2 -k t.tar", in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        for name in ["t.tar.xz", "t.tar.bz2"] {
            let size = try TreeBuilder.read(scratch(name)).count
            let listed = try GzipCommandTests.shell(
                #"mkfifo p.\#(name) && { cat \#(name) > p.\#(name) & } && "$SQ" list --json - p.\#(name); rm -f p.\#(name)"#,
                in: scratch.path)
            #expect(listed.status == 0, "\(name): \(listed.standardError)")
            let report = try JSONDecoder().decode(Report.self, from: listed.standardOutput)
            let listing = try #require(report.files.first?.listing, "\(name)")
            #expect(listing.compressedBytes == Int64(size), "\(name)")
            #expect(report.files.first?.bytesIn == Int64(size), "\(name)")
            #expect(listing.uncompressedBytes == Int64(try TreeBuilder.read(scratch("t.tar")).count), "\(name)")
        }
    }
}
