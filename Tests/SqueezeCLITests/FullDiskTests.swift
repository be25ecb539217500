import Foundation
import SqueezeTestSupport
import Testing

/// Running out of space, on a real (tiny) file system: what is written either fits whole under its
/// final name or is not there at all, nothing of squeeze's is left behind, and the run says which
/// file failed and why.
@Suite(.enabled(if: SmallFileSystem.isAvailable, "needs root, for a tmpfs in a private mount namespace"))
struct FullDiskTests {
    /// Three entries on a 128 KiB disk: the first (30 kB) and the last (6 bytes) fit, the middle
    /// one (200 kB) cannot. libarchive reports its failed write as a mere warning; tar and bsdtar
    /// fail there, and so must squeeze: no zero-filled file under the entry's name.
    @Test(arguments: ["sequential", "group", "apply", "operation"])
    func extractOntoAFullDiskFailsTheEntryThatDidNotFit(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 91)
        let first = data.randomBytes(30_000), big = data.randomBytes(200_000)
        try TreeBuilder.write(first, to: scratch("tree/a"))
        try TreeBuilder.write(big, to: scratch("tree/big"))
        try TreeBuilder.write("small\n", to: scratch("tree/z"))
        let made = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("tree.tar.gz")])
        #expect(made.status == 0, "\(made.standardError)")
        try FileManager.default.createDirectory(atPath: scratch("disk"), withIntermediateDirectories: true)

        let run = try SmallFileSystem.runSqueeze(
            ["extract", scratch("tree.tar.gz"), "-C", scratch("disk"), "--mode", mode],
            mountPoint: scratch("disk"), kibibytes: 128, copyTo: scratch("left"))

        #expect(run.result.status == 1, "\(run.result.standardError)")
        #expect(run.result.standardError.contains("tree/big"), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("No space left on device"), "\(run.result.standardError)")
        #expect(!run.result.standardError.contains(".squeeze-"), "names squeeze's temporary: \(run.result.standardError)")
        // Read whole (its entry index included), written in part: no ratio between the two. (The
        // archive's size differs by a few bytes from run to run, as its headers' times compress.)
        let archiveBytes = try #require(try FileManager.default.attributesOfItem(atPath: scratch("tree.tar.gz"))[.size] as? Int)
        let read = String(format: "%.1f kB", Double(archiveBytes) / 1000)
        #expect(run.result.output.contains("in \(read), out 30.0 kB, ratio n/a"), "\(run.result.output)")
        #expect(TreeBuilder.files(under: run.contents) == ["tree/a", "tree/z"])
        #expect(try TreeBuilder.read(scratch("left/tree/a")) == first)
        #expect(try TreeBuilder.read(scratch("left/tree/z")) == Array("small\n".utf8))
    }

    /// Incompressible files onto a disk that holds only some of their outputs: each output is
    /// whole or absent, no temporary is left, the sources are untouched (even with --rm), and the
    /// run names the files that did not fit and why.
    @Test(arguments: ["sequential", "group", "apply", "operation"])
    func compressOntoAFullDiskLeavesOnlyWholeOutputs(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 92)
        var sources: [String: [UInt8]] = [:]
        for index in 0..<6 {
            let bytes = data.randomBytes(40_000)
            sources["f\(index)"] = bytes
            try TreeBuilder.write(bytes, to: scratch("tree/f\(index)"))
        }
        try FileManager.default.createDirectory(atPath: scratch("disk"), withIntermediateDirectories: true)

        let run = try SmallFileSystem.runSqueeze(
            ["compress", scratch("tree"), "-o", scratch("disk"), "--mode", mode, "--rm", "--block-size", "16KiB"],
            mountPoint: scratch("disk"), kibibytes: 128, copyTo: scratch("left"))

        #expect(run.result.status == 1, "\(run.result.standardError)")
        #expect(run.result.standardError.contains("No space left on device"), "\(run.result.standardError)")
        let outputs = TreeBuilder.files(under: run.contents)
        #expect(!outputs.isEmpty && outputs.count < 6, "\(outputs)")
        #expect(!outputs.contains { $0.contains(".squeeze-") }, "\(outputs)")
        for output in outputs {
            let name = String(output.dropLast(3))
            let restored = try CommandRunner.run("gzip", ["-dc", scratch("left/\(output)")])
            #expect(restored.status == 0 && restored.standardOutput == Data(sources[name] ?? []), "\(output)")
        }
        // Sources whose output did not fit are still there; --rm removed only those that fit.
        let remaining = Set(TreeBuilder.files(under: scratch("tree")))
        for name in sources.keys {
            #expect(remaining.contains(name) != outputs.contains(name + ".gz"), "\(name)")
            if remaining.contains(name) {
                #expect(try TreeBuilder.read(scratch("tree/\(name)")) == sources[name])
                #expect(run.result.standardError.contains("/\(name)"), "the failure names \(name)")
            }
        }
    }

    /// libarchive cannot create the file an entry is written to: the message names the entry,
    /// never the temporary squeeze asked libarchive to create, and says why.
    @Test func aFileThatCannotBeCreatedIsNamedByItsEntryNotByItsTemporary() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("alpha\n", to: scratch("tree/a.txt"))
        #expect(try Squeeze.run(["archive", scratch("tree"), "-o", scratch("tree.tar.gz")]).status == 0)
        try FileManager.default.createDirectory(atPath: scratch("disk"), withIntermediateDirectories: true)

        let run = try SmallFileSystem.runSqueeze(
            ["extract", scratch("tree.tar.gz"), "-C", scratch("disk")], mountPoint: scratch("disk"), kibibytes: 64,
            copyTo: scratch("left"), prepare: #"mkdir "$1/tree" && mount -o remount,ro "$1""#)

        let errors = run.result.standardError
        #expect(run.result.status == 1, "\(errors)")
        #expect(errors.contains("tree/a.txt"), "\(errors)")
        #expect(errors.contains("Read-only file system"), "\(errors)")
        #expect(!errors.contains(".squeeze-") && !errors.contains(".a.txt"), "names squeeze's temporary: \(errors)")
    }
}
