import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Entries that wait for the stream to be verified (a single-member gzip's only CRC is at its
/// end) and those that must wait with them: hard links to them (in any order, several deep, to a
/// file the archive replaces), symbolic links to them, later entries of their names, and the
/// directories they are in. Each archive is also extracted by GNU tar, which squeeze must match.
@Suite struct ExtractionRunWaitingTests {
    /// An archive whose bytes count as verified only once read to the end (as a `tar czf`'s
    /// are), which then notes what the destination held at that moment, or fails as a CRC
    /// mismatch at the end would.
    final class VerifiedAtEndStream: DecodedStream {
        private let inner: RawFileStream
        private let destination: String
        private let fails: Bool
        private var finished = false
        /// The destination's names when the stream was read to its end: what a user saw then.
        private let seen: Locked<[String]>

        init(_ path: PathName, destination: String, fails: Bool, seen: Locked<[String]>) throws {
            inner = try RawFileStream(path)
            self.destination = destination
            self.fails = fails
            self.seen = seen
        }

        var bytesConsumed: Int64 { inner.bytesConsumed }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { try inner.read(into: buffer) }

        func finishReading() throws -> String? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while try buffer.withUnsafeMutableBytes({ try inner.read(into: $0) }) > 0 {}
            let names = TreeSnapshot(of: destination).nodes.filter { $0.value.type != S_IFDIR && !$0.key.contains(".squeeze-") }
            seen.withLock { $0 = names.keys.sorted() }
            if fails { throw CheckFailure() }
            finished = true
            return nil
        }

        func hasVerified(through offset: Int64) -> Bool { finished }
    }

    struct CheckFailure: Error, CustomStringConvertible {
        var description: String { "crc error" }
    }

    struct Extraction {
        var report: RunReport
        var seenBeforeTheEnd: [String]
    }

    static func extract(_ archive: String, into destination: String, failingAtTheEnd: Bool = false) -> Extraction {
        let seen = Locked<[String]>([])
        let opener: DecodedStreamOpener = { path in
            try VerifiedAtEndStream(path, destination: destination, fails: failingAtTheEnd, seen: seen)
        }
        let report = ExtractionRun(
            request: ExtractionRequest(archive: PathName(archive), destination: PathName(destination), openStream: opener),
            environment: RunEnvironment(), entersDestination: true
        ).run()
        return Extraction(report: report, seenBeforeTheEnd: seen.withLock { $0 })
    }

    /// What GNU tar extracts from `archive`, and its exit status.
    static func gnuTar(_ archive: String, into destination: String) throws -> (TreeSnapshot, Int32) {
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let result = try CommandRunner.run("tar", ["-xpf", archive, "-C", destination])
        return (TreeSnapshot(of: destination), result.status)
    }

    /// Directories the archive did not time (the destination, parents made on the way) have the
    /// time they were made: not compared.
    static func withoutTimesOfNow(_ snapshot: TreeSnapshot) -> TreeSnapshot {
        var snapshot = snapshot
        for (path, node) in snapshot.nodes where node.type == S_IFDIR && node.modificationTime > 1_750_000_000 {
            snapshot.update(path) { $0.modificationTime = 0 }
        }
        return snapshot
    }

    /// Extracted by squeeze (every file waiting to the end) and by GNU tar: the same tree.
    static func expectLikeGNUTar(_ tar: TarBuilder, _ scratch: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws -> Extraction {
        try tar.write(to: scratch("a.tar"))
        let extraction = extract(scratch("a.tar"), into: scratch("squeeze"))
        #expect(extraction.report.outcome == .succeeded, "\(extraction.report.failures)", sourceLocation: sourceLocation)
        let (gnuTree, status) = try gnuTar(scratch("a.tar"), into: scratch("gnu"))
        #expect(status == 0, sourceLocation: sourceLocation)
        let squeezed = withoutTimesOfNow(TreeSnapshot(of: scratch("squeeze")))
        let gnu = withoutTimesOfNow(gnuTree)
        #expect(squeezed == gnu, "\(squeezed.differences(from: gnu))", sourceLocation: sourceLocation)
        #expect(!TreeBuilder.files(under: scratch("squeeze")).contains { $0.contains(".squeeze-") }, sourceLocation: sourceLocation)
        return extraction
    }

    @Test func linksToAWaitingFileSeveralDeepAppearWithItOnItsInode() throws {
        let scratch = try TemporaryDirectory()
        let extraction = try Self.expectLikeGNUTar(
            TarBuilder()
                .file("dir/a", "the data\n")
                .hardlink("b", to: "dir/a")
                .hardlink("dir/c", to: "b")
                .hardlink("d", to: "dir/c")
                .file("after", "more\n"),
            scratch)
        #expect(extraction.seenBeforeTheEnd.isEmpty, "\(extraction.seenBeforeTheEnd)")
        #expect(extraction.report.filesDone == 5)
        let identity = ExtractionRunTests.identity(scratch("squeeze/dir/a"))
        for name in ["b", "dir/c", "d"] { #expect(ExtractionRunTests.identity(scratch("squeeze/\(name)")) == identity, "\(name)") }
        #expect(try FileStatus.of(PathName(scratch("squeeze/d")), followingSymlinks: false).linkCount == 4)
    }

    /// A link renamed over a name of its own file: rename(2) then does nothing and leaves the
    /// temporary, which must not stay behind (found by a seeded archive, while its file waited).
    @Test func aNameLinkedToALinkOfItselfLeavesNoTemporary() throws {
        let scratch = try TemporaryDirectory()
        let extraction = try Self.expectLikeGNUTar(
            TarBuilder()
                .file("d/x", "the data\n")
                .hardlink("d/y", to: "d/x")
                .hardlink("d/x", to: "d/y")
                .file("after", "more\n"),
            scratch)
        #expect(extraction.report.filesDone == 4)
        #expect(ExtractionRunTests.identity(scratch("squeeze/d/x")) == ExtractionRunTests.identity(scratch("squeeze/d/y")))
    }

    /// GNU tar replaces a file by unlinking it: the links made before keep the first content, a
    /// link made after gets the second.
    @Test func aFileReplacedLaterKeepsItsEarlierLinksOnTheOldContent() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.expectLikeGNUTar(
            TarBuilder()
                .file("a", "first\n")
                .hardlink("b", to: "a")
                .file("a", "second\n")
                .hardlink("c", to: "a"),
            scratch)
        #expect(try TreeBuilder.read(scratch("squeeze/b")) == Array("first\n".utf8))
        #expect(try TreeBuilder.read(scratch("squeeze/c")) == Array("second\n".utf8))
    }

    /// A link before its target (GNU tar fails it: "Cannot hard link"): made when the target is,
    /// waiting or not; one whose target never comes is refused at the end.
    @Test(arguments: [true, false])
    func aLinkBeforeItsTargetIsMadeWithIt(waiting: Bool) throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .hardlink("early", to: "later")
            .hardlink("earlier-still", to: "early")
            .hardlink("orphan", to: "never")
            .file("later", "data\n")
            .write(to: scratch("a.tar"))
        let report = waiting
            ? Self.extract(scratch("a.tar"), into: scratch("dest")).report
            : ExtractionRunTests.extract(scratch("a.tar"), into: scratch("dest"))
        #expect(report.filesDone == 3)
        #expect(ExtractionRunTests.failures(report) == ["orphan": "refused: hard link to 'never', which this archive did not extract"])
        let identity = ExtractionRunTests.identity(scratch("dest/later"))
        #expect(identity != nil && ExtractionRunTests.identity(scratch("dest/early")) == identity)
        #expect(ExtractionRunTests.identity(scratch("dest/earlier-still")) == identity)
        #expect(TreeSnapshot(of: scratch("dest")).paths == [".", "earlier-still", "early", "later"])
    }

    /// A symbolic link to a waiting file, and a later entry of a waiting file's name, wait too:
    /// the link never dangles, and the last entry of a name wins.
    @Test func symbolicLinksAndLaterEntriesOfANameWaitInArchiveOrder() throws {
        let scratch = try TemporaryDirectory()
        let extraction = try Self.expectLikeGNUTar(
            TarBuilder()
                .file("dir/target", "data\n")
                .symlink("to-target", to: "dir/../dir/target")
                .file("becomes-link", "data\n")
                .symlink("becomes-link", to: "dir")
                .file("becomes-dir", "data\n")
                .directory("becomes-dir")
                .file("becomes-dir/inside", "inside\n")
                .file("twice", "one\n")
                .file("twice", "two\n")
                .file("twice-then-dir", "one\n")
                .file("twice-then-dir", "two\n")
                .directory("twice-then-dir"),
            scratch)
        #expect(extraction.seenBeforeTheEnd == [], "\(extraction.seenBeforeTheEnd)")
        #expect(extraction.report.filesDone == 12)
    }

    /// What is extracted does not depend on how far the stream had been verified: an entry
    /// beneath the name of a file still waiting fails as beneath the file ("Not a directory"),
    /// directly or as a link made when its later target is, instead of making a directory that
    /// keeps the file from its name; a link made when its target is takes its name after an
    /// earlier entry of that name still waiting (the last entry of a name wins).
    @Test func whatIsExtractedDoesNotDependOnHowFarTheStreamWasVerified() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .file("file", "data\n")
            .file("file/beneath", "data\n")
            .hardlink("later-file/link", to: "target")
            .file("later-file", "data\n")
            .file("replaced", "first\n")
            .hardlink("replaced", to: "target")
            // Empty: no bytes of its own to wait for.
            .file("target", "")
            .write(to: scratch("a.tar"))
        let waiting = Self.extract(scratch("a.tar"), into: scratch("waiting")).report
        let streamed = ExtractionRunTests.extract(scratch("a.tar"), into: scratch("streamed"))
        let tree = Self.withoutTimesOfNow(TreeSnapshot(of: scratch("streamed")))
        let waitingTree = Self.withoutTimesOfNow(TreeSnapshot(of: scratch("waiting")))
        #expect(waitingTree == tree, "\(waitingTree.differences(from: tree))")
        #expect(tree.paths == [".", "file", "later-file", "replaced", "target"])
        #expect(ExtractionRunTests.identity(scratch("waiting/replaced")) == ExtractionRunTests.identity(scratch("waiting/target")))
        for report in [waiting, streamed] {
            #expect(report.filesDone == 5, "\(report.failures)")
            #expect(Set(ExtractionRunTests.failures(report).keys) == ["file/beneath", "later-file/link"], "\(report.failures)")
        }
        for failure in waiting.failures { #expect(failure.message.hasSuffix("Not a directory"), "\(failure)") }
    }

    /// A waiting entry whose name cannot be taken once its bytes are verified (a directory is
    /// there) is reported with that cause, as when nothing waits, not as unverified.
    @Test func aNameThatCannotBeTakenIsReportedWithItsCause() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .hardlink("link", to: "target")
            .file("link/beneath", "data\n")
            .file("target", "data\n")
            .write(to: scratch("a.tar"))
        let waiting = Self.extract(scratch("a.tar"), into: scratch("waiting")).report
        let streamed = ExtractionRunTests.extract(scratch("a.tar"), into: scratch("streamed"))
        for (report, destination) in [(waiting, "waiting"), (streamed, "streamed")] {
            let failures = ExtractionRunTests.failures(report)
            #expect(failures.count == 1, "\(failures)")
            let message = failures["link"] ?? ""
            #expect(message.hasPrefix("cannot rename into place '") && message.hasSuffix("/\(destination)/link': Is a directory"), "\(message)")
            #expect(TreeSnapshot(of: scratch(destination)).paths == [".", "link", "link/beneath", "target"])
        }
    }

    /// GNU tar's order: a directory's mode and time are set once everything in it is in place,
    /// read-only directories and directories stored after their contents included.
    @Test func directoriesTakeTheirModesAndTimesAfterTheirContents() throws {
        let scratch = try TemporaryDirectory()
        _ = try Self.expectLikeGNUTar(
            TarBuilder()
                .directory("read-only", permissions: 0o555)
                .file("read-only/file", "data\n")
                .hardlink("read-only/link", to: "read-only/file")
                .directory("read-only/sub", permissions: 0o500)
                .file("read-only/sub/deep", "data\n")
                .file("stored-after/file", "data\n")
                .directory("stored-after", permissions: 0o500)
                .directory("twice", permissions: 0o755)
                .file("twice/file", "data\n")
                .directory("twice", permissions: 0o555)
                .file("twice/later", "data\n"),
            scratch)
    }

    /// The stream fails its check at the end: nothing that waited is left, a file's message names
    /// the links that go with it, and each link's names its file.
    @Test func aDamagedTargetTakesItsLinksDownAndTheMessagesNameThem() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .directory("dir")
            .file("dir/a", "the data\n")
            .hardlink("b", to: "dir/a")
            .hardlink("c", to: "b")
            .symlink("s", to: "dir/a")
            .write(to: scratch("a.tar"))
        let extraction = Self.extract(scratch("a.tar"), into: scratch("dest"), failingAtTheEnd: true)
        #expect(extraction.report.outcome == .failures)
        #expect(TreeSnapshot(of: scratch("dest")).paths == [".", "dir"])
        let failures = ExtractionRunTests.failures(extraction.report)
        #expect(failures["dir/a"]?.hasPrefix("not extracted (nor its hard links 'b', 'c'): the archive's data could not be verified") == true, "\(failures)")
        #expect(failures["b"]?.hasPrefix("not extracted (a hard link to 'dir/a'): ") == true, "\(failures)")
        #expect(failures["c"]?.hasPrefix("not extracted (a hard link to 'b'): ") == true, "\(failures)")
        #expect(failures["s"]?.hasPrefix("not extracted: ") == true, "\(failures)")
    }

    /// A link that carries data for a file still waiting: the data waits too, then becomes every
    /// name of the file.
    @Test func aLinksDataForAWaitingFileWaitsAndReachesEveryName() throws {
        let scratch = try TemporaryDirectory()
        try TarBuilder()
            .file("a", "old\n")
            .hardlink("b", to: "a")
            .hardlink("c", to: "b", data: Array("new\n".utf8), permissions: 0o600)
            .write(to: scratch("a.tar"))
        let extraction = Self.extract(scratch("a.tar"), into: scratch("dest"))
        #expect(extraction.report.outcome == .succeeded, "\(extraction.report.failures)")
        #expect(extraction.seenBeforeTheEnd.isEmpty)
        let identity = ExtractionRunTests.identity(scratch("dest/a"))
        for name in ["a", "b", "c"] {
            #expect(try TreeBuilder.read(scratch("dest/\(name)")) == Array("new\n".utf8), "\(name)")
            #expect(ExtractionRunTests.identity(scratch("dest/\(name)")) == identity, "\(name)")
        }
    }
}
