import Foundation
import SqueezeTestSupport
import Testing

/// What a run loads before it starts work: libarchive (and its nine libraries) only when an
/// archive or `--version` asks for it, and the version report still names every library.
@Suite struct StartUpTests {
    /// The dynamic loader's own account (`LD_DEBUG=files`, on standard error) of the libraries
    /// a run of `squeeze ARGUMENTS` loaded, at start or later.
    private func loadsLibarchive(_ arguments: [String]) throws -> (Bool, CommandResult) {
        let result = try CommandRunner.run("env", ["LD_DEBUG=files", Squeeze.binary] + arguments)
        return (result.standardError.contains("file=libarchive.so.13"), result)
    }

    @Test func compressingAFileDoesNotLoadLibarchive() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("plain text\n", to: scratch("a.txt"))
        let (loaded, result) = try loadsLibarchive(["compress", scratch("a.txt"), "-q"])
        #expect(result.status == 0)
        #expect(!loaded)
        let decoded = try CommandRunner.run("gzip", ["-dc", scratch("a.txt.gz")])
        #expect(decoded.standardOutput == Data("plain text\n".utf8))
    }

    @Test func listingATarballLoadsLibarchiveWhenItIsNeeded() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("inside\n", to: scratch("tree/a.txt"))
        #expect(try CommandRunner.run("tar", ["-czf", scratch("t.tgz"), "-C", scratch.path, "tree"]).status == 0)
        let (loaded, result) = try loadsLibarchive(["list", scratch("t.tgz")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(loaded)
        #expect(String(decoding: result.standardOutput, as: UTF8.self).contains("t.tgz"))
    }

    /// Without libarchive (an empty file mounted over it, in a private mount namespace), what
    /// needs it says so and exits 127, as the loader would have at start; the rest works, and
    /// `--version` says it cannot be loaded.
    @Test(.enabled(if: SmallFileSystem.isAvailable)) func withoutLibarchiveOnlyWhatNeedsItFails() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("inside\n", to: scratch("tree/a.txt"))
        #expect(try CommandRunner.run("tar", ["-czf", scratch("t.tgz"), "-C", scratch.path, "tree"]).status == 0)
        let found = try CommandRunner.run("sh", ["-c", "ldconfig -p | awk '/libarchive[.]so[.]13 .*x86-64/ { print $NF; exit }'"])
        let library = String(decoding: found.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!library.isEmpty)
        func runWithout(_ arguments: [String]) throws -> CommandResult {
            try CommandRunner.run(
                "unshare", ["-m", "sh", "-c", #"mount --bind /dev/null "$1" && shift && exec "$@""#, "no-libarchive", library, Squeeze.binary] + arguments)
        }
        let list = try runWithout(["list", scratch("t.tgz")])
        #expect(list.status == 127)
        #expect(list.standardError.contains("squeeze: cannot load libarchive.so.13"), "\(list.standardError)")
        // --version still answers, naming what could not be loaded.
        let version = try runWithout(["--version"])
        #expect(version.status == 0, "\(version.standardError)")
        #expect(String(decoding: version.standardOutput, as: UTF8.self).contains("\nlibarchive: cannot load libarchive.so.13"))
        let compress = try runWithout(["compress", "-q", scratch("tree/a.txt")])
        #expect(compress.status == 0, "\(compress.standardError)")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["a.txt", "a.txt.gz"])
    }

    @Test(arguments: [["-V"], ["--version"]])
    func theVersionNamesEveryLibrary(arguments: [String]) throws {
        let result = try Squeeze.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 6, "\(lines)")
        for (line, library) in zip(lines, ["squeeze ", "zlib ", "libdeflate ", "isa-l ", "zstd ", "libarchive "]) {
            #expect(line.hasPrefix(library) && line.dropFirst(library.count).first?.isNumber == true, "\(line)")
        }
    }

    /// After `--`, `-V` is a file's name: compressed, with no version printed.
    @Test func aFileNamedLikeTheVersionFlagIsCompressed() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("named -V\n", to: scratch("-V"))
        let result = try Squeeze.run(["compress", "-q", "--", "-V"], currentDirectory: scratch.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(TreeBuilder.files(under: scratch.path) == ["-V", "-V.gz"])
    }

    @Test func theHelpStillOffersTheVersion() throws {
        let result = try Squeeze.run(["--help"])
        #expect(result.status == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self).contains("--version"))
    }

    /// A subcommand is parsed on its own first (a cheaper start), but what the parser says still
    /// names `squeeze <command>`: usage errors, help, and a subcommand's own subcommands.
    @Test func messagesAndHelpNameTheWholeCommand() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("x", to: scratch("a.txt"))
        let bad = try Squeeze.run(["compress", scratch("a.txt"), "--jobs", "2000"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("Usage: squeeze compress ["), "\(bad.standardError)")
        #expect(TreeBuilder.files(under: scratch.path) == ["a.txt"])
        let unknown = try Squeeze.run(["decompress", "--no-such-option", scratch("a.txt")])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("Usage: squeeze decompress"), "\(unknown.standardError)")
        let help = try Squeeze.run(["help", "gzip"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: squeeze gzip"), "\(help.output)")
        let merge = try Squeeze.run(["report", "merge"])
        #expect(merge.status == 64)
        #expect(merge.standardError.contains("Usage: squeeze report merge"), "\(merge.standardError)")
    }
}
