import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// `ExtractionRun` on hostile archives: each attack refused and reported by name, the rest
/// extracted, and nothing outside the destination touched.
@Suite struct ExtractionRunTests {
    /// `entersDestination: false` places entries under the destination's absolute path, as on a
    /// system that refuses a thread its own working directory.
    static func extract(_ archive: String, into destination: String, options: ExtractionOptions = ExtractionOptions(),
                        entersDestination: Bool = true) -> RunReport {
        ExtractionRun(
            request: ExtractionRequest(archive: PathName(archive), destination: PathName(destination), options: options),
            environment: RunEnvironment(), entersDestination: entersDestination
        ).run()
    }

    /// The failures of a report, as entry name → message.
    static func failures(_ report: RunReport) -> [String: String] {
        Dictionary(report.failures.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
    }

    /// Device and inode of a path: the same for every name of one file.
    static func identity(_ path: String) -> [UInt64]? {
        (try? FileStatus.of(PathName(path), followingSymlinks: false)).map { [$0.device, $0.inode] }
    }

    /// A scratch area with `outside/` (files an attack would like to change) beside `dest/`.
    static func scratchWithVictims() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("victim\n", to: scratch("outside/victim"))
        try TreeBuilder.write("keep\n", to: scratch("dest/existing.txt"))
        return scratch
    }

