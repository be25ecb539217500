import Foundation
import Glibc
import SqueezeTestSupport
import Testing

/// Regular files in a directory are written by squeeze from the directory's descriptor
/// (`HeldDirectoryFileWriter`), not by libarchive's disk writer: they must come out as that writer
/// makes them, which bsdtar uses. Compared under a umask that takes bits away (so some modes need
/// setting after the create and some do not), for modes without bits and with the sticky bit,
/// nanosecond modification times, pax access times and a sparse file ending in a hole.
@Suite struct ExtractedFileMetadataTests {
    /// What is compared of each file: mode, size, blocks allocated, both times to the nanosecond, bytes.
    static func describe(_ path: String) throws -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { return "missing" }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return String(format: "%o %d %d %d.%09d %d.%09d %@", status.st_mode, status.st_size, status.st_blocks,
                      status.st_mtim.tv_sec, status.st_mtim.tv_nsec, status.st_atim.tv_sec, status.st_atim.tv_nsec,
                      "\(bytes.hashValue)")
    }

    /// Extracts `t.tar` into `squeeze` and into `bsdtar` under `scratch`, both under a umask that takes bits away.
    static func extractWithSqueezeAndBsdtar(in scratch: TemporaryDirectory) throws {
        for into in ["squeeze", "bsdtar"] {
            try FileManager.default.createDirectory(atPath: scratch(into), withIntermediateDirectories: true)
        }
        let squeeze = try CommandRunner.run("sh", ["-c", "umask 027 && exec '\(Squeeze.binary)' extract -q '\(scratch("t.tar"))' -C '\(scratch("squeeze"))'"])
        #expect(squeeze.status == 0, "\(squeeze.standardError)")
        let bsdtar = try CommandRunner.run("sh", ["-c", "umask 027 && exec bsdtar -xpf '\(scratch("t.tar"))' -C '\(scratch("bsdtar"))'"])
        #expect(bsdtar.status == 0, "\(bsdtar.standardError)")
    }

    @Test func filesWrittenFromTheirDirectoryMatchLibarchivesOwnWriter() throws {
        let scratch = try TemporaryDirectory()
        // Python's tarfile writes pax headers with nanosecond times and an access time where asked.
        let script = """
        import io, sys, tarfile
        with tarfile.open(sys.argv[1], "w", format=tarfile.PAX_FORMAT) as tar:
            d = tarfile.TarInfo("tree"); d.type = tarfile.DIRTYPE; d.mode = 0o755; d.mtime = 1700000000; tar.addfile(d)
            for name, mode, extra in [("none", 0o000, {}), ("read-only", 0o444, {}), ("sticky", 0o1640, {}),
                                      ("open", 0o777, {}), ("private", 0o600, {"atime": "1600000000.25"}),
                                      ("fine", 0o644, {"mtime": "1700000001.123456789"})]:
                data = (name * 1000).encode()
                info = tarfile.TarInfo("tree/" + name); info.mode = mode; info.mtime = 1690000000
                info.size = len(data); info.pax_headers = extra
                tar.addfile(info, io.BytesIO(data))
        """
        let made = try CommandRunner.run("python3", ["-c", script, scratch("t.tar")])
        #expect(made.status == 0, "\(made.standardError)")
        // A sparse file ending in a hole, as GNU tar stores it.
        let sparse = scratch("src/tree/sparse")
        try FileManager.default.createDirectory(atPath: scratch("src/tree"), withIntermediateDirectories: true)
        #expect(try CommandRunner.run("sh", ["-c", "printf data > '\(sparse)' && truncate -s 5M '\(sparse)' && touch -d @1690000000 '\(sparse)'"]).status == 0)
        #expect(try CommandRunner.run("tar", ["-S", "-rf", scratch("t.tar"), "-C", scratch("src"), "tree/sparse"]).status == 0)

        try Self.extractWithSqueezeAndBsdtar(in: scratch)
        for name in ["none", "read-only", "sticky", "open", "private", "fine", "sparse"] {
            let ours = try Self.describe(scratch("squeeze/tree/\(name)"))
            let theirs = try Self.describe(scratch("bsdtar/tree/\(name)"))
            // The access time libarchive gives a file without one is the time of the run: each its own.
            let comparable = { (described: String) in
                name == "private" ? described : described.split(separator: " ").enumerated().filter { $0.offset != 4 }.map(\.element).joined(separator: " ")
            }
            #expect(comparable(ours) == comparable(theirs), "\(name): squeeze \(ours), bsdtar \(theirs)")
        }
        #expect(try Self.describe(scratch("squeeze/tree/open")).hasPrefix("100777 "))
        #expect(try Self.describe(scratch("squeeze/tree/fine")).contains(" 1700000001.123456789 "))
    }

    /// Directories are made by squeeze from their parent's descriptor (`ArchiveExtractor.makeDirectory`),
    /// and given their modes and times at the end: as libarchive's own writer gives them, under a
    /// umask that takes bits away, for modes that keep the owner out, the sticky bit, nanosecond
    /// modification times and pax access times, nested, and with files written in them.
    @Test func directoriesMadeFromTheirParentMatchLibarchivesOwnWriter() throws {
        let scratch = try TemporaryDirectory()
        let script = """
        import io, sys, tarfile
        with tarfile.open(sys.argv[1], "w", format=tarfile.PAX_FORMAT) as tar:
            for name, mode, extra in [("tree", 0o755, {}), ("tree/open", 0o777, {}), ("tree/sticky", 0o1777, {}),
                                      ("tree/read-only", 0o555, {"atime": "1600000000.25"}), ("tree/keep-out", 0o600, {}),
                                      ("tree/keep-out/inner", 0o750, {"mtime": "1700000001.123456789"})]:
                d = tarfile.TarInfo(name); d.type = tarfile.DIRTYPE; d.mode = mode; d.mtime = 1690000000
                d.pax_headers = extra; tar.addfile(d)
                info = tarfile.TarInfo(name + "/file"); info.mode = 0o644; info.size = 4
                tar.addfile(info, io.BytesIO(b"data"))
        """
        let made = try CommandRunner.run("python3", ["-c", script, scratch("t.tar")])
        #expect(made.status == 0, "\(made.standardError)")
        try Self.extractWithSqueezeAndBsdtar(in: scratch)
        let describe = { (path: String, withAccessTime: Bool) -> String in
            var status = stat()
            guard lstat(path, &status) == 0 else { return "missing" }
            let modified = String(format: "%o %d.%09d", status.st_mode, status.st_mtim.tv_sec, status.st_mtim.tv_nsec)
            // The access time libarchive gives a directory without one is the time of the run.
            return withAccessTime ? modified + String(format: " %d.%09d", status.st_atim.tv_sec, status.st_atim.tv_nsec) : modified
        }
        for name in ["tree", "tree/open", "tree/sticky", "tree/read-only", "tree/keep-out", "tree/keep-out/inner"] {
            let ours = describe(scratch("squeeze/\(name)"), name == "tree/read-only")
            #expect(ours == describe(scratch("bsdtar/\(name)"), name == "tree/read-only"), "\(name)")
        }
        #expect(describe(scratch("squeeze/tree/sticky"), false) == "41777 1690000000.000000000")
        #expect(describe(scratch("squeeze/tree/keep-out/inner"), false) == "40750 1700000001.123456789")
        #expect(describe(scratch("squeeze/tree/read-only"), true) == "40555 1690000000.000000000 1600000000.250000000")
    }

    /// zip checks each file's data with a CRC, which libarchive's reader compares at the end of the
    /// data and reports as a warning: the file fails, named, and nothing of it is left.
    @Test func aZipFileWhoseDataFailsItsCrcIsNotExtracted() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 31)
        try TreeBuilder.write(data.text(20_000), to: scratch("src/tree/stored.txt"))
        try TreeBuilder.write("fine\n", to: scratch("src/tree/z-after.txt"))
        let made = try CommandRunner.run("bsdtar", ["--format", "zip", "--options", "zip:compression=store", "-cf", scratch("a.zip"), "-C", scratch("src"), "tree"])
        #expect(made.status == 0, "\(made.standardError)")
        var zip = try TreeBuilder.read(scratch("a.zip"))
        // A byte in the middle of stored.txt's data, which is stored as it is.
        let at = try #require(zip.firstRange(of: Array(try TreeBuilder.read(scratch("src/tree/stored.txt"))[10_000..<10_040])))
        zip[at.lowerBound] ^= 0x5A
        try TreeBuilder.write(zip, to: scratch("bad.zip"))

        let run = try Squeeze.run(["extract", "-q", scratch("bad.zip"), "-C", scratch("out")])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("tree/stored.txt") && run.standardError.contains("CRC"), "\(run.standardError)")
        #expect(TreeBuilder.files(under: scratch("out")) == ["tree/z-after.txt"])
    }
}
