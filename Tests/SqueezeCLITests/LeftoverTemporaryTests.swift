import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// A run killed outright (SIGKILL, a power cut) cannot remove its temporaries: the next run over
/// the tree does, and says so, but never touches those of a run still going.
@Suite(.serialized) struct LeftoverTemporaryTests {
    @Test func compressRemovesWhatADeadRunLeftAndKeepsWhatALiveOneIsWriting() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("alpha\n", to: scratch("in/a.txt"))
        try TreeBuilder.write("beta\n", to: scratch("in/b.txt"))
        let sleeper = try CommandRunner.start("sleep", ["30"], scratch: TemporaryDirectory())
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let dead = TemporaryOwners.temporary(for: scratch("in/a.txt.gz"), owner: try TemporaryOwners.gone())
        let live = TemporaryOwners.temporary(for: scratch("in/b.txt.gz"), owner: TemporaryOwners.running(sleeper))
        let older = scratch("in/.c.txt.gz.squeeze-Ab12Cd")
        for path in [dead, live, older] { try TreeBuilder.write("half a gzip file", to: path) }

        let result = try Squeeze.run(["compress", scratch("in"), "--verbose"])

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dead), "the dead run's temporary is removed")
        #expect(FileManager.default.fileExists(atPath: live), "the live run's temporary is left alone")
        #expect(FileManager.default.fileExists(atPath: older), "an older squeeze's temporary cannot be judged")
        #expect(result.output.contains("skipped \(dead): removed: a temporary left by an interrupted squeeze run"), "\(result.output)")
        #expect(result.output.contains("skipped \(older): a temporary of an older squeeze"), "\(result.output)")
        #expect(result.output.contains("1 leftover temporary removed"), "\(result.output)")
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("in/a.txt.gz")]).output == "alpha\n")
        #expect(try CommandRunner.run("gzip", ["-dc", scratch("in/b.txt.gz")]).output == "beta\n")
    }

    @Test func decompressRemovesWhatADeadRunLeftButTestOnlyLooks() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("alpha\n", to: scratch("in/a.txt"))
        #expect(try Squeeze.run(["compress", scratch("in"), "--rm"]).status == 0)
        let dead = TemporaryOwners.temporary(for: scratch("in/a.txt"), owner: TemporaryOwners.beforeReboot)
        try TreeBuilder.write("half a file", to: dead)

        #expect(try Squeeze.run(["test", scratch("in")]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dead), "test writes nothing, so removes nothing")
        let result = try Squeeze.run(["decompress", scratch("in")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(TreeBuilder.files(under: scratch("in")) == ["a.txt", "a.txt.gz"])
        #expect(result.output.contains("1 leftover temporary removed"), "\(result.output)")
    }

    /// Sixteen files that take libdeflate's level 12 long enough for a run to be killed mid-write.
    private static func slowTree(in scratch: TemporaryDirectory) throws -> [String: [UInt8]] {
        var data = TestData(seed: 9)
        var originals: [String: [UInt8]] = [:]
        for index in 0..<16 {
            let chunk = data.text(1 << 20)
            originals["file\(index).txt"] = chunk
            try TreeBuilder.write(chunk, to: scratch("in/file\(index).txt"))
        }
        return originals
    }

    /// Killed outright mid-write, a run leaves no temporary at all: its outputs are nameless
    /// (O_TMPFILE) until complete. Every output it named is whole, and the next run finishes the rest.
    @Test func aRunKilledMidWriteLeavesNothingButWholeOutputs() throws {
        let scratch = try TemporaryDirectory()
        let originals = try Self.slowTree(in: scratch)
        let process = try CommandRunner.start(
            Squeeze.binary, ["compress", scratch("in"), "--level", "12", "--block-size", "256KiB"], scratch: scratch)
        let caught = KernelState.waitUntil(deadline: 60) {
            !KernelState.namelessFiles(openBy: process.processIdentifier, in: scratch("in")).isEmpty || !process.isRunning
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(caught && process.terminationReason == .uncaughtSignal, "the run ended before it was killed")
        let left = TreeBuilder.files(under: scratch("in"))
        #expect(left.allSatisfy { originals[$0] != nil || $0.hasSuffix(".gz") }, "left behind: \(left)")
        #expect(left.filter { $0.hasSuffix(".gz") }.count < 16, "the run finished before it was killed")
        for output in left where output.hasSuffix(".gz") {
            #expect(try CommandRunner.run("gzip", ["-t", scratch("in/\(output)")]).status == 0, "\(output) is incomplete")
        }

        let result = try Squeeze.run(["compress", scratch("in")])

        #expect(result.status == 0 || result.status == 2, "\(result.standardError)")
        #expect(!result.output.contains("leftover temporar"), "\(result.output)")
        for (name, original) in originals {
            let restored = try CommandRunner.run("gzip", ["-dc", scratch("in/\(name).gz")])
            #expect(restored.status == 0 && Array(restored.standardOutput) == original, "\(name).gz is not whole")
        }
    }

    /// Where outputs must be named temporaries (here: /proc/self/fd does not show the process's
    /// descriptors, so a nameless file could not be named), a run killed mid-write leaves them;
    /// the next run removes them and finishes every output whole.
    @Test(.enabled(if: SmallFileSystem.isAvailable, "needs root and unshare -m"))
    func aRunAfterAKilledOneWithNamedTemporariesRemovesThem() throws {
        let scratch = try TemporaryDirectory()
        let originals = try Self.slowTree(in: scratch)
        let temporaries = { TreeBuilder.files(under: scratch("in")).filter { $0.contains(".squeeze-") } }
        let process = try CommandRunner.start(
            "unshare", SmallFileSystem.withoutProcessDescriptors(["compress", scratch("in"), "--level", "12", "--block-size", "256KiB"]),
            scratch: scratch)
        let caught = KernelState.waitUntil(deadline: 60) { !temporaries().isEmpty || !process.isRunning }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(caught && process.terminationReason == .uncaughtSignal, "the run ended before it was killed")
        try #require(!temporaries().isEmpty, "the killed run left no temporary: nothing to test")

        let result = try Squeeze.run(["compress", scratch("in")])

        #expect(result.status == 0 || result.status == 2, "\(result.standardError)")
        #expect(temporaries().isEmpty, "temporaries left: \(temporaries())")
        #expect(result.output.contains("leftover temporary removed"), "\(result.output)")
        for (name, original) in originals {
            let restored = try CommandRunner.run("gzip", ["-dc", scratch("in/\(name).gz")])
            #expect(restored.status == 0 && Array(restored.standardOutput) == original, "\(name).gz is not whole")
        }
    }

    /// A real extract, fed a `tar czf` archive through a FIFO and killed (SIGKILL) once /proc shows
    /// it writing its second file: every file of a single-member gzip waits under a temporary
    /// until the whole stream is verified, so it leaves both. The next extract into the same
    /// destination, with or without --force, removes them (never a live run's) and says so.
    @Test(arguments: [[], ["--force"]])
    func extractRemovesWhatAKilledExtractLeft(options: [String]) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 26)
        let first = data.text(200_000), second = data.randomBytes(4 << 20)
        try TreeBuilder.write(first, to: scratch("src/top.txt"))
        try TreeBuilder.write(second, to: scratch("src/tree/second.bin"))
        #expect(try CommandRunner.run("tar", ["czf", scratch("a.tar.gz"), "-C", scratch("src"), "top.txt", "tree"]).status == 0)
        let archive = try TreeBuilder.read(scratch("a.tar.gz"))
        #expect(mkfifo(scratch("fifo"), 0o600) == 0)

        let process = try CommandRunner.start(Squeeze.binary, ["extract", scratch("fifo"), "-C", scratch("dest"), "-q"], scratch: scratch)
        let writer = open(scratch("fifo"), O_WRONLY)
        try #require(writer >= 0)
        // All but the last 1 MiB of the compressed stream: random data shrinks little, so the
        // second file is then half written, and the extract waits for the rest.
        let sent = archive.prefix(archive.count - (1 << 20))
        _ = sent.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        let temporaries = { TreeBuilder.files(under: scratch("dest")).filter { $0.contains(".squeeze-") } }
        let writing = KernelState.waitUntil(deadline: 60) {
            Self.openFiles(of: process.processIdentifier).contains { $0.contains("/tree/.second.bin.squeeze-") } || !process.isRunning
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        close(writer)
        try #require(writing && process.terminationReason == .uncaughtSignal, "the extract ended before it was killed")
        #expect(temporaries().count == 2, "\(temporaries())")

        let sleeper = try CommandRunner.start("sleep", ["30"], scratch: TemporaryDirectory())
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let live = TemporaryOwners.temporary(for: scratch("dest/tree/third"), owner: TemporaryOwners.running(sleeper))
        try TreeBuilder.write("a live run's", to: live)
        let left = temporaries().filter { !live.hasSuffix($0) }

        let result = try Squeeze.run(["extract", scratch("a.tar.gz"), "-C", scratch("dest"), "--verbose"] + options)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(temporaries().map { scratch("dest/\($0)") } == [live], "\(temporaries())")
        let destination = URL(fileURLWithPath: scratch("dest")).standardizedFileURL.path
        for name in left {
            #expect(result.output.contains("skipped \(destination)/\(name): removed: a temporary left by an interrupted squeeze run"), "\(result.output)")
        }
        #expect(result.output.contains("skipped: 2 leftover temporary removed"), "\(result.output)")
        #expect(try TreeBuilder.read(scratch("dest/top.txt")) == first)
        #expect(try TreeBuilder.read(scratch("dest/tree/second.bin")) == second)
    }

    /// The files `pid` has open, by path.
    private static func openFiles(of pid: Int32) -> [String] {
        let descriptors = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")
        }
    }
}
