import Foundation
import SqueezeTestSupport
import Testing

/// Archives whose gzip layer squeeze decodes itself: `extract` checks every CRC to the end of
/// the file (libarchive's filter would stop at the tar's end), and `list` shows the entries.
@Suite struct ArchiveDecodingTests {
    static func gnuTarball(in scratch: TemporaryDirectory) throws -> [UInt8] {
        var data = TestData(seed: 41)
        try TreeBuilder.write(data.text(50_000), to: scratch("tree/a.txt"))
        try TreeBuilder.write("b\n", to: scratch("tree/sub/b.txt"))
        #expect(try CommandRunner.run("tar", ["czf", scratch("gnu.tar.gz"), "-C", scratch("tree"), "."]).status == 0)
        return try TreeBuilder.read(scratch("gnu.tar.gz"))
    }

    @Test func aCorruptTrailerFailsTheExtraction() throws {
        let scratch = try TemporaryDirectory()
        var bytes = try Self.gnuTarball(in: scratch)
        bytes[bytes.count - 8] ^= 0xFF  // the CRC-32 of the last (only) member
        try TreeBuilder.write(bytes, to: scratch("bad.tar.gz"))
        let result = try Squeeze.run(["extract", scratch("bad.tar.gz"), "-C", scratch("out"), "-q"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("crc error"), "\(result.standardError)")
    }

    @Test func trailingGarbageIsAWarning() throws {
        let scratch = try TemporaryDirectory()
        let bytes = try Self.gnuTarball(in: scratch)
        try TreeBuilder.write(bytes + Array("not gzip at all".utf8), to: scratch("tail.tar.gz"))
        let result = try Squeeze.run(["extract", scratch("tail.tar.gz"), "-C", scratch("out")])
        #expect(result.status == 2)
        #expect(result.standardError.contains("trailing garbage ignored"), "\(result.standardError)")
        #expect(try TreeBuilder.read(scratch("out/sub/b.txt")) == Array("b\n".utf8))
    }

    @Test func extractReportsItsScheduling() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.gnuTarball(in: scratch)
        let result = try Squeeze.run(["extract", scratch("gnu.tar.gz"), "-C", scratch("out"), "--mode", "operation", "-j", "2", "--json", "-"])
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        let settings = report?["settings"] as? [String: Any]
        #expect(settings?["mode"] as? String == "operation")
        #expect(settings?["jobs"] as? Int == 2)
    }

    @Test func listShowsTheEntriesOfEveryKindOfArchive() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.gnuTarball(in: scratch)
        #expect(try Squeeze.run(["archive", scratch("tree"), "-o", scratch("ours.tar.gz"), "-q"]).status == 0)
        #expect(try CommandRunner.run("tar", ["cf", scratch("plain.tar"), "-C", scratch("tree"), "."]).status == 0)
        let zip = try CommandRunner.run("python3", ["-c", """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as z: z.writestr("inside/z.txt", "zipped\\n")
            """, scratch("files.zip")])
        #expect(zip.status == 0, "\(zip.standardError)")

        let result = try Squeeze.run(["list", scratch("gnu.tar.gz"), scratch("ours.tar.gz"), scratch("plain.tar"), scratch("files.zip")])
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.output
        #expect(text.contains("gzip-compressed, 4 entries"), "\(text)")
        #expect(text.contains("\(scratch("gnu.tar.gz")): GNU tar format, gzip-compressed"), "\(text)")
        #expect(text.contains("\(scratch("plain.tar")): GNU tar format, "), "\(text)")
        #expect(text.contains("\(scratch("files.zip")): ZIP"), "\(text)")
        #expect(text.contains("tree/sub/b.txt"))
        #expect(text.contains("inside/z.txt"))
        #expect(text.contains("drwxr-xr-x"))
        // A plain tar is not compressed: as large uncompressed as it is.
        let plain = try Squeeze.run(["list", scratch("plain.tar"), "--json", "-"])
        let plainReport = try JSONSerialization.jsonObject(with: plain.standardOutput) as? [String: Any]
        let plainListing = (plainReport?["files"] as? [[String: Any]])?.first?["listing"] as? [String: Any]
        let plainSize = try TreeBuilder.read(scratch("plain.tar")).count
        #expect(plainListing?["compressedBytes"] as? Int == plainSize)
        #expect(plainListing?["uncompressedBytes"] as? Int == plainSize)
        #expect(plainListing?["format"] as? String == "none")

        let json = try Squeeze.run(["list", scratch("ours.tar.gz"), "--json", "-"])
        let report = try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any]
        let file = (report?["files"] as? [[String: Any]])?.first
        let listing = file?["listing"] as? [String: Any]
        #expect(listing?["format"] as? String == "gzip")
        let archive = listing?["archive"] as? [String: Any]
        #expect(archive?["filters"] as? [String] == ["gzip"])
        let names = (archive?["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["tree/", "tree/a.txt", "tree/sub/", "tree/sub/b.txt"])
    }
}
