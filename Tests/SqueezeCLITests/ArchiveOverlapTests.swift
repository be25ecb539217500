import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `archive` stores each entry as its walk finds it: what the walk cannot read is named and the
/// rest archived, and the archive's own temporary, named where nameless files cannot be made and
/// met by the walk when it is made inside the tree, is neither stored nor reported.
@Suite struct ArchiveOverlapTests {
    /// A directory the walk cannot read, between two it can: named with its cause, the archive is
    /// made all the same (exit 1) with everything else, the directory's own entry and nothing of
    /// what it holds.
    @Test(arguments: ["apply", "operation"])
    func anUnreadableDirectoryMidWalkIsNamedAndTheRestArchived(mode: String) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 41)
        for directory in ["a", "b", "c"] {
            for file in 0..<30 { try TreeBuilder.write(data.text(2_000), to: scratch("tree/\(directory)/f\(file)")) }
        }
        #expect(chmod(scratch("tree/b"), 0) == 0)
        defer { chmod(scratch("tree/b"), 0o755) }
        let result = try OverlappedScanTests.runWithoutOverridingPermissions(
            ["archive", scratch("tree"), "-o", scratch("out.tar.gz"), "--mode", mode, "-j", "2"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("cannot read directory '\(scratch("tree/b"))'"), "\(result.standardError)")
        #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
        let listing = try CommandRunner.run("tar", ["-tzf", scratch("out.tar.gz")])
        #expect(listing.status == 0, "\(listing.standardError)")
        let expected = ["tree/", "tree/a/", "tree/b/", "tree/c/"]
            + ["a", "c"].flatMap { directory in (0..<30).map { "tree/\(directory)/f\($0)" } }
        #expect(listing.output.split(separator: "\n").map(String.init).sorted() == expected.sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["out.tar.gz", "tree"])
    }

    /// Without /proc/self/fd the archive is written under a named temporary beside it, here in
    /// the tree's top directory, which exists before the walk lists it: the walk passes it by
    /// silently (no skip in the report), and the archive holds the tree alone.
    @Test(.enabled(if: SmallFileSystem.isAvailable, "needs root and unshare -m"))
    func itsNamedTemporaryInsideTheTreeIsNeitherStoredNorReported() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("alpha\n", to: scratch("tree/a.txt"))
        try TreeBuilder.write("beta\n", to: scratch("tree/sub/b.txt"))
        let result = try CommandRunner.run(
            "unshare",
            SmallFileSystem.withoutProcessDescriptors(["archive", scratch("tree"), "-o", scratch("tree/self.tar.zst"), "-v"]))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("squeeze archive: 4 files done, 0 skipped, 0 failed"), "\(result.output)")
        let listing = try CommandRunner.run("tar", ["-I", "zstd", "-tf", scratch("tree/self.tar.zst")])
        #expect(listing.status == 0, "\(listing.standardError)")
        #expect(listing.output == "tree/\ntree/a.txt\ntree/sub/\ntree/sub/b.txt\n")
        #expect(TreeBuilder.files(under: scratch("tree")) == ["a.txt", "self.tar.zst", "sub/b.txt"])
    }
}