    @Test(arguments: [TarBuilder.Compression.none, .gzip], [true, false])
    func hostileEntriesAreRefusedAndNothingOutsideChanges(compression: TarBuilder.Compression, entersDestination: Bool) throws {
        let scratch = try Self.scratchWithVictims()
        let outside = scratch("outside")
        try TarBuilder()
            .file("ok/first.txt", "fine\n")
            .file(scratch("outside/absolute-file"), "pwned\n")
            .file("../outside/climbed", "pwned\n")
            .file("ok/../../outside/climbed-again", "pwned\n")
            .symlink("escape", to: "../outside")
            .file("escape/through-relative-link", "pwned\n")
            .symlink("escape-absolute", to: outside)
            .file("escape-absolute/through-absolute-link", "pwned\n")
            .symlink("ok/deeper", to: "../../outside")
            .file("ok/deeper/x/y", "pwned\n")
            .hardlink("hard-out", to: "../outside/victim", contents: "pwned\n")
            .hardlink("hard-absolute", to: scratch("outside/victim"), contents: "pwned\n")
            .hardlink("hard-existing", to: "existing.txt", contents: "pwned\n")
            .symlink("victim-link", to: scratch("outside/victim"))
            .hardlink("hard-to-link", to: "victim-link", contents: "pwned\n")
            .symlink("replaced", to: scratch("outside/victim"))
            .file("replaced", "a file now\n")
            .characterDevice("ok/null", major: 1, minor: 3)
            .fifo("ok/pipe")
            .file("ok/setuid", "tool\n", permissions: 0o4755)
            .file(".", "not a directory\n")
            .file("ok/last.txt", "fine too\n")
            .write(to: scratch("hostile.tar"), compression: compression)
        let before = TreeSnapshot(of: scratch.path, excluding: ["dest"])

        let report = Self.extract(scratch("hostile.tar"), into: scratch("dest"), entersDestination: entersDestination)

        #expect(TreeSnapshot(of: scratch.path, excluding: ["dest"]) == before, "something outside the destination changed")
        #expect(report.outcome == .failures)
        let failures = Self.failures(report)
        #expect(failures[scratch("outside/absolute-file")]?.contains("absolute name") == true)
        #expect(failures["../outside/climbed"]?.contains("'..'") == true)
        #expect(failures["ok/../../outside/climbed-again"]?.contains("'..'") == true)
        for name in ["escape/through-relative-link", "escape-absolute/through-absolute-link", "ok/deeper/x/y"] {
            #expect(failures[name]?.contains("symlink") == true, "\(name): \(failures[name] ?? "not refused")")
        }
        #expect(failures["hard-out"]?.contains("outside the destination") == true)
        #expect(failures["hard-absolute"]?.contains("outside the destination") == true)
        #expect(failures["hard-existing"]?.contains("did not extract") == true)
        #expect(failures["ok/null"]?.contains("--allow-special-files") == true)
        #expect(failures["ok/pipe"]?.contains("--allow-special-files") == true)
        #expect(failures["."]?.contains("would replace the destination") == true)

        // The rest is there, as it should be.
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.nodes["ok/first.txt"]?.contents == Array("fine\n".utf8))
        #expect(dest.nodes["ok/last.txt"]?.contents == Array("fine too\n".utf8))
        #expect(dest.nodes["existing.txt"]?.contents == Array("keep\n".utf8))
        #expect(dest.nodes["replaced"]?.type == S_IFREG)
        #expect(dest.nodes["replaced"]?.contents == Array("a file now\n".utf8))
        #expect(dest.nodes["ok/setuid"]?.permissions == 0o755, "setuid kept")
        #expect(dest.nodes["escape"]?.type == S_IFLNK)
        #expect(dest.nodes["ok/null"] == nil && dest.nodes["ok/pipe"] == nil)
        #expect(ArchiveRunTests.temporaries(in: scratch("dest")).isEmpty)
    }

    @Test func specialFilesAndSetuidBitsOnlyWhenAsked() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .characterDevice("null", major: 1, minor: 3)
            .fifo("pipe")
            .file("setuid", "tool\n", permissions: 0o6755)
            .write(to: scratch("special.tar"))
        let report = Self.extract(scratch("special.tar"), into: scratch("dest"),
                                  options: ExtractionOptions(allowSpecialFiles: true, keepSetuidBits: true))
        #expect(report.outcome == .succeeded, "\(report.failures)")
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.nodes["null"]?.type == S_IFCHR)
        #expect(dest.nodes["null"]?.device == UInt64(TarBuilder.deviceNumber(major: 1, minor: 3)))
        #expect(dest.nodes["pipe"]?.type == S_IFIFO)
        #expect(dest.nodes["setuid"]?.permissions == 0o6755)
    }

    @Test(arguments: [true, false])
    func filesThatWereThereAreKeptUnlessForced(entersDestination: Bool) throws {
        let scratch = try Self.scratchWithVictims()
        try TreeBuilder.write("mine\n", to: scratch("dest/dir/own.txt"))
        try TarBuilder()
            .file("existing.txt", "from the archive\n")
            .directory("dir")
            .file("dir/own.txt", "from the archive\n")
            .file("dir/new.txt", "new\n")
            .write(to: scratch("a.tar"))
        let kept = Self.extract(scratch("a.tar"), into: scratch("dest"), entersDestination: entersDestination)
        #expect(kept.outcome == .warnings)
        #expect(kept.warnings.count == 2 && kept.warnings.allSatisfy { $0.message.contains("--force") })
        #expect(try TreeBuilder.read(scratch("dest/existing.txt")) == Array("keep\n".utf8))
        #expect(try TreeBuilder.read(scratch("dest/dir/own.txt")) == Array("mine\n".utf8))
        #expect(try TreeBuilder.read(scratch("dest/dir/new.txt")) == Array("new\n".utf8))

        let forced = Self.extract(scratch("a.tar"), into: scratch("dest"), options: ExtractionOptions(overwrite: true),
                                  entersDestination: entersDestination)
        #expect(forced.outcome == .succeeded, "\(forced.failures)")
        #expect(try TreeBuilder.read(scratch("dest/existing.txt")) == Array("from the archive\n".utf8))
        #expect(try TreeBuilder.read(scratch("dest/dir/own.txt")) == Array("from the archive\n".utf8))
    }

    /// `--force` replaces files and symbolic links (not followed) that were in the destination,
    /// never anything else: a directory the entry cannot merge into, a FIFO, a device.
    /// At the top and in a directory (where entries are made from inside it, see `HeldDirectories`).
    @Test(arguments: ["", "sub/"])
    func forceReplacesOnlyFilesAndSymbolicLinks(directory d: String) throws {
        let scratch = try Self.scratchWithVictims()
        let victim = (d.isEmpty ? "" : "../") + "../outside/victim"
        try FileManager.default.createDirectory(atPath: scratch("dest/\(d)empty"), withIntermediateDirectories: true)
        #expect(mkfifo(scratch("dest/\(d)pipe"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch("dest/\(d)link"), withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: scratch("dest/\(d)other-link"), withDestinationPath: victim)
        try TarBuilder()
            .file("existing.txt", "from the archive\n")
            .file("\(d)target", "from the archive\n")
            .hardlink("\(d)pipe", to: "\(d)target")
            .symlink("\(d)empty", to: "target")
            .file("\(d)link", "from the archive\n")
            .symlink("\(d)other-link", to: "target")
            .write(to: scratch("a.tar"))
        let report = Self.extract(scratch("a.tar"), into: scratch("dest"), options: ExtractionOptions(overwrite: true))
        #expect(Self.failures(report) == [
            "\(d)pipe": "refused: a FIFO is there, and only files and symbolic links are replaced, even with --force",
            "\(d)empty": "refused: a directory is there, and only files and symbolic links are replaced, even with --force",
        ])
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.nodes["\(d)pipe"]?.type == S_IFIFO)
        #expect(dest.nodes["\(d)empty"]?.type == S_IFDIR)
        #expect(dest.nodes["\(d)link"]?.contents == Array("from the archive\n".utf8))
        #expect(dest.nodes["\(d)other-link"]?.linkTarget == Array("target".utf8))
        #expect(dest.nodes["existing.txt"]?.contents == Array("from the archive\n".utf8))
        #expect(try TreeBuilder.read(scratch("outside/victim")) == Array("victim\n".utf8))
    }

    /// An entry named twice in one archive: the last one wins, as with tar, since both are the
    /// archive's own.
    @Test func theLastEntryOfANameWins() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .file("a", "first\n")
            .file("a", "second\n")
            .symlink("b", to: "a")
            .symlink("b", to: "elsewhere")
            .directory("d", permissions: 0o700)
            .file("d/x", "x\n")
            .directory("d", permissions: 0o750)
            .write(to: scratch("twice.tar"))
        let report = Self.extract(scratch("twice.tar"), into: scratch("dest"))
        #expect(report.outcome == .succeeded, "\(report.failures) \(report.warnings)")
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.nodes["a"]?.contents == Array("second\n".utf8))
        #expect(dest.nodes["b"]?.linkTarget == Array("elsewhere".utf8))
        #expect(dest.nodes["d"]?.permissions == 0o750)
    }

    /// A later entry of a name this extraction made, of another kind: it replaces what was made
    /// (the last entry wins), except a directory with entries in it, which would take them with
    /// it: that entry is reported as not extracted, never as done.
    @Test(arguments: [false, true])
    func aLaterEntryReplacesWhatTheArchiveMadeOrSaysWhyNot(overwrite: Bool) throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .file("f", "f\n")
            .directory("full")
            .file("full/x", "x\n")
            .symlink("full", to: "elsewhere")
            .directory("full-too")
            .file("full-too/y", "y\n")
            .hardlink("full-too", to: "f")
            .directory("empty")
            .symlink("empty", to: "elsewhere")
            .directory("empty-too")
            .hardlink("empty-too", to: "f")
            .directory("empty-again")
            .file("empty-again", "a file now\n")
            .file("g", "g\n")
            .hardlink("g", to: "f")
            .symlink("s", to: "elsewhere")
            .hardlink("s", to: "f")
            .write(to: scratch("kinds.tar"))
        let report = Self.extract(scratch("kinds.tar"), into: scratch("dest"), options: ExtractionOptions(overwrite: overwrite))

        #expect(report.outcome == .failures)
        let failures = Self.failures(report)
        #expect(failures.keys.sorted() == ["full", "full-too"])
        for name in ["full", "full-too"] {
            let message = failures[name] ?? ""
            #expect(message.hasPrefix("cannot replace the directory '") && message.hasSuffix("/dest/\(name)': Directory not empty"), "\(message)")
        }
        // Every entry but those two is done, and each is what its entry says.
        #expect(report.filesDone == 15)
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.nodes["full"]?.type == S_IFDIR && dest.nodes["full/x"] != nil)
        #expect(dest.nodes["full-too"]?.type == S_IFDIR && dest.nodes["full-too/y"] != nil)
        #expect(dest.nodes["empty"]?.linkTarget == Array("elsewhere".utf8))
        #expect(dest.nodes["empty-again"]?.contents == Array("a file now\n".utf8))
        let file = Self.identity(scratch("dest/f"))
        for name in ["empty-too", "g", "s"] {
            #expect(file != nil && Self.identity(scratch("dest/\(name)")) == file, "\(name)")
            #expect(dest.nodes[name]?.contents == Array("f\n".utf8), "\(name)")
        }
    }

    /// A directory the extraction held open (an entry went into it) and later replaced with a
    /// symbolic link (an entry of that name, once the directory was empty again): an entry through
    /// the link is refused, not written into the directory that was there.
    @Test(arguments: [TarBuilder.Compression.none, .gzip])
    func aSymbolicLinkReplacingAnEnteredDirectoryIsRefused(compression: TarBuilder.Compression) throws {
        let scratch = try Self.scratchWithVictims()
        let tooLong = String(repeating: "n", count: 300)
        try TarBuilder()
            .directory("d")
            // Empty files: with no data to verify, nothing waits, whatever the compression.
            .file("d/kept", "")
            .directory("e")
            // Its temporary is made in `e`, which can never take this name: `e` is empty again.
            .file("e/\(tooLong)", "")
            .symlink("e", to: "../outside")
            .file("e/through", "pwned\n")
            .symlink("d/kept", to: "../outside")
            .file("d/kept/through", "pwned\n")
            .write(to: scratch("replaced.tar"), compression: compression)
        let before = TreeSnapshot(of: scratch.path, excluding: ["dest"])

        let report = Self.extract(scratch("replaced.tar"), into: scratch("dest"))

        #expect(TreeSnapshot(of: scratch.path, excluding: ["dest"]) == before, "something outside the destination changed")
        let failures = Self.failures(report)
        #expect(failures["e/\(tooLong)"] != nil)
        for name in ["e/through", "d/kept/through"] {
            #expect(failures[name]?.contains("symlink") == true, "\(name): \(failures[name] ?? "not refused")")
        }
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.nodes["e"]?.type == S_IFLNK)
        #expect(dest.nodes["d/kept"]?.type == S_IFLNK)
        #expect(ArchiveRunTests.temporaries(in: scratch("dest")).isEmpty)
    }

    /// A truncated archive (one gzip member, whose only CRC is at the end): the one entry it cut is
    /// not left half-written, and the archive is reported as failed, naming it; the entry before
    /// the damage was never verified either, so it does not take its name and is reported too.
    @Test func aTruncatedArchiveLeavesNoHalfWrittenFile() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 11)
        let large = data.randomBytes(400_000)
        try TarBuilder()
            .file("before.txt", "complete\n")
            .file(Array("large.bin".utf8), large)
            .file("after.txt", "never reached\n")
            .write(to: scratch("whole.tar.gz"), compression: .gzip)
        let whole = try TreeBuilder.read(scratch("whole.tar.gz"))
        try TreeBuilder.write(Array(whole.prefix(whole.count / 2)), to: scratch("cut.tar.gz"))

        let report = Self.extract(scratch("cut.tar.gz"), into: scratch("dest"))
        #expect(report.outcome == .failures)
        #expect(report.failures.map(\.path) == ["before.txt", scratch("cut.tar.gz")])
        #expect(report.failures.first?.message
            == "not extracted: the archive's data could not be verified up to the end of this entry: unexpected end of file")
        #expect(report.failures.last?.message.contains("large.bin") == true)
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.paths == ["."])
        #expect(ArchiveRunTests.temporaries(in: scratch("dest")).isEmpty)
    }

    @Test(arguments: [
        ("garbage", Array("this is not an archive, just some text that goes on for a while\n".utf8)),
        ("corrupt-gzip", [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + Array(repeating: UInt8(0xFF), count: 64)),
    ])
    func somethingThatIsNotAnArchiveIsAClearFailure(name: String, bytes: [UInt8]) throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(bytes, to: scratch(name))
        let report = Self.extract(scratch(name), into: scratch("dest"))
        #expect(report.outcome == .failures)
        #expect(report.failures.map(\.path) == [scratch(name)])
        #expect(report.failures.first?.message.isEmpty == false)
    }

    @Test func aMissingArchiveIsAClearFailure() throws {
        let scratch = try TemporaryDirectory()
        let report = Self.extract(scratch("nothing.tar"), into: scratch("dest"))
        #expect(report.outcome == .failures)
        #expect(report.failures.first?.message.contains("No such file or directory") == true)
    }

    /// The malformed tar vectors of Go's and libarchive's test suites (../shared/interop): each is
    /// refused or read, never a crash or a hang, and never anything outside the destination.
    @Test func malformedVectorsAreHandled() throws {
        guard let interop = Squeeze.interopDirectory else { return }
        let scratch = try TemporaryDirectory()
        for vector in [
            "go-tar/neg-size.tar", "go-tar/issue10968.tar", "go-tar/issue11169.tar", "go-tar/issue12435.tar",
            "go-tar/pax-bad-hdr-large.tar.bz2", "go-tar/writer-big.tar",
            "libarchive/test_read_format_tar_invalid_pax_size.tar", "libarchive/test_read_format_tar_acl_oob_read.tar",
            // Not test_read_filter_gzip_recursive.gz: libarchive 3.6.2 (Debian 12) takes minutes
            // to refuse it, in its own gzip filter (bsdtar 3.6.2 too); later versions fail at once.
        ] {
            let report = Self.extract("\(interop)/\(vector)", into: scratch("dest-\(vector.split(separator: "/").last!)"))
            #expect(report.outcome == .failures, "\(vector) should fail")
            #expect(!report.failures.isEmpty, "\(vector)")
        }
        // A malformed pax record is ignored with a warning, and its entry extracted (bsdtar and GNU
        // tar also extract it, and exit non-zero).
        let badRecord = Self.extract("\(interop)/go-tar/pax-bad-hdr-file.tar", into: scratch("bad-record"))
        #expect(badRecord.outcome == .warnings)
        #expect(badRecord.warnings.first?.message.contains("malformed pax") == true)
        // Absolute names are refused, not stripped as bsdtar does.
        let leadingSlash = Self.extract("\(interop)/libarchive/test_leading_slash.tar", into: scratch("slash"))
        #expect(leadingSlash.outcome == .failures)
        #expect(leadingSlash.failures.allSatisfy { $0.message.contains("refused") })
        #expect(TreeSnapshot(of: scratch("slash")).paths == ["."])
    }

    /// A file in a directory is written from the directory's descriptor (`HeldDirectoryFileWriter`):
    /// interrupted in the middle of its data, its temporary goes, the files before it stay whole,
    /// and nothing after it is made.
    @Test func anInterruptInTheMiddleOfAFileInADirectoryLeavesNoTemporary() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 30)
        try TarBuilder()
            .directory("dir")
            .file("dir/first", "whole\n")
            .file(Array("dir/big".utf8), data.randomBytes(400_000))
            .file("dir/after", "never reached\n")
            .write(to: scratch("t.tar"))
        // Cancelled once the stream has handed over part of big's data (the entries before it take 2 KiB).
        let report = Self.extractCancelled(scratch("t.tar"), into: scratch("dest"), after: 100_000)

        #expect(report.interrupted)
        let dest = TreeSnapshot(of: scratch("dest"))
        #expect(dest.paths == [".", "dir", "dir/first"])
        #expect(dest.nodes["dir/first"]?.contents == Array("whole\n".utf8))
        #expect(ArchiveRunTests.temporaries(in: scratch("dest/dir")).isEmpty)
    }

    /// Extracts the tar at `archive` into `destination`, interrupted once the stream has handed over `bytes`.
    static func extractCancelled(_ archive: String, into destination: String, after bytes: Int64) -> RunReport {
        let cancellation = CancellationFlag()
        let opener: DecodedStreamOpener = { path in
            CancellingStream(try RawFileStream(path), cancelling: cancellation, after: bytes)
        }
        return ExtractionRun(
            request: ExtractionRequest(archive: PathName(archive), destination: PathName(destination), openStream: opener),
            environment: RunEnvironment(cancellation: cancellation), entersDestination: true
        ).run()
    }
}
