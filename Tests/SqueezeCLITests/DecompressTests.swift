import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `squeeze decompress`: round trips through `compress`, attributes, `--rm`, `--force`,
/// `--stdout`, and bad files that must leave nothing behind while the batch goes on.
@Suite struct DecompressTests {
    /// A tree with a file large enough to be decoded member by member in parallel (2 MB of
    /// incompressible bytes at 64 KiB blocks), one split but streamed, small ones and an empty one.
    static func makeTree(in root: String) throws {
        var data = TestData(seed: 21)
        try TreeBuilder.write(data.randomBytes(2_000_000), to: "\(root)/big.bin")
        try TreeBuilder.write(data.text(400_000), to: "\(root)/deep/text.log")
        try TreeBuilder.write(data.text(1_000), to: "\(root)/with space/naïve.txt")
        try TreeBuilder.write([], to: "\(root)/empty")
    }

    /// Every regular file under `root` whose name has no temporary marker: what a user would see.
    static func leftovers(under root: String) -> [String] {
        TreeBuilder.files(under: root).filter { $0.contains(".squeeze-") }
    }

    @Test(arguments: CompressModesTests.modes)
    func restoresATreeCompressedInBlocks(mode: String) throws {
        let scratch = try TemporaryDirectory()
        try Self.makeTree(in: scratch("tree"))
        let packed = try Squeeze.run(["compress", scratch("tree"), "-o", scratch("packed"), "--block-size", "64KiB", "-q"])
        #expect(packed.status == 0, "\(packed.standardError)")
        let result = try Squeeze.run(["decompress", scratch("packed"), "-o", scratch("restored"), "--mode", mode, "-j", "3"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("squeeze decompress: 4 files done, 0 skipped, 0 failed"))
        let sources = TreeBuilder.files(under: scratch("tree"))
        #expect(TreeBuilder.files(under: scratch("restored")) == sources)
        for file in sources {
            let restored = try TreeBuilder.read(scratch("restored/\(file)"))
            #expect(ByteDifference.between(restored, try TreeBuilder.read(scratch("tree/\(file)"))) == nil, "\(file)")
        }
        #expect(TreeBuilder.files(under: scratch("packed")).count == 4, "sources are kept")
    }

    @Test func keepsTheModeAndTimesOfTheGzipFile() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("hello\n".utf8), to: scratch("note.txt"))
        #expect(try CommandRunner.run("gzip", [scratch("note.txt")]).status == 0)
        #expect(chmod(scratch("note.txt.gz"), 0o640) == 0)
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_500_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, scratch("note.txt.gz"), &times, 0) == 0)

        let result = try Squeeze.run(["decompress", scratch("note.txt.gz"), "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        var status = stat()
        #expect(stat(scratch("note.txt"), &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(status.st_mtim.tv_sec == 1_500_000_000)
        #expect(try TreeBuilder.read(scratch("note.txt")) == Array("hello\n".utf8))
        #expect(FileManager.default.fileExists(atPath: scratch("note.txt.gz")))
    }

    @Test func removesSourcesOnlyAfterSuccessWithRm() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("kept\n".utf8), to: scratch("good.txt"))
        #expect(try CommandRunner.run("gzip", [scratch("good.txt")]).status == 0)
        try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/bad-crc.gz"), toPath: scratch("bad.gz"))
        let result = try Squeeze.run(["decompress", scratch("good.txt.gz"), scratch("bad.gz"), "--rm"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("bad.gz: invalid compressed data--crc error"))
        #expect(!FileManager.default.fileExists(atPath: scratch("good.txt.gz")))
        #expect(try TreeBuilder.read(scratch("good.txt")) == Array("kept\n".utf8))
        #expect(FileManager.default.fileExists(atPath: scratch("bad.gz")), "a failed source is never removed")
        #expect(!FileManager.default.fileExists(atPath: scratch("bad")))
    }

    @Test func skipsAnExistingOutputUnlessForced() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("new\n".utf8), to: scratch("a"))
        #expect(try CommandRunner.run("gzip", [scratch("a")]).status == 0)
        try TreeBuilder.write(Array("old\n".utf8), to: scratch("a"))

        let skipped = try Squeeze.run(["decompress", scratch("a.gz")])
        #expect(skipped.status == 2)
        #expect(skipped.standardError.contains("already exists"))
        #expect(try TreeBuilder.read(scratch("a")) == Array("old\n".utf8))

        let forced = try Squeeze.run(["decompress", scratch("a.gz"), "--force", "-q"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try TreeBuilder.read(scratch("a")) == Array("new\n".utf8))
    }

    @Test func leavesNoOutputForBadFilesAndGoesOn() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 22)
        let original = data.randomBytes(1_500_000)
        try TreeBuilder.write(original, to: scratch("batch/big"))
        #expect(try Squeeze.run(["compress", scratch("batch/big"), "--block-size", "64KiB", "-q"]).status == 0)
        // A damaged copy of an indexed file: the parallel path meets the bad member.
        var damaged = try TreeBuilder.read(scratch("batch/big.gz"))
        damaged[damaged.count / 2] ^= 0x55
        try TreeBuilder.write(damaged, to: scratch("batch/damaged.gz"))
        for name in ["truncated-in-data.gz", "not-gzip.gz", "empty.gz", "second-member-bad-crc.gz"] {
            try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/\(name)"), toPath: scratch("batch/\(name)"))
        }
        try FileManager.default.removeItem(atPath: scratch("batch/big"))

        let result = try Squeeze.run(["decompress", scratch("batch"), "-j", "2"])
        #expect(result.status == 1)
        #expect(result.output.contains("1 file done, 0 skipped, 5 failed"), "\(result.output)")
        for name in ["damaged.gz", "truncated-in-data.gz", "not-gzip.gz", "empty.gz", "second-member-bad-crc.gz"] {
            #expect(result.standardError.contains("batch/\(name): "), "\(name) is named with its cause")
            #expect(!FileManager.default.fileExists(atPath: scratch("batch/\(name.replacingOccurrences(of: ".gz", with: ""))")))
        }
        #expect(ByteDifference.between(try TreeBuilder.read(scratch("batch/big")), original) == nil)
        #expect(Self.leftovers(under: scratch("batch")).isEmpty)
    }

    @Test func writesToStandardOutputInTheOrderNamed() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(Array("first\n".utf8), to: scratch("b"))
        try TreeBuilder.write(Array("second\n".utf8), to: scratch("a"))
        #expect(try CommandRunner.run("gzip", [scratch("a"), scratch("b")]).status == 0)
        try FileManager.default.moveItem(atPath: scratch("a.gz"), toPath: scratch("a.compressed"))

        let result = try Squeeze.run(["decompress", "-c", "-v", scratch("b.gz"), scratch("a.compressed")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output == "first\nsecond\n")
        #expect(result.standardError.contains("squeeze decompress: 2 files done"), "the report goes to standard error")
        // Without -v, a filter prints nothing but errors, as gzip -dc.
        let quiet = try Squeeze.run(["decompress", "-c", scratch("b.gz")])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch("b")))
    }

    @Test func namesOutputsAsGzipDoes() throws {
        let scratch = try TemporaryDirectory()
        for name in ["archive.tgz", "notes.gz", "unknown.zip"] {
            try FileManager.default.copyItem(atPath: Squeeze.fixture("gzip/plain.gz"), toPath: scratch(name))
        }
        let result = try Squeeze.run(["decompress", scratch("archive.tgz"), scratch("notes.gz"), scratch("unknown.zip")])
        #expect(result.status == 2, "a named file with an unknown suffix is a warning")
        #expect(result.standardError.contains("unknown.zip: unknown suffix"))
        #expect(FileManager.default.fileExists(atPath: scratch("archive.tar")))
        #expect(FileManager.default.fileExists(atPath: scratch("notes")))
        #expect(!FileManager.default.fileExists(atPath: scratch("unknown")))
    }

    @Test func refusesConflictingOptions() throws {
        let result = try Squeeze.run(["decompress", "-c", "--rm", "x.gz"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--rm"))
    }
}
