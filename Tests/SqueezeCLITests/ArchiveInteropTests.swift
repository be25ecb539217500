import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Round trips with GNU tar and bsdtar in both directions, on a tree with every kind of entry:
/// squeeze's archives are ordinary .tar.gz files, and squeeze extracts what they write.
@Suite struct ArchiveInteropTests {
    static let tree = "tree"

    /// The source tree, as tar restores it as root (owners included) and as squeeze does by default
    /// (no device or FIFO, no setuid bit, owned by whoever extracts).
    static func snapshot(_ root: String, owners: Bool = true) -> TreeSnapshot {
        TreeSnapshot(of: root, owners: owners)
    }

    @Test(arguments: ["libdeflate", "zlib"])
    func gnuTarAndBsdtarExtractWhatSqueezeArchives(codec: String) throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch(Self.tree))
        let result = try Squeeze.run([
            "archive", scratch(Self.tree), "-o", scratch("t.tar.gz"), "--codec", codec, "--block-size", "64KiB", "-j", "2",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("squeeze archive: "))
        #expect(try CommandRunner.run("gzip", ["-t", scratch("t.tar.gz")]).status == 0)
        #expect(try CommandRunner.run("pigz", ["-t", scratch("t.tar.gz")]).status == 0)

        let source = Self.snapshot(scratch(Self.tree))
        try FileManager.default.createDirectory(atPath: scratch("gnu"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch("bsd"), withIntermediateDirectories: true)
        let gnu = try CommandRunner.run("tar", ["-xzpf", scratch("t.tar.gz"), "-C", scratch("gnu")])
        #expect(gnu.status == 0, "\(gnu.standardError)")
        let bsd = try CommandRunner.run("bsdtar", ["-xpf", scratch("t.tar.gz"), "-C", scratch("bsd")])
        #expect(bsd.status == 0, "\(bsd.standardError)")
        for extracted in ["gnu", "bsd"] {
            let restored = Self.snapshot(scratch(extracted)).subtree(Self.tree)
            #expect(restored == source, "\(extracted): \(restored.differences(from: source))")
        }
    }

    @Test(arguments: [
        ("GNU tar, gnu format", "tar", ["--format=gnu", "-czf"]),
        ("GNU tar, pax format", "tar", ["--format=pax", "-czf"]),
        ("GNU tar, xz", "tar", ["-cJf"]),
        ("bsdtar", "bsdtar", ["-czf"]),
    ])
    func squeezeExtractsWhatTarArchives(label: String, tool: String, create: [String]) throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch(Self.tree))
        let archive = try CommandRunner.run(tool, create + [scratch("t.tar"), "-C", scratch.path, Self.tree])
        #expect(archive.status == 0, "\(label): \(archive.standardError)")
        let source = Self.snapshot(scratch(Self.tree))

        let everything = try Squeeze.run([
            "extract", scratch("t.tar"), "-C", scratch("all"), "--allow-special-files", "--keep-setuid", "--same-owner", "-q",
        ])
        // GNU tar's pax format stores a name that is not UTF-8 as a pax path anyway (not flagged
        // as binary): libarchive warns, and keeps its bytes.
        let warnings = everything.standardError.split(separator: "\n")
        #expect(everything.status == 0 || (everything.status == 2 && warnings.allSatisfy { $0.contains("can't be converted from UTF-8") }),
                "\(label): \(everything.standardError)")
        let restored = Self.snapshot(scratch("all")).subtree(Self.tree)
        #expect(restored == source, "\(label): \(restored.differences(from: source))")

        // The safe default: special files refused (exit 1, named), setuid cleared, owned by us.
        let safe = try Squeeze.run(["extract", scratch("t.tar"), "-C", scratch("safe"), "-q"])
        #expect(safe.status == 1)
        #expect(safe.standardError.contains("\(Self.tree)/fifo: refused: a FIFO"))
        var expected = Self.snapshot(scratch(Self.tree), owners: false).removing(["fifo", "null-device"])
        expected.update("suid-tool") { $0.permissions = 0o755 }
        let safeResult = Self.snapshot(scratch("safe"), owners: false).subtree(Self.tree)
        #expect(safeResult == expected, "\(label): \(safeResult.differences(from: expected))")
    }

    /// cpio stores a file with several names as one entry per name: newc puts the data on the last
    /// (libarchive reads it as a hard link that carries data), odc on every one.
    @Test(arguments: ["newc", "odc"])
    func squeezeExtractsWhatBsdcpioArchives(format: String) throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch(Self.tree))
        let names = try CommandRunner.run("find", [Self.tree], currentDirectory: scratch.path)
        let archive = try CommandRunner.run("bsdcpio", ["-o", "-H", format, "-O", scratch("t.cpio")], input: names.standardOutput, currentDirectory: scratch.path)
        #expect(archive.status == 0, "\(archive.standardError)")

        let result = try Squeeze.run([
            "extract", scratch("t.cpio"), "-C", scratch("all"), "--allow-special-files", "--keep-setuid", "--same-owner", "-q",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let source = Self.snapshot(scratch(Self.tree))
        let restored = Self.snapshot(scratch("all")).subtree(Self.tree)
        #expect(restored == source, "\(format): \(restored.differences(from: source))")
    }

    @Test func theSameTreeGivesTheSameArchive() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch(Self.tree))
        for run in ["one", "two"] {
            try FileManager.default.createDirectory(atPath: scratch(run), withIntermediateDirectories: true)
            let mode = run == "one" ? "sequential" : "operation"
            let result = try Squeeze.run(["archive", scratch(Self.tree), "-o", scratch("\(run)/t.tar.gz"), "--mode", mode, "-q"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try TreeBuilder.read(scratch("one/t.tar.gz")) == TreeBuilder.read(scratch("two/t.tar.gz")))
    }
}
