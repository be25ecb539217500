import Foundation
import SqueezeTestSupport
import Testing

/// `--format zstd` end to end: trees and large files compressed to `.zst` (a frame per block, a
/// seek table after a file of several), the same bytes whatever the mode and jobs, read back by
/// squeeze (in parallel where the frames can be found) and by the real zstd, zstdcat and pzstd.
@Suite struct ZstdCommandTests {
    /// A tree of a large file (several 64 KiB blocks), a small one, and an empty one.
    static func makeTree(in scratch: TemporaryDirectory) throws -> [String: [UInt8]] {
        var data = TestData(seed: 311)
        let files: [String: [UInt8]] = [
            "tree/large": data.text(500_000) + data.randomBytes(700_000) + data.text(100_000),
            "tree/sub/small.txt": data.text(3_000),
            "tree/empty": [],
        ]
        for (name, bytes) in files { try TreeBuilder.write(bytes, to: scratch(name)) }
        return files
    }

    static func require(_ name: String) throws {
        try #require(CommandRunner.isInstalled(name), "\(name) is not installed (scripts/bootstrap installs it)")
    }

    @Test func aTreeCompressesToZstdThatEveryReaderReads() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.makeTree(in: scratch)
        let made = try Squeeze.run(["compress", "--format", "zstd", "--block-size", "64KiB", "-q", scratch("tree")])
        #expect(made.status == 0, "\(made.standardError)")
        for (name, original) in files {
            let compressed = scratch(name + ".zst")
            #expect(FileManager.default.fileExists(atPath: scratch(name)), "the source stays without --rm")
            for (tool, arguments) in [("zstd", ["-dc"]), ("zstdcat", []), ("pzstd", ["-dc", "-p", "2"])] {
                try Self.require(tool)
                let read = try CommandRunner.run(tool, arguments + [compressed])
                #expect(read.status == 0 && Array(read.standardOutput) == original, "\(tool) \(name): \(read.standardError)")
            }
        }
        // The large file's frames and seek table, as zstd itself lists them.
        let listed = try CommandRunner.run("zstd", ["-lv", scratch("tree/large.zst")])
        #expect(listed.output.contains("# Zstandard Frames: 20") && listed.output.contains("# Skippable Frames: 1"), "\(listed.output)")
        #expect(listed.output.contains("Check: XXH64"))

