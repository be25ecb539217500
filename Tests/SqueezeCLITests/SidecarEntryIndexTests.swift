import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// `squeeze index ARCHIVE.tar.gz` on other tools' archives (GNU tar's, bsdtar's): the sidecar
/// `ARCHIVE.tar.gz.gzidx` lists the entries too, and `extract ARCHIVE PATH…` and `list` use it,
/// giving what GNU tar and a full read give; a stale sidecar is said so and set aside, and one
/// that lies never yields a wrong byte.
@Suite struct SidecarEntryIndexTests {
    static let tree = ArchiveEntryIndexTests.tree

    /// `tool`'s `.tar.gz` of every kind of entry, indexed with checkpoints every 64 KiB.
    static func makeIndexedArchive(by tool: String, in scratch: TemporaryDirectory, largeFileSize: Int = 300_000) throws -> String {
        try EveryKindTree.make(at: scratch(tree), largeFileSize: largeFileSize)
        let archive = scratch(tool == "tar" ? "gnu.tar.gz" : "bsdtar.tar.gz")
        let made = tool == "tar"
            ? try CommandRunner.run("tar", ["-czf", archive, "-C", scratch.path, tree])
            : try CommandRunner.run("bsdtar", ["-czf", archive, "-C", scratch.path, tree])
        #expect(made.status == 0, "\(made.standardError)")
        let indexed = try Squeeze.run(["index", "--spacing", "64K", archive])
        #expect(indexed.status == 0, "\(indexed.standardError)")
        #expect(indexed.standardError.contains(" archive entries, "), "\(indexed.standardError)")
        return archive
    }

