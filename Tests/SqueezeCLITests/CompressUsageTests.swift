import Foundation
import SqueezeTestSupport
import Testing

/// Bad usage exits 64 with a message that says what is wrong, and touches nothing.
@Suite struct CompressUsageTests {
    @Test(arguments: [
        (["--level", "13"], "out of range for libdeflate (1-12)"),
        (["--codec", "zlib", "--level", "10"], "out of range for zlib (1-9)"),
        (["--level", "0"], "out of range"),
        (["--codec", "isal", "--level", "4"], "out of range for isal (0-3)"),
        (["--block-size", "huge"], "is not a size"),
        (["--block-size", "1KiB"], "between 16KiB and 512MiB"),
        (["--jobs", "0"], "--jobs must be between 1 and 1024"),
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

    @Test func helpNamesTheSplitThreshold() throws {
        let help = try Squeeze.run(["compress", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("larger than twice --block-size"))
    }
}