        // squeeze reads them back, checking each frame; list gives the sizes from the seek table.
        let tested = try Squeeze.run(["test", "-q", scratch("tree")])
        #expect(tested.status == 0, "\(tested.standardError)")
        let list = try Squeeze.run(["list", scratch("tree/large.zst")])
        #expect(list.status == 0 && list.output.contains("1300000") && list.output.contains("20"), "\(list.output)")
        let back = try Squeeze.run(["decompress", "-q", "-o", scratch("back"), scratch("tree")])
        #expect(back.status == 0, "\(back.standardError)")
        for (name, original) in files {
            let path = scratch("back/" + name.dropFirst("tree/".count))
            #expect(try TreeBuilder.read(path) == original, "\(name)")
        }
    }

    @Test func theBytesAreTheSameWhateverTheModeAndJobs() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.makeTree(in: scratch)
        var outputs: Set<[UInt8]> = []
        for (mode, jobs) in [("sequential", "1"), ("group", "3"), ("apply", "2"), ("operation", "4")] {
            let made = try Squeeze.run(["compress", "--format", "zstd", "--block-size", "64KiB", "-q", "--force", "--mode", mode, "-j", jobs, scratch("tree/large")])
            #expect(made.status == 0, "\(made.standardError)")
            outputs.insert(try TreeBuilder.read(scratch("tree/large.zst")))
        }
        #expect(outputs.count == 1)
        // The filter writes the same bytes from standard input, and reads them back.
        let large = try #require(files["tree/large"])
        let filtered = try Squeeze.run(["compress", "-c", "--format", "zstd", "--block-size", "64KiB"], input: Data(large))
        #expect(filtered.status == 0 && [Array(filtered.standardOutput)] == Array(outputs))
        let unfiltered = try Squeeze.run(["decompress", "-c"], input: filtered.standardOutput)
        #expect(unfiltered.status == 0 && Array(unfiltered.standardOutput) == large, "\(unfiltered.standardError)")
    }

    @Test func levelsAndTheirRange() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 312)
        let original = data.text(200_000)
        var sizes: [Int] = []
        for level in ["1", "3", "19"] {
            let made = try Squeeze.run(["compress", "-c", "--format", "zstd", "--level", level], input: Data(original))
            #expect(made.status == 0, "\(made.standardError)")
            let read = try CommandRunner.run("zstd", ["-dc"], input: made.standardOutput)
            #expect(Array(read.standardOutput) == original)
            sizes.append(made.standardOutput.count)
        }
        #expect(sizes[0] > sizes[1] && sizes[1] > sizes[2], "\(sizes)")
        // The default is zstd's 3.
        let plain = try Squeeze.run(["compress", "-c", "--format", "zstd"], input: Data(original))
        #expect(plain.standardOutput.count == sizes[1])
        for bad in [["--level", "20"], ["--level", "0"], ["--codec", "libdeflate"], ["--rsyncable"], ["--single-member"]] {
            let refused = try Squeeze.run(["compress", "--format", "zstd"] + bad + [scratch("none")])
            #expect(refused.status == 64, "\(bad): \(refused.standardError)")
        }
    }

    @Test func zstdIsRecognisedByItsMagicWhateverTheName() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 313)
        let original = data.text(50_000)
        try TreeBuilder.write(original, to: scratch("plain"))
        let zstd = Array(try CommandRunner.run("zstd", ["-q", "-c", scratch("plain")]).standardOutput)
        try TreeBuilder.write(zstd, to: scratch("misnamed.gz"))
        try TreeBuilder.write(zstd, to: scratch("noname"))
        let decompressed = try Squeeze.run(["decompress", "-q", scratch("misnamed.gz")])
        #expect(decompressed.status == 0, "\(decompressed.standardError)")
        #expect(try TreeBuilder.read(scratch("misnamed")) == original)
        let tested = try Squeeze.run(["test", "-q", scratch("noname")])
        #expect(tested.status == 0, "\(tested.standardError)")
        let listed = try Squeeze.run(["list", "--json", "-", scratch("noname")])
        #expect(listed.output.contains("\"format\":\"zstd\"") || listed.output.contains("\"format\" : \"zstd\""), "\(listed.output)")
        // .zst and .tzst lose their suffix as .gz and .tgz do.
        try TreeBuilder.write(zstd, to: scratch("dir/data.zst"))
        try TreeBuilder.write(zstd, to: scratch("dir/archive.tzst"))
        let tree = try Squeeze.run(["decompress", "-q", scratch("dir")])
        #expect(tree.status == 0, "\(tree.standardError)")
        #expect(TreeBuilder.files(under: scratch("dir")).sorted() == ["archive.tar", "archive.tzst", "data", "data.zst"])
    }

    @Test func aTarZstIsMadeAndExtractedAsGnuTarAndBsdtarDo() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.makeTree(in: scratch)
        try Self.require("bsdtar")
        let made = try Squeeze.run(["archive", "-q", "--block-size", "64KiB", scratch("tree"), "-o", scratch("tree.tar.zst")])
        #expect(made.status == 0, "\(made.standardError)")
        let compressed = try TreeBuilder.read(scratch("tree.tar.zst"))
        #expect(Array(compressed.prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD])
        // GNU tar through zstd, and bsdtar, extract what squeeze made.
        for (tool, arguments) in [("tar", ["-I", "zstd", "-xf"]), ("bsdtar", ["-xf"])] {
            let directory = scratch("by-\(tool)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let extracted = try CommandRunner.run(tool, arguments + [scratch("tree.tar.zst"), "-C", directory])
            #expect(extracted.status == 0, "\(tool): \(extracted.standardError)")
            for (name, original) in files { #expect(try TreeBuilder.read(directory + "/" + name) == original, "\(tool) \(name)") }
        }
        // squeeze extracts its own (frames decoded in parallel) and GNU tar's (one frame).
        let gnu = try CommandRunner.run("tar", ["-I", "zstd", "-cf", scratch("gnu.tzst"), "-C", scratch(""), "tree"])
        #expect(gnu.status == 0, "\(gnu.standardError)")
        for archive in ["tree.tar.zst", "gnu.tzst"] {
            let directory = scratch("by-squeeze-\(archive)")
            let extracted = try Squeeze.run(["extract", "-q", scratch(archive), "-C", directory])
            #expect(extracted.status == 0, "\(archive): \(extracted.standardError)")
            for (name, original) in files { #expect(try TreeBuilder.read(directory + "/" + name) == original, "\(archive) \(name)") }
        }
        let listed = try Squeeze.run(["list", scratch("tree.tar.zst")])
        #expect(listed.status == 0 && listed.output.contains("zstd"), "\(listed.output)")
        // A flipped bit in a frame fails the extraction; nothing unverified keeps the large file's name.
        var damaged = compressed
        damaged[compressed.count / 2] ^= 0x10
        try TreeBuilder.write(damaged, to: scratch("damaged.tar.zst"))
        let failed = try Squeeze.run(["extract", "-q", scratch("damaged.tar.zst"), "-C", scratch("damaged")])
        #expect(failed.status == 1 && failed.standardError.contains("damaged.tar.zst"), "\(failed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch("damaged/tree/large")))
    }

    /// The archive's name chooses its format, as tar -a: `.tar.zst` takes zstd's levels without
    /// `--format`; a `--format` that contradicts the name is refused, and nothing is written.
    @Test func anArchivesNameChoosesItsFormatAndAContradictionIsRefused() throws {
        let scratch = try TemporaryDirectory()
        let files = try Self.makeTree(in: scratch)
        let made = try Squeeze.run(["archive", "-q", scratch("tree"), "-o", scratch("high.tar.zst"), "--level", "13"])
        #expect(made.status == 0, "\(made.standardError)")
        let listed = try CommandRunner.run("tar", ["-I", "zstd", "-tf", scratch("high.tar.zst")])
        #expect(listed.status == 0 && listed.output.contains("tree/large"), "\(listed.standardError)")
        // A name that says nothing: --format chooses.
        let plain = try Squeeze.run(["archive", "-q", scratch("tree"), "-o", scratch("plain.tar"), "--format", "zstd", "--level", "19"])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(Array(try TreeBuilder.read(scratch("plain.tar")).prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD])
        let back = try Squeeze.run(["extract", "-q", scratch("plain.tar"), "-C", scratch("back")])
        #expect(back.status == 0, "\(back.standardError)")
        for (name, original) in files { #expect(try TreeBuilder.read(scratch("back/" + name)) == original, "\(name)") }

        for (arguments, message) in [
            (["-o", "x.tar.zst", "--format", "gzip"], "'x.tar.zst' names a zstd archive, but --format gzip was given"),
            (["-o", "x.tzst", "--format", "gzip"], "or name the archive .tar.gz"),
            (["-o", "x.tgz", "--format", "zstd"], "'x.tgz' names a gzip archive, but --format zstd was given"),
            (["-o", "x.tar.gz", "--level", "13"], "--level 13 is out of range for libdeflate (1-12)"),
            (["-o", "x.tar.zst", "--level", "20"], "--level 20 is out of range for zstd (1-19)"),
            (["-o", "x.tar.zst", "--codec", "zlib"], "--format zstd is written by libzstd: --codec zlib cannot be used"),
            (["-o", "x.tar.zst", "--single-member"], "--single-member is one gzip member"),
        ] {
            let refused = try Squeeze.run(["archive", "tree"] + arguments, currentDirectory: scratch.path)
            #expect(refused.status == 64, "\(arguments): \(refused.standardError)")
            #expect(refused.standardError.contains(message), "\(arguments): \(refused.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch("x.tar.zst")) && !FileManager.default.fileExists(atPath: scratch("x.tgz")))
    }

    /// A rerun, `--resume` and `--resume=verify` find complete zstd outputs done, as they do gzip's,
    /// and never one cut short (mid-frame, or at a frame's end with its seek table gone), damaged
    /// (verify), or whose time is not its source's.
    @Test func rerunsAndResumeFindCompleteZstdOutputsDone() throws {
        let scratch = try TemporaryDirectory()
        var files = try Self.makeTree(in: scratch)
        var data = TestData(seed: 314)
        for index in 0..<4 {
            let name = "tree/more/\(index).txt"
            files[name] = data.text(20_000 + index * 1_000)
            try TreeBuilder.write(files[name]!, to: scratch(name))
        }
        let arguments = ["compress", "--format", "zstd", "--block-size", "64KiB", scratch("tree")]
        let made = try Squeeze.run(arguments + ["-q"])
        #expect(made.status == 0, "\(made.standardError)")
        let rerun = try Squeeze.run(arguments + ["--json", scratch("rerun.json")])
        #expect(rerun.status == 0, "\(rerun.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch("rerun.json")))) as? [String: Any])
        #expect(report["filesDone"] as? Int == files.count && report["filesResumed"] as? Int == files.count, "\(rerun.output)")

        // The large output loses its last frame and its seek table (its other frames still end
        // where the file does), a small one is cut inside its frame, one has a byte flipped inside, one a newer time.
        let large = try TreeBuilder.read(scratch("tree/large.zst"))
        let tableLength = 8 + 20 * 8 + 9
        // The seek table's last entry: the last frame's compressed length.
        let lastFrame = large[(large.count - 17)..<(large.count - 13)].reversed().reduce(0) { $0 << 8 | Int($1) }
        try TreeBuilder.write(Array(large.dropLast(tableLength + lastFrame)), to: scratch("tree/large.zst"))
        let small = try TreeBuilder.read(scratch("tree/more/0.txt.zst"))
        try TreeBuilder.write(Array(small.dropLast(3)), to: scratch("tree/more/0.txt.zst"))
        var flipped = try TreeBuilder.read(scratch("tree/more/1.txt.zst"))
        flipped[flipped.count / 2] ^= 0x40
        try TreeBuilder.write(flipped, to: scratch("tree/more/1.txt.zst"))
        for name in ["tree/large", "tree/more/0.txt", "tree/more/1.txt"] {
            #expect(try CommandRunner.run("touch", ["-r", scratch(name), scratch(name + ".zst")]).status == 0)
        }
        #expect(try CommandRunner.run("touch", [scratch("tree/more/2.txt.zst")]).status == 0)

        let resumed = try Squeeze.run(arguments + ["--resume", "--json", scratch("resumed.json")])
        // The cut and the newer outputs are not counted done, and without --force not replaced.
        #expect(resumed.status == 2, "\(resumed.standardError)")
        let resumedReport = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch("resumed.json")))) as? [String: Any])
        #expect(resumedReport["filesResumed"] as? Int == files.count - 3, "\(resumed.output)")
        for name in ["large", "more/0.txt", "more/2.txt"] {
            #expect(resumed.standardError.contains("tree/\(name).zst' already exists"), "\(name): \(resumed.standardError)")
        }
        // --resume=verify decodes, and so tells the flipped one too; --force redoes all four.
        let verified = try Squeeze.run(arguments + ["--resume=verify", "--force", "--json", scratch("verified.json")])
        #expect(verified.status == 0, "\(verified.standardError)")
        let verifiedReport = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch("verified.json")))) as? [String: Any])
        #expect(verifiedReport["filesResumed"] as? Int == files.count - 4, "\(verified.output)")
        for (name, original) in files {
            let read = try CommandRunner.run("zstd", ["-dc", scratch(name + ".zst")])
            #expect(read.status == 0 && Array(read.standardOutput) == original, "\(name): \(read.standardError)")
        }
        // zlib's and zip's outputs are not judged: --resume refuses them.
        let refused = try Squeeze.run(["compress", "--format", "zlib", "--resume", scratch("tree")])
        #expect(refused.status == 64 && refused.standardError.contains("--resume judges gzip and zstd outputs"), "\(refused.standardError)")
    }
}