    @Test(arguments: ["tar", "bsdtar"])
    func extractsWhatGnuTarExtractsThroughTheSidecar(tool: String) throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeIndexedArchive(by: tool, in: scratch)
        for (number, paths) in [
            ["tree/small.txt"], ["tree/big/", "tree/links/relative"], ["tree/deep/er/still/nested.txt", "tree/names"],
        ].enumerated() {
            try FileManager.default.createDirectory(atPath: scratch("gnu\(number)"), withIntermediateDirectories: true)
            let gnu = try CommandRunner.run("tar", ["-xzf", archive, "-C", scratch("gnu\(number)")] + paths)
            #expect(gnu.status == 0, "\(gnu.standardError)")
            let squeeze = try Squeeze.run(["extract", archive, "-C", scratch("squeeze\(number)"), "-q"] + paths)
            #expect(squeeze.status == 0 && squeeze.standardError.isEmpty, "\(paths): \(squeeze.standardError)")
            let expected = TreeSnapshot(of: scratch("gnu\(number)"), directoryTimes: false)
            let extracted = TreeSnapshot(of: scratch("squeeze\(number)"), directoryTimes: false)
            #expect(extracted == expected, "\(paths): \(extracted.differences(from: expected))")
        }
    }

    /// Files in an incremental archive of GNU tar (`-g`, GNU format: times where ustar has its
    /// name prefix) are listed and extracted by their names through the sidecar.
    @Test func gnuIncrementalArchivesAreNamedAsTarNamesThem() throws {
        let scratch = try TemporaryDirectory()
        let made = try GzipCommandTests.shell(
            "mkdir -p gi/sub && echo hello > gi/a.txt && echo more > gi/sub/b.txt && tar --format=gnu -g snap -czf x.tar.gz gi/a.txt gi/sub/b.txt",
            in: scratch.path)
        #expect(made.status == 0, "\(made.standardError)")
        let indexed = try Squeeze.run(["index", scratch("x.tar.gz")])
        #expect(indexed.status == 0 && indexed.standardError.contains(" 2 archive entries, "), "\(indexed.standardError)")
        let listed = try Squeeze.run(["list", "-q", scratch("x.tar.gz")])
        #expect(listed.status == 0 && listed.output.contains(" gi/sub/b.txt\n") && !listed.output.contains("/gi/"), "\(listed.output)")
        let extracted = try Squeeze.run(["extract", scratch("x.tar.gz"), "-C", scratch("out"), "-q", "gi/sub/b.txt"])
        #expect(extracted.status == 0 && extracted.standardError.isEmpty, "\(extracted.standardError)")
        #expect(FileManager.default.contents(atPath: scratch("out/gi/sub/b.txt")) == Data("more\n".utf8))
    }

    /// A GNU incremental archive of a directory: its directories are 'D' entries, whose data lists
    /// the names dumped. They are indexed as libarchive reads them (directories, their size that
    /// list's), so the archive is listed from its sidecar as in full; and one directory of it is
    /// extracted, in full and through the sidecar (its list was written to the directory, and
    /// failed, "Attempt to write to an empty file").
    @Test func gnuIncrementalDirectoriesAreIndexed() throws {
        let scratch = try TemporaryDirectory()
        let made = try GzipCommandTests.shell(
            "mkdir -p gi/sub && echo hello > gi/a.txt && echo more > gi/sub/b.txt && tar --format=gnu -g snap -czf x.tar.gz gi"
                + " && tar -tvzf x.tar.gz | cut -c1-1 | tr -d '\\n'",
            in: scratch.path)
        #expect(made.status == 0 && made.output == "dd--", "\(made.output) \(made.standardError)")
        let inFull = try Squeeze.run(["list", "-q", scratch("x.tar.gz")])
        let extractedInFull = try Squeeze.run(["extract", scratch("x.tar.gz"), "-C", scratch("full"), "-q", "gi/sub"])
        #expect(extractedInFull.status == 0 && extractedInFull.standardError.isEmpty, "\(extractedInFull.standardError)")
        #expect(TreeSnapshot(of: scratch("full")).paths.filter { $0 != "." } == ["gi", "gi/sub", "gi/sub/b.txt"])
        let indexed = try Squeeze.run(["index", scratch("x.tar.gz")])
        #expect(indexed.status == 0 && indexed.standardError.contains(" 4 archive entries, "), "\(indexed.standardError)")
        let fromIndex = try Squeeze.run(["list", "-q", scratch("x.tar.gz")])
        #expect(fromIndex.status == 0 && fromIndex.output == inFull.output, "\(fromIndex.output)\nagainst\n\(inFull.output)")
        #expect(fromIndex.output.contains("drwxr-xr-x root/root  8 ") && fromIndex.output.contains(" gi/sub/\n"), "\(fromIndex.output)")
        let extracted = try Squeeze.run(["extract", scratch("x.tar.gz"), "-C", scratch("out"), "-q", "gi/sub"])
        #expect(extracted.status == 0 && extracted.standardError.isEmpty, "\(extracted.standardError)")
        #expect(TreeSnapshot(of: scratch("out")).paths.filter { $0 != "." } == ["gi", "gi/sub", "gi/sub/b.txt"])
    }

    /// A directory entry with a size: libarchive (and GNU tar, and bsdtar) takes it as 0 and reads
    /// the next block as a header, here a file's. The index does not skip that block as data (the
    /// file vanished from the listing once indexed): it gives up, and the archive is read in full.
    @Test func anEntryHiddenInADirectorysSizeIsNotLostThroughTheIndex() throws {
        let scratch = try TemporaryDirectory()
        let made = try CommandRunner.run("python3", ["-c", #"""
            import tarfile
            def header(name, kind, size):
                info = tarfile.TarInfo(name); info.type = kind; info.size = size; info.mtime = 1700000000
                return info.tobuf(tarfile.USTAR_FORMAT, "utf-8", "surrogateescape")
            hidden = header("hidden", tarfile.REGTYPE, 6) + b"secret".ljust(512, b"\0")
            tar = header("d/", tarfile.DIRTYPE, len(hidden)) + hidden + header("after", tarfile.REGTYPE, 4) + b"aft\n".ljust(512, b"\0")
            open("a.tar", "wb").write((tar + b"\0" * 1024).ljust(10240, b"\0"))
            """#], currentDirectory: scratch.path)
        try #require(made.status == 0, "\(made.standardError)")
        #expect(try CommandRunner.run("gzip", [scratch("a.tar")]).status == 0)
        let inFull = try Squeeze.run(["list", "-q", scratch("a.tar.gz")])
        #expect(inFull.status == 0 && inFull.output.contains(" hidden\n"), "\(inFull.output)")
        let indexed = try Squeeze.run(["index", scratch("a.tar.gz")])
        #expect(indexed.status == 0 && !indexed.standardError.contains("archive entries"), "\(indexed.standardError)")
        let afterIndex = try Squeeze.run(["list", "-q", scratch("a.tar.gz")])
        #expect(afterIndex.output == inFull.output, "\(afterIndex.output)\nagainst\n\(inFull.output)")
        let extracted = try Squeeze.run(["extract", scratch("a.tar.gz"), "-C", scratch("out"), "-q", "hidden"])
        #expect(extracted.status == 0, "\(extracted.standardError)")
        #expect(FileManager.default.contents(atPath: scratch("out/hidden")) == Data("secret".utf8))
    }

    /// One small file reads a small part of the archive (the report's bytes in are what the
    /// decode read); every entry asked for at once reads each checkpoint span once, so no more
    /// than the archive (before, a span holding a header was decoded again for the data).
    @Test func oneFileReadsOnlyTheSpansHoldingItAndEverySpanIsReadOnce() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeIndexedArchive(by: "tar", in: scratch, largeFileSize: 3_000_000)
        let size = try FileManager.default.attributesOfItem(atPath: archive)[.size] as! Int
        func bytesIn(_ paths: [String], into destination: String) throws -> Int {
            let result = try Squeeze.run(["extract", archive, "-C", scratch(destination), "--json", "-", "-q"] + paths)
            #expect(result.status == 0, "\(result.status): \(result.standardError)")
            let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            return report?["bytesIn"] as? Int ?? .max
        }
        let one = try bytesIn(["tree/names"], into: "one")
        #expect(one < size / 4, "read \(one) of \(size) bytes")
        #expect(TreeSnapshot(of: scratch("one")).paths.contains("tree/names/naïve café ☕.txt"))
        // Every file of the tree, by name: the large file's spans, and the small files' around it.
        let listing = try CommandRunner.run("tar", ["-tzf", archive])
        // (Not the special files, refused; nor the name that is not UTF-8, which tar prints escaped.)
        let files = listing.output.split(separator: "\n").map(String.init).filter {
            !$0.hasSuffix("/") && !$0.contains("fifo") && !$0.contains("null-device") && !$0.contains("\\")
        }
        let all = try bytesIn(files, into: "all")
        #expect(all <= size, "read \(all) of \(size) bytes for every file")
    }

    /// The listing from the sidecar is the full read's, entry for entry, format and sizes included.
    @Test(arguments: ["tar", "bsdtar"])
    func listingFromTheSidecarIsTheFullReadsListing(tool: String) throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeIndexedArchive(by: tool, in: scratch)
        func listing(_ path: String) throws -> [String: Any] {
            let result = try Squeeze.run(["list", path, "--json", "-", "-q"])
            #expect(result.status == 0, "\(result.standardError)")
            let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            return ((report?["files"] as? [[String: Any]])?.first?["listing"] as? [String: Any]) ?? [:]
        }
        let indexed = try listing(archive)
        #expect(indexed["sizeSource"] as? String == "index")
        try FileManager.default.removeItem(atPath: archive + ".gzidx")
        let full = try listing(archive)
        #expect(full["sizeSource"] as? String == "decoded")
        for key in ["format", "compressedBytes", "uncompressedBytes", "members", "modificationTime", "originalName"] {
            #expect((indexed[key] as? NSObject) == (full[key] as? NSObject), "\(key)")
        }
        let fromIndex = indexed["archive"] as? NSDictionary, fromData = full["archive"] as? NSDictionary
        #expect(((fromIndex?["entries"] as? [Any])?.count ?? 0) > 10)
        #expect(fromIndex == fromData)
    }

    /// The archive changed after the sidecar was built: by its time, by its first bytes (with
    /// its size and time kept), by another archive under its name. Each time the sidecar is said
    /// to be stale and set aside, and the archive read in full, giving the right bytes.
    @Test func aStaleSidecarIsSaidSoAndSetAside() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeIndexedArchive(by: "tar", in: scratch)
        let expected = try TreeBuilder.read(scratch("tree/deep/er/still/nested.txt"))
        func extractsThroughAFullRead(_ cause: String, _ number: Int) throws {
            let result = try Squeeze.run(["extract", archive, "-C", scratch("out\(number)"), "tree/deep/er/still/nested.txt"])
            #expect(result.status == 2, "\(cause): \(result.standardError)")
            #expect(result.standardError.contains("gnu.tar.gz.gzidx is stale (\(cause)"), "\(result.standardError)")
            #expect(result.standardError.contains("read in full instead"), "\(result.standardError)")
            #expect(try TreeBuilder.read(scratch("out\(number)/tree/deep/er/still/nested.txt")) == expected)
            let listed = try Squeeze.run(["list", archive, "--json", "-"])
            #expect(listed.status == 2 && listed.standardError.contains("is stale (\(cause)"), "\(cause): \(listed.standardError)")
            let report = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any]
            let file = (report?["files"] as? [[String: Any]])?.first
            #expect((file?["listing"] as? [String: Any])?["sizeSource"] as? String == "decoded")
        }
        #expect(try CommandRunner.run("touch", ["-d", "2001-02-03 04:05:06", archive]).status == 0)
        try extractsThroughAFullRead("the file was modified after it was built", 0)

        // The same size and time, other first bytes: the gzip header's time, changed.
        #expect(try Squeeze.run(["index", "--spacing", "64K", "-q", archive]).status == 0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)))
        bytes[4] ^= 0x01
        try Self.rewriteKeepingTime(archive, bytes)
        try extractsThroughAFullRead("the file's first or last 64 KiB changed", 1)

        #expect(try CommandRunner.run("tar", ["-czf", archive, "-C", scratch.path, "tree/big"]).status == 0)
        let other = try Squeeze.run(["extract", archive, "-C", scratch("out2"), "tree/big/random.bin"])
        #expect(other.status == 2 && other.standardError.contains("is stale (it is of a file of"), "\(other.standardError)")
        #expect(try TreeBuilder.read(scratch("out2/tree/big/random.bin")) == (try TreeBuilder.read(scratch("tree/big/random.bin"))))
    }

    /// A sidecar that passes the staleness checks but lies: the archive's middle changed (its
    /// size, time, first and last 64 KiB kept). The decode through the sidecar catches it, says
    /// so, and the full read then finds the damage: nothing wrong is extracted.
    @Test func aLyingSidecarNeverYieldsAWrongByte() throws {
        let scratch = try TemporaryDirectory()
        let archive = try Self.makeIndexedArchive(by: "tar", in: scratch, largeFileSize: 3_000_000)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)))
        #expect(bytes.count > 300_000)
        for offset in stride(from: 100_000, to: bytes.count - 100_000, by: 7_000) { bytes[offset] ^= 0x55 }
        try Self.rewriteKeepingTime(archive, bytes)
        let result = try Squeeze.run(["extract", archive, "-C", scratch("out"), "tree/big/large.txt"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("its entry index does not match it"), "\(result.standardError)")
        let extracted = try? TreeBuilder.read(scratch("out/tree/big/large.txt"))
        let source = try TreeBuilder.read(scratch("tree/big/large.txt"))
        #expect(extracted == nil || extracted == source)
    }

    /// Writes `bytes` over `path` in place (same inode), then sets its times back.
    static func rewriteKeepingTime(_ path: String, _ bytes: [UInt8]) throws {
        var status = stat()
        #expect(stat(path, &status) == 0)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// The README's block, as pasted: GNU tar's archive indexed once, listed, one file out of it.
    @Test func theReadmeBlock() throws {
        try ArchiveEntryIndexTests.runLogsBlock(containing: "squeeze index -q logs.tgz")
    }
}
