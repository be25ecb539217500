import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// The interop matrix: every writer and format (GNU tar's gnu, oldgnu, posix and ustar, bsdtar's
/// pax, ustar, cpio and zip, squeeze's own) through every compressor (gzip, pigz, pigz -i, bgzip,
/// igzip, xz, zstd, bzip2, none), written by `scripts/interop-archives` from a tree built here,
/// each extracted by squeeze and by GNU tar (bsdtar for cpio and zip, which GNU tar does not
/// read): the same contents, modes, times, owners, link counts and symbolic link targets, exit 0.
/// The tree holds hard links (three names of a file, of an empty file, of a symbolic link, of a
/// sparse file over 8 GiB), symbolic links, a sparse file, long and non-UTF-8 names, empty
/// directories, a FIFO, a device, 0-byte files; the formats that store holes also get sparse
/// files over 4 and 8 GiB (see the script for the cells that cannot hold them).
@Suite(.serialized) struct InteropMatrixTests {
    static let root = "tree"
    static let big = "big"

    /// The tree, under `scratch/source`.
    static func makeTrees(in scratch: TemporaryDirectory) throws {
        let tree = scratch("source/\(root)")
        try EveryKindTree.make(at: tree)
        var data = TestData(seed: 2626)
        try TreeBuilder.write(data.text(20_000), to: "\(tree)/hard/deeper/zz-first-by-name.txt")
        try link("\(tree)/hard/deeper/zz-first-by-name.txt", "\(tree)/hard/aa-second.txt")
        try link("\(tree)/hard/deeper/zz-first-by-name.txt", "\(tree)/links/third-name.txt")
        try link("\(tree)/hard/a.txt", "\(tree)/hard/deeper/c.txt")
        try TreeBuilder.write([], to: "\(tree)/hard/empty-1")
        try link("\(tree)/hard/empty-1", "\(tree)/hard/empty-2")
        try TreeBuilder.makeSymlink("\(tree)/hard/symlink-1", to: "a.txt")
        try link("\(tree)/hard/symlink-1", "\(tree)/hard/symlink-2")
        try FileManager.default.createDirectory(atPath: "\(tree)/empty-dir-2/nested-empty", withIntermediateDirectories: true)
        try sparseFile("\(tree)/sparse/holes.bin", size: 3 << 20, islands: [0, 1 << 20, (3 << 20) - 4096], data: &data)
        try EveryKindTree.setTimes(under: tree)

        let big = scratch("source/\(Self.big)")
        try sparseFile("\(big)/over-4-GiB.bin", size: 5 << 30, islands: [0, 1 << 32, (5 << 30) - 4096], data: &data)
        try sparseFile("\(big)/over-8-GiB.bin", size: 9 << 30, islands: [12_288, 1 << 33, (9 << 30) - 100], data: &data)
        try link("\(big)/over-8-GiB.bin", "\(big)/over-8-GiB-again.bin")
        try EveryKindTree.setTimes(under: big)
    }

    /// A file of `size` bytes, holes but for 4 KiB of data at each of `islands`.
    static func sparseFile(_ path: String, size: Int, islands: [Int], data: inout TestData) throws {
        try TreeBuilder.write([], to: path)
        let descriptor = open(path, O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, off_t(size)) == 0)
        for island in islands {
            let bytes = data.randomBytes(min(4096, size - island))
            #expect(bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(island)) } == bytes.count)
        }
    }

    static func link(_ existing: String, _ new: String) throws {
        try #require(Glibc.link(existing, new) == 0, "link \(new): errno \(errno)")
    }

    /// Every archive of the matrix, written into `scratch/archives`.
    static func writeArchives(in scratch: TemporaryDirectory, big: String? = big) throws -> [String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts/interop-archives")
            .standardizedFileURL.path
        var environment = ProcessInfo.processInfo.environment
        environment["SQUEEZE"] = Squeeze.binary
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [scratch("source"), root, scratch("archives")] + (big.map { [$0] } ?? [])
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "scripts/interop-archives failed")
        return try FileManager.default.contentsOfDirectory(atPath: scratch("archives")).filter { $0 != "writers.log" }.sorted()
    }

    /// squeeze's extraction of `archive` and the reference tools', compared: GNU tar's, except
    /// for cpio and zip, which GNU tar does not read, and bsdtar's own archives, whose directories
    /// GNU tar leaves, some of them, with the time it extracted them; those are compared with
    /// bsdtar's extraction, and with GNU tar's but for directory times.
    static func expectSameExtraction(_ name: String, in scratch: TemporaryDirectory) throws {
        let archive = scratch("archives/\(name)")
        let ours = scratch("out/squeeze")
        defer { DeepTree.remove(scratch("out")) }
        let squeezed = try Squeeze.run(["extract", archive, "-C", ours, "--allow-special-files", "--keep-setuid", "--same-owner", "-q"])
        #expect(squeezed.status == 0, "\(name): \(squeezed.standardError)")
        #expect(!TreeBuilder.files(under: ours).contains { $0.contains(".squeeze-") }, "\(name)")
        let readers = name.hasPrefix("bsdtar-cpio") || name.hasPrefix("bsdtar-zip") ? ["bsdtar"]
            : name.hasPrefix("bsdtar") ? ["bsdtar", "tar"] : ["tar"]
        for (index, tool) in readers.enumerated() {
            let reference = scratch("out/\(tool)")
            try FileManager.default.createDirectory(atPath: reference, withIntermediateDirectories: true)
            let extracted = try CommandRunner.run(tool, ["-xpf", archive, "-C", reference])
            #expect(extracted.status == 0, "\(name): \(tool): \(extracted.standardError)")
            let directoryTimes = index == 0
            for tree in [root, big] {
                let expected = TreeSnapshot(of: reference, directoryTimes: directoryTimes, owners: true).subtree(tree)
                let restored = TreeSnapshot(of: ours, directoryTimes: directoryTimes, owners: true).subtree(tree)
                #expect(restored == expected, "\(name): \(tool): \(tree): \(restored.differences(from: expected))")
                if tree == root { #expect(restored.nodes.count > 30, "\(name): \(restored.paths)") }
            }
        }
    }

    @Test func squeezeExtractsEveryCellAsTheReferenceToolDoes() throws {
        for tool in ["pigz", "bgzip", "igzip", "xz", "zstd", "bzip2", "bsdtar"] {
            try #require(CommandRunner.isInstalled(tool), "\(tool) is not installed (scripts/bootstrap installs it)")
        }
        let scratch = try TemporaryDirectory()
        try Self.makeTrees(in: scratch)
        let archives = try Self.writeArchives(in: scratch)
        #expect(archives.count == 7 * 9 + 3, "\(archives)")
        for name in archives { try Self.expectSameExtraction(name, in: scratch) }
    }
}
