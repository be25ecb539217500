import Foundation
import SqueezeTestSupport
import Testing

/// Bad usage exits 64 with a message that says what is wrong, and touches nothing.
@Suite struct CompressUsageTests {
    @Test(arguments: [
        (["--level", "13"], "out of range for libdeflate (1-12)"),
        (["--codec", "zlib", "--level", "10"], "out of range for zlib (0-9)"),
        (["--level", "0"], "out of range"),
        (["--codec", "isal", "--level", "4"], "out of range for isal (0-3)"),
        (["--block-size", "huge"], "is not a size"),
        (["--block-size", "1KiB"], "between 16KiB and 512MiB"),
        (["--jobs=-1"], "--jobs must be between 0 (every active core) and 1024"),
        (["--jobs", "1025"], "--jobs must be between 0 (every active core) and 1024"),
        (["-k", "--rm"], "-k/--keep and --rm contradict each other"),
        (["--mode", "turbo"], "turbo"),
        (["--qos", "urgent"], "urgent"),
        (["--quiet", "--verbose"], "cannot be used together"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x", to: scratch("a.txt"))
        let result = try Squeeze.run(["compress", scratch.path] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(TreeBuilder.files(under: scratch.path) == ["a.txt"])
    }

    /// Without --level each codec takes its own default: ISA-L has no level 6, so --codec isal
    /// alone means its level 1 (as igzip's), not a usage error.
    @Test func isalWithoutALevelUsesItsOwnDefault() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("isal default level\n", to: scratch("a.txt"))
        let result = try Squeeze.run(["compress", scratch("a.txt"), "--codec", "isal", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let decoded = try CommandRunner.run("gzip", ["-dc", scratch("a.txt.gz")])
        #expect(decoded.status == 0 && decoded.standardOutput == Data("isal default level\n".utf8))
    }

    /// No path is standard input (a filter), not a usage error: a file as standard input is
    /// compressed to standard output, silently.
    @Test func noPathReadsStandardInput() throws {
        let result = try Squeeze.run(["compress"], input: Data("hello\n".utf8))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.starts(with: [0x1F, 0x8B]))
    }

    /// `-j 0` is every active core, as zstd's `-T0`: the report names the jobs it ran.
    @Test func jobsZeroMeansEveryActiveCore() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x\n", to: scratch("t/a.txt"))
        let result = try Squeeze.run(["compress", scratch("t"), "-j", "0", "--mode", "group"])
        #expect(result.status == 0, "\(result.standardError)")
        let cores = try #require(Int(CommandRunner.run("nproc", []).output.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(result.output.contains("mode group, \(cores) job"), "\(result.output)")
    }

    /// gzip's `-k` and `-r`, typed by habit, are accepted: sources are kept and trees walked
    /// anyway, so the run is the one without them.
    @Test func gzipsKeepAndRecursiveAreAccepted() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("kept\n", to: scratch("t/d/a.txt"))
        let result = try Squeeze.run(["compress", "-k", "-r", "-q", scratch("t")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty && result.output.isEmpty)
        #expect(TreeBuilder.files(under: scratch("t")) == ["d/a.txt", "d/a.txt.gz"])
    }

    /// `compress -c DIR`, as gzip -c: the directory is ignored with a warning (exit 2), and the
    /// files named around it still go to standard output.
    @Test func aDirectoryToStandardOutputIsIgnoredWithAWarning() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("one\n", to: scratch("a.txt"))
        try TreeBuilder.write("two\n", to: scratch("dir/b.txt"))
        let result = try Squeeze.run(["compress", "-c", scratch("dir"), scratch("a.txt")])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("\(scratch("dir")): is a directory -- ignored"), "\(result.standardError)")
        let decoded = try CommandRunner.run("gzip", ["-dc"], input: result.standardOutput)
        #expect(decoded.output == "one\n")
    }

    /// The root help gives `-V` and every exit status, 141 included.
    @Test func rootHelpGivesTheVersionFlagAndEveryExitStatus() throws {
        let help = try Squeeze.run(["--help"])
        #expect(help.status == 0)
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["-V or --version", "64 bad usage", "130 interrupted", "141 the reader of standard output went away"] {
            #expect(text.contains(expected), "\(expected): \(help.output)")
        }
    }

    @Test func helpNamesTheSplitThreshold() throws {
        let help = try Squeeze.run(["compress", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("larger than twice --block-size"))
    }
}
