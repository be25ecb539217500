import Foundation
import Glibc
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

@Suite struct TreeScannerTests {
    static func scan(_ root: String, _ selection: FileSelection = .uncompressed, filter: PathFilter = PathFilter(), follow: Bool = false) -> ScanResult {
        TreeScanner(options: ScanOptions(selection: selection, filter: filter, followSymlinks: follow)).scan([PathName(root)])
    }

    static func reasons(_ result: ScanResult) -> [String: SkipReason] {
        Dictionary(uniqueKeysWithValues: result.skipped.map { ("\($0.path.lastComponent)", $0.reason) })
    }

    @Test func selectsRegularFilesInByteOrderAndSaysWhyOthersAreSkipped() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("b", to: root("b.txt"))
        try TreeBuilder.write("a", to: root("sub/a.txt"))
        try TreeBuilder.write("z", to: root("Z.txt"))
        try TreeBuilder.write("gz", to: root("done.txt.gz"))
        try TreeBuilder.write("tmp", to: root(".x.gz.squeeze-Ab12Cd"))
        try TreeBuilder.makeFIFO(root("pipe"))
        try TreeBuilder.makeSymlink(root("link"), to: root("b.txt"))
        try TreeBuilder.makeSymlink(root("dangling"), to: root("missing"))
        let result = Self.scan(root.path)
        #expect(result.files.map { "\($0.relativePath)" } == ["Z.txt", "b.txt", "sub/a.txt"])
        #expect(result.failures.isEmpty)
        let reasons = Self.reasons(result)
        #expect(reasons["done.txt.gz"] == .alreadyCompressed)
        #expect(reasons[".x.gz.squeeze-Ab12Cd"] == .temporaryFile)
        #expect(reasons["pipe"] == .special(.fifo))
        #expect(reasons["link"] == .symbolicLink)
        #expect(reasons["dangling"] == .symbolicLink)
    }

    /// A regular file passed by for its name is passed by without a stat; a directory, link or
    /// FIFO with such a name is still looked at for what it is. The output suffix (`-S`) counts
    /// as compressed.
    @Test func namesThatArePassedByAreJudgedByWhatTheEntryIs() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("a", to: root("logs.gz/a.txt"))
        try TreeBuilder.write("z", to: root("x.z"))
        try TreeBuilder.write("t", to: root("x.tgz"))
        try TreeBuilder.makeFIFO(root("pipe.gz"))
        try TreeBuilder.makeSymlink(root("link.gz"), to: root("x.z"))
        let options = ScanOptions(selection: .uncompressed, filter: PathFilter(excludes: ["*.z"]), outputSuffix: ".z")
        let result = TreeScanner(options: options).scan([PathName(root.path)])
        #expect(result.files.map { "\($0.relativePath)" } == ["logs.gz/a.txt"])
        let reasons = Self.reasons(result)
        #expect(reasons["x.z"] == .hasOutputSuffix(".z"))
        #expect(reasons["x.tgz"] == .alreadyCompressed)
        #expect(reasons["pipe.gz"] == .special(.fifo))
        #expect(reasons["link.gz"] == .symbolicLink)
        let plain = Self.scan(root.path)
        #expect(plain.files.map { "\($0.relativePath)" } == ["logs.gz/a.txt", "x.z"])
    }

    @Test func followingLinksDetectsLoopsDanglingLinksAndDuplicates() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("a", to: root("dir/a.txt"))
        try TreeBuilder.makeSymlink(root("dir/loop"), to: root("dir"))
        try TreeBuilder.makeSymlink(root("alias.txt"), to: root("dir/a.txt"))
        try TreeBuilder.makeSymlink(root("dangling"), to: root("missing"))
        let result = Self.scan(root.path, follow: true)
        #expect(result.files.map { "\($0.relativePath)" } == ["alias.txt"])
        let reasons = Self.reasons(result)
        #expect(reasons["loop"] == .symbolicLinkLoop)
        #expect(reasons["dangling"] == .danglingSymbolicLink)
        #expect(reasons["a.txt"] == .duplicate(of: PathName(root("alias.txt"))))
    }

    /// Each file's path below the root is the tail of its path (the walk keeps no second copy): so
    /// whatever the root's spelling (trailing slashes, a ".."), the same relative paths and globs.
    @Test func relativePathsDoNotDependOnHowTheRootIsSpelled() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("1", to: root("a.log"))
        try TreeBuilder.write("2", to: root("sub/deep/b.log"))
        try TreeBuilder.write("3", to: root("sub/c.txt"))
        let filter = PathFilter(includes: ["sub/*.log", "a.log"])
        for spelling in [root.path, root.path + "/", root.path + "//", root.path + "/sub/.."] {
            let result = Self.scan(spelling, filter: filter)
            #expect(result.files.map { "\($0.relativePath)" } == ["a.log", "sub/deep/b.log"], "\(spelling)")
            #expect(result.files.map { "\($0.path)" }.allSatisfy { $0.hasPrefix(spelling) })
            #expect(Self.reasons(result)["c.txt"] == .notIncluded)
        }
    }

    @Test func filtersApplyBelowTheRootButNotToNamedFiles() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("1", to: root("keep.log"))
        try TreeBuilder.write("2", to: root("drop.txt"))
        try TreeBuilder.write("3", to: root("build/keep.log"))
        try TreeBuilder.write("4", to: root("src/deep/keep.log"))
        let filter = PathFilter(includes: ["*.log"], excludes: ["build"])
        let result = Self.scan(root.path, filter: filter)
        #expect(result.files.map { "\($0.relativePath)" } == ["keep.log", "src/deep/keep.log"])
        let reasons = Self.reasons(result)
        #expect(reasons["drop.txt"] == .notIncluded)
        #expect(reasons["build"] == .excluded(pattern: "build"))
        let named = TreeScanner(options: ScanOptions(selection: .uncompressed, filter: filter)).scan([PathName(root("drop.txt"))])
        #expect(named.files.count == 1)
    }

    @Test func gzipSelectionTakesNamedFilesOnlyWhenAsked() throws {
        let root = try TemporaryDirectory()
        try TreeBuilder.write("x", to: root("a.gz"))
        try TreeBuilder.write("x", to: root("b.tgz"))
        try TreeBuilder.write("x", to: root("c.txt"))
        let walked = Self.scan(root.path, .gzipFiles(acceptingNamedFiles: true))
        #expect(walked.files.map { "\($0.relativePath)" } == ["a.gz", "b.tgz"])
        // Found in a tree: passed by quietly (gzip -dr does); named: a warning when not accepted.
        #expect(Self.reasons(walked)["c.txt"] == .notGzipFile)
        #expect(Self.reasons(walked)["c.txt"]?.isWarning == false)
        let options = { (accepting: Bool) in ScanOptions(selection: .gzipFiles(acceptingNamedFiles: accepting)) }
        #expect(TreeScanner(options: options(true)).scan([PathName(root("c.txt"))]).files.count == 1)
        let refused = TreeScanner(options: options(false)).scan([PathName(root("c.txt"))])
        #expect(refused.files.isEmpty)
        #expect(refused.skipped.first?.reason == .unknownSuffix)
        #expect(refused.skipped.first?.reason.isWarning == true)
    }

    @Test func missingRootsAreFailuresNamingThePath() {
        let result = TreeScanner(options: ScanOptions(selection: .uncompressed)).scan(["/nonexistent/squeeze-test"])
        #expect(result.failures.count == 1)
        #expect(result.failures.first?.message.contains("/nonexistent/squeeze-test") == true)
        #expect(result.failures.first?.message.contains("No such file or directory") == true)
    }

    /// Roots (a list's names, a shard's) are looked up by name through a descriptor of their
    /// directory, kept while the next root is in it too: what each is found to be, and every
    /// failure's message, must be what a lookup of the whole path gives.
    @Test func rootsLookedUpThroughTheirDirectoryAreWhatTheirPathsName() throws {
        let root = try TemporaryDirectory()
        for name in ["d1/a.txt", "d1/a.txt.gz", "d1/b.txt", "d2/c.txt", "d2/sub/e.txt", "f.txt"] { try TreeBuilder.write(name, to: root(name)) }
        try TreeBuilder.makeSymlink(root("linked"), to: root("d2"))
        try TreeBuilder.makeSymlink(root("d1/link.txt"), to: root("d2/c.txt"))
        try TreeBuilder.makeSymlink(root("d1/dangling.txt"), to: root("missing"))
        let roots = [
            "d1/a.txt", "d1/b.txt", "d1/link.txt", "d1/dangling.txt", "d1/missing.txt", "d2/c.txt", "d1/a.txt", "linked/c.txt",
            "d1/../d2/sub/e.txt", "f.txt/x", "nowhere/x.txt", "d2/sub/", "d1/a.txt.gz",
        ].map { PathName(root($0)) } + [PathName(root.path)].map { $0.appending("f.txt") }
        let result = TreeScanner(options: ScanOptions(selection: .uncompressed)).scan(roots)
        let selected = ["d1/a.txt", "d1/b.txt", "d1/link.txt", "d2/c.txt", "d1/a.txt", "linked/c.txt", "d1/../d2/sub/e.txt", "d2/sub/e.txt", "f.txt"]
        #expect(result.files.map(\.path.description) == selected.map { root($0) })
        for file in result.files {
            #expect(try FileStatus.of(file.path, followingSymlinks: true) == file.status, "\(file.path)")
        }
        #expect(result.skipped.map { "\($0.path)" } == [root("d1/dangling.txt"), root("d1/a.txt.gz")])
        #expect(result.skipped.first?.reason == .danglingSymbolicLink)
        let failures = result.failures.map { ("\($0.path)", $0.message) }
        #expect(failures.map(\.0) == [root("d1/missing.txt"), root("f.txt/x"), root("nowhere/x.txt")])
        #expect(failures[0].1.contains("No such file or directory") && failures[0].1.contains(root("d1/missing.txt")))
        #expect(failures[1].1.contains("Not a directory") && failures[1].1.contains(root("f.txt/x")))
        #expect(failures[2].1.contains("No such file or directory") && failures[2].1.contains(root("nowhere/x.txt")))
    }

    @Test func namesThatAreNotUTF8AreFoundAndKept() throws {
        let root = try TemporaryDirectory()
        let raw: [UInt8] = Array(root.path.utf8) + [UInt8(ascii: "/"), 0x6E, 0xFF, 0x2E, 0x62]
        let descriptor = PathName(bytes: raw).withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = Self.scan(root.path)
        #expect(result.files.map(\.path.bytes) == [raw])
    }
}

@Suite struct DeepTreeScanTests {
    @Test func walksBelowPathMax() throws {
        let root = try TemporaryDirectory()
        defer { DeepTree.remove(root("tree")) }
        try TreeBuilder.write("top\n", to: root("tree/top.txt"))
        let names = try DeepTree.make(under: root("tree"))
        let result = TreeScannerTests.scan(root("tree"))
        #expect(result.failures.isEmpty)
        let relative = result.files.map { "\($0.relativePath)" }
        #expect(relative == [names.joined(separator: "/") + "/bottom.txt", "top.txt"])
        #expect(result.files[0].path.bytes.count > Int(PATH_MAX))
        #expect(result.files[0].status.size == 14)
    }
}
