import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Outputs are nameless (`O_TMPFILE`) until complete and named with `linkat` of their descriptor,
/// or through /proc where the kernel refuses that; where neither can be done, named temporaries do
/// the same job. Either way a user sees the same outputs
/// and the same messages.
@Suite struct NamelessOutputTests {
    /// Without /proc/self/fd (an empty tmpfs over it, in a private mount namespace), a nameless
    /// file could not be named: every command writes through named temporaries instead, with the
    /// same results. (Without the check that falls back, every output would fail to be named.)
    @Test(.enabled(if: SmallFileSystem.isAvailable, "needs root and unshare -m"))
    func withoutProcEveryOutputIsWrittenThroughANamedTemporary() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("alpha\n", to: scratch("in/a.txt"))
        try TreeBuilder.write("beta\n", to: scratch("in/b.txt"))
        try TreeBuilder.write("old", to: scratch("in/b.txt.gz"))
        let withoutProc = { (arguments: [String]) in
            try CommandRunner.run("unshare", SmallFileSystem.withoutProcessDescriptors(arguments))
        }

        let compressed = try withoutProc(["compress", scratch("in")])
        #expect(compressed.status == 2, "\(compressed.standardError)")
        #expect(compressed.standardError.contains("b.txt.gz' already exists"), "\(compressed.standardError)")
        #expect(try TreeBuilder.read(scratch("in/b.txt.gz")) == Array("old".utf8))
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("in/a.txt.gz")]).output == "alpha\n")

        let forced = try withoutProc(["compress", scratch("in/b.txt"), "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("in/b.txt.gz")]).output == "beta\n")

        let decompressed = try withoutProc(["decompress", scratch("in/a.txt.gz"), "-o", scratch("out")])
        #expect(decompressed.status == 0, "\(decompressed.standardError)")
        #expect(try TreeBuilder.read(scratch("out/a.txt")) == Array("alpha\n".utf8))
        #expect(TreeBuilder.files(under: scratch("in")) == ["a.txt", "a.txt.gz", "b.txt", "b.txt.gz"])
        #expect(TreeBuilder.files(under: scratch("out")) == ["a.txt"])
    }

    /// An output that is not its source's is refused alike for large and small files, whether
    /// the walk saw it beside its source (checked before anything is compressed) or it is met
    /// under `-o DIR` (a file of 64 KiB or more looks for its output before it is read; a smaller
    /// one finds it when its output is named), and what was there is untouched.
    @Test(arguments: [false, true]) func anExistingOutputIsSkippedAlikeForLargeAndSmallFiles(underOutputDirectory: Bool) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 13)
        try TreeBuilder.write(data.text(100 << 10), to: scratch("in/large.txt"))
        try TreeBuilder.write("small\n", to: scratch("in/small.txt"))
        let outputs = underOutputDirectory ? "out" : "in"
        for name in ["large", "small"] { try TreeBuilder.write("precious", to: scratch("\(outputs)/\(name).txt.gz")) }
        let result = try Squeeze.run(["compress", scratch("in")] + (underOutputDirectory ? ["-o", scratch("out")] : []))
        #expect(result.status == 2, "\(result.standardError)")
        for name in ["large", "small"] {
            #expect(result.standardError.contains("\(name).txt.gz' already exists and is not this file's complete output (use --force to overwrite)"),
                    "\(result.standardError)")
            #expect(try TreeBuilder.read(scratch("\(outputs)/\(name).txt.gz")) == Array("precious".utf8))
        }
        #expect(result.output.contains("0 files done, \(underOutputDirectory ? 2 : 4) skipped, 0 failed"), "\(result.output)")
        #expect(TreeBuilder.files(under: scratch("in")) == (underOutputDirectory ? ["large.txt", "small.txt"] : ["large.txt", "large.txt.gz", "small.txt", "small.txt.gz"]))
    }

    /// Nothing is looked up before a small file is compressed: its output's existence shows when
    /// its output cannot be made or named. On a read-only disk, a file whose output exists is still
    /// skipped as "already exists", and one whose output does not fails with the disk's reason.
    @Test(.enabled(if: SmallFileSystem.isAvailable, "needs root and unshare -m"))
    func onAReadOnlyDiskAnExistingOutputIsStillReportedAsSuch() throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch("disk"), withIntermediateDirectories: true)
        let run = try SmallFileSystem.runSqueeze(
            ["compress", scratch("disk")], mountPoint: scratch("disk"), kibibytes: 64, copyTo: scratch("left"),
            prepare: #"echo one > "$1/a.txt" && echo old > "$1/a.txt.gz" && echo two > "$1/b.txt" && mount -o remount,ro "$1""#)

        #expect(run.result.status == 1, "\(run.result.standardError)")
        #expect(run.result.standardError.contains("a.txt.gz' already exists"), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("b.txt.gz"), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("Read-only file system"), "\(run.result.standardError)")
        #expect(TreeBuilder.files(under: run.contents) == ["a.txt", "a.txt.gz", "b.txt"])
        #expect(try TreeBuilder.read(scratch("left/a.txt.gz")) == Array("old\n".utf8))
    }

    /// An unprivileged user, without CAP_DAC_READ_SEARCH, names nameless outputs too: by their
    /// descriptor where the kernel lets a file's opener link it (Linux 6.10 on), else through
    /// /proc, which the run then keeps to. Outputs are whole, an existing one survives, and no
    /// temporary is left.
    @Test(.enabled(if: geteuid() == 0, "needs root to become another user"))
    func anUnprivilegedUserGetsTheSameOutputs() throws {
        let scratch = try TemporaryDirectory()
        chmod(scratch.path, 0o755)
        var data = TestData(seed: 61)
        var texts: [String: [UInt8]] = [:]
        for index in 0..<40 {
            let text = data.text(50 + index * 37)
            texts["in/f\(index).txt"] = text
            try TreeBuilder.write(text, to: scratch("in/f\(index).txt"))
        }
        try TreeBuilder.write("precious", to: scratch("in/f7.txt.gz"))
        _ = try CommandRunner.run("chown", ["-R", "65534:65534", scratch("in")])
        let result = try CommandRunner.run(
            "setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all",
             Squeeze.binary, "compress", scratch("in"), "-j", "2"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("f7.txt.gz' already exists"), "\(result.standardError)")
        #expect(try TreeBuilder.read(scratch("in/f7.txt.gz")) == Array("precious".utf8))
        for (path, text) in texts where path != "in/f7.txt" {
            let decompressed = try CommandRunner.run("gzip", ["-dc", scratch(path + ".gz")])
            #expect(Array(decompressed.standardOutput) == text, "\(path)")
        }
        let files = TreeBuilder.files(under: scratch("in"))
        #expect(files.count == 80, "\(files)")
        #expect(files.allSatisfy { texts["in/" + $0] != nil || texts["in/" + $0.dropLast(3)] != nil }, "\(files)")
    }
}
