import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Where outputs go, what they carry, and what is never overwritten or removed by accident.
@Suite struct CompressOutputTests {
    @Test func outputDirectoryMirrorsTheTreeWithModesTimesAndHeaderFields() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("alpha\n", to: scratch("in/sub/a.txt"))
        chmod(scratch("in/sub/a.txt"), 0o640)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, scratch("in/sub/a.txt"), &times, 0)
        let result = try Squeeze.run(["compress", scratch("in"), "-o", scratch("out")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(TreeBuilder.files(under: scratch("out")) == ["sub/a.txt.gz"])
        #expect(TreeBuilder.files(under: scratch("in")) == ["sub/a.txt"])
        var status = stat()
        stat(scratch("out/sub/a.txt.gz"), &status)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(status.st_mtim.tv_sec == 1_000_000_000)
        let bytes = try TreeBuilder.read(scratch("out/sub/a.txt.gz"))
        #expect(bytes[3] & 0x08 != 0, "FNAME set")
        #expect(Array(bytes[10..<15]) == Array("a.txt".utf8) && bytes[15] == 0)
        let modificationTime = bytes[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(modificationTime == 1_000_000_000)
        let restored = try CommandRunner.run("gzip", ["-dcN", scratch("out/sub/a.txt.gz")])
        #expect(restored.output == "alpha\n")
    }

    /// Files of /proc say they are empty: what they hold is read to the end all the same.
    @Test func aFileWhoseStatSizeIsZeroIsReadToItsEnd() throws {
        let scratch = try TemporaryDirectory()
        let expected = try TreeBuilder.read("/proc/version")
        #expect(!expected.isEmpty)
        var status = stat()
        stat("/proc/version", &status)
        #expect(status.st_size == 0, "the premise: /proc says 0 bytes")
        let result = try Squeeze.run(["compress", "/proc/version", "-o", scratch.path])
        #expect(result.status == 0, "\(result.standardError)")
        let restored = try CommandRunner.run("gzip", ["-dc", scratch("version.gz")])
        #expect(Array(restored.output.utf8) == expected)
    }

    @Test func anExistingOutputIsLeftUntouchedAndWarnedAbout() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("one", to: scratch("a.txt"))
        try TreeBuilder.write("two", to: scratch("b.txt"))
        try TreeBuilder.write("precious", to: scratch("a.txt.gz"))
        let result = try Squeeze.run(["compress", scratch.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("a.txt.gz' already exists"), "\(result.standardError)")
        #expect(try TreeBuilder.read(scratch("a.txt.gz")) == Array("precious".utf8))
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("b.txt.gz")]).output == "two")
        let forced = try Squeeze.run(["compress", scratch("a.txt"), "--force"])
        #expect(forced.status == 0)
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("a.txt.gz")]).output == "one")
    }

    @Test func removingSourcesHappensOnlyForCompleteOutputs() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 4)
        let big = data.text(400_000)
        try TreeBuilder.write(big, to: scratch("big.log"))
        try TreeBuilder.write("small", to: scratch("small.txt"))
        try TreeBuilder.write("blocked", to: scratch("blocked.txt"))
        // The output of blocked.txt cannot be written: its name is taken by a directory.
        try FileManager.default.createDirectory(atPath: scratch("blocked.txt.gz"), withIntermediateDirectories: false)
        let result = try Squeeze.run(["compress", scratch.path, "--rm", "--force", "--block-size", "64KiB"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("blocked.txt"), "\(result.standardError)")
        #expect(result.standardError.contains("blocked.txt.gz': it is a directory"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch("big.log")))
        #expect(!FileManager.default.fileExists(atPath: scratch("small.txt")))
        #expect(try TreeBuilder.read(scratch("blocked.txt")) == Array("blocked".utf8))
        #expect(Array(try CommandRunner.run("gzip", ["-dc", scratch("big.log.gz")]).standardOutput) == big)
        #expect(!TreeBuilder.files(under: scratch.path).contains { $0.contains(".squeeze-") })
    }

    /// Two trees mirrored into one output directory, each with a README: the second would make
    /// the same output, so it is left out, named, with exit 2.
    @Test func twoInputsWithOneOutputNameGiveAWarning() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("first", to: scratch("d1/README"))
        try TreeBuilder.write("second", to: scratch("d2/README"))
        let result = try Squeeze.run(["compress", scratch("d1"), scratch("d2"), "-o", scratch("out")])
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(scratch("d2/README")): '\(scratch("out/README.gz"))' is already made from '\(scratch("d1/README"))'"),
                "\(result.standardError)")
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("out/README.gz")]).output == "first")
    }

    @Test func aMissingPathIsReportedAndTheRestIsDone() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("here", to: scratch("here.txt"))
        let result = try Squeeze.run(["compress", scratch("missing"), scratch("here.txt")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(scratch("missing"))': No such file or directory"), "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: scratch("here.txt.gz")))
    }

    @Test func namesThatAreNotUTF8RoundTrip() throws {
        let scratch = try TemporaryDirectory()
        let name: [UInt8] = [0x6C, 0x61, 0x74, 0x69, 0x6E, 0xE9, 0x2E, 0x74, 0x78, 0x74]  // "latiné.txt" in Latin-1
        let path = Array(scratch.path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        _ = "latin-1 content".withCString { write(descriptor, $0, 15) }
        close(descriptor)
        let result = try Squeeze.run(["compress", scratch.path])
        #expect(result.status == 0, "\(result.standardError)")
        var entries: [[UInt8]] = []
        let directory = try #require(opendir(scratch.path))
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if bytes != [0x2E] && bytes != [0x2E, 0x2E] { entries.append(bytes) }
        }
        closedir(directory)
        #expect(entries.sorted { $0.lexicographicallyPrecedes($1) } == [name, name + Array(".gz".utf8)])
    }

    /// A path named on the command line whose bytes are not UTF-8 (the shell passes them as
    /// they are; Swift's `String`s would turn them into U+FFFD and name another file).
    @Test func pathsOnTheCommandLineKeepTheirBytes() throws {
        let scratch = try TemporaryDirectory()
        let made = try CommandRunner.run("sh", ["-c", "printf 'latin' > \"$1/$(printf 'caf\\351')\"", "sh", scratch.path])
        #expect(made.status == 0, "\(made.standardError)")
        let result = try CommandRunner.run("sh", ["-c", "\"$1\" compress \"$2/$(printf 'caf\\351')\" -o \"$2/out\"", "sh", Squeeze.binary, scratch.path])
        #expect(result.status == 0, "\(result.standardError)")
        let listed = try CommandRunner.run("sh", ["-c", "gzip -dc \"$1/out/$(printf 'caf\\351').gz\"", "sh", scratch.path])
        #expect(listed.output == "latin", "\(listed.standardError)")
    }

    /// Two paths that differ only in bytes that are not UTF-8 read as the same `String`; each
    /// must still name its own file, whatever options come between them (`-o DIR`, and a glob
    /// that reads the same, `caf\xea`, are values, not paths).
    @Test func pathsThatReadAlikeKeepTheirOwnBytes() throws {
        let scratch = try TemporaryDirectory()
        let made = try CommandRunner.run(
            "sh", ["-c", "printf 'e acute' > \"$1/$(printf 'caf\\351')\"; printf 'e grave' > \"$1/$(printf 'caf\\350')\"", "sh", scratch.path])
        #expect(made.status == 0, "\(made.standardError)")
        let beside = try CommandRunner.run(
            "sh", ["-c", "\"$1\" compress \"$2/$(printf 'caf\\351')\" \"$2/$(printf 'caf\\350')\"", "sh", Squeeze.binary, scratch.path])
        #expect(beside.status == 0, "\(beside.standardError)")
        #expect(beside.output.contains("2 files done"), "\(beside.output)")
        let besideE = try CommandRunner.run("sh", ["-c", "gzip -dc \"$1/$(printf 'caf\\351').gz\"", "sh", scratch.path])
        let besideG = try CommandRunner.run("sh", ["-c", "gzip -dc \"$1/$(printf 'caf\\350').gz\"", "sh", scratch.path])
        #expect(besideE.output == "e acute", "\(besideE.standardError)")
        #expect(besideG.output == "e grave", "\(besideG.standardError)")

        let between = try CommandRunner.run(
            "sh", ["-c", "\"$1\" compress --exclude \"$2/$(printf 'caf\\352')\" \"$2/$(printf 'caf\\350')\" -o \"$2/out\" "
                + "\"$2/$(printf 'caf\\351')\"", "sh", Squeeze.binary, scratch.path])
        #expect(between.status == 0, "\(between.standardError)")
        let outE = try CommandRunner.run("sh", ["-c", "gzip -dc \"$1/out/$(printf 'caf\\351').gz\"", "sh", scratch.path])
        let outG = try CommandRunner.run("sh", ["-c", "gzip -dc \"$1/out/$(printf 'caf\\350').gz\"", "sh", scratch.path])
        #expect(outE.output == "e acute", "\(outE.standardError)")
        #expect(outG.output == "e grave", "\(outG.standardError)")
    }

    @Test func includeAndExcludeSelectFiles() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("1", to: scratch("a.log"))
        try TreeBuilder.write("2", to: scratch("b.txt"))
        try TreeBuilder.write("3", to: scratch("cache/c.log"))
        let result = try Squeeze.run(["compress", scratch.path, "--include", "*.log", "--exclude", "cache", "--verbose"])
        #expect(result.status == 0)
        #expect(TreeBuilder.files(under: scratch.path) == ["a.log", "a.log.gz", "b.txt", "cache/c.log"])
        #expect(result.output.contains("matches no --include"))
        #expect(result.output.contains("excluded by 'cache'"))
    }

    @Test func followingSymlinksThroughALoopEnds() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x", to: scratch("dir/x.txt"))
        try TreeBuilder.makeSymlink(scratch("dir/back"), to: scratch("dir"))
        let result = try Squeeze.run(["compress", scratch.path, "--follow-symlinks", "--json", "-"])
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect((report?["skippedByReason"] as? [String: Int])?["symbolic link loop"] == 1)
        #expect(TreeBuilder.files(under: scratch("dir")) == ["x.txt", "x.txt.gz"])
    }

    /// Everything the gzip world uses to read must read what we write.
    @Test(arguments: ["libdeflate", "zlib"])
    func otherReadersReadOurOutput(codec: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 8)
        let small = data.text(3_000)
        let split = data.text(500_000) + data.randomBytes(100_000)
        try TreeBuilder.write(small, to: scratch("small.txt"))
        try TreeBuilder.write(split, to: scratch("split.bin"))
        let result = try Squeeze.run(["compress", scratch.path, "--codec", codec, "--block-size", "64KiB"])
        #expect(result.status == 0)
        for (name, original) in [("small.txt", small), ("split.bin", split)] {
            let gz = scratch("\(name).gz")
            for (tool, arguments) in [("gzip", ["-dc", gz]), ("pigz", ["-dc", gz]), ("zcat", [gz]), ("libdeflate-gzip", ["-dc", gz]),
                                      ("python3", ["-c", "import gzip,sys; sys.stdout.buffer.write(gzip.open(sys.argv[1]).read())", gz])] {
                guard CommandRunner.isInstalled(tool) else {
                    Issue.record("\(tool) is not installed: run scripts/bootstrap")
                    continue
                }
                let read = try CommandRunner.run(tool, arguments)
                #expect(read.status == 0, "\(tool) \(name): \(read.standardError)")
                #expect(Array(read.standardOutput) == original, "\(tool) \(name)")
            }
            #expect(try CommandRunner.run("gzip", ["-t", gz]).status == 0)
        }
    }
}
