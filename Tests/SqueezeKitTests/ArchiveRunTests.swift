import Foundation
@testable import SqueezeKit
import SqueezeOperationQueue
import SqueezeTestSupport
import Testing

/// `ArchiveRun` end to end in the library: what goes in comes out, the bytes do not depend on the
/// scheduling, and nothing is left behind when it cannot finish.
@Suite struct ArchiveRunTests {
    static func archive(
        _ roots: [String], to destination: String, codec: Codec = .libdeflate, blockSize: Int = 64 << 10,
        mode: SchedulingMode = .apply, jobs: Int = 2, force: Bool = false, filter: PathFilter = PathFilter(),
        cancellation: CancellationFlag = CancellationFlag()
    ) -> RunReport {
        ArchiveRun(
            request: ArchiveRequest(
                roots: roots.map { PathName($0) }, destination: PathName(destination), filter: filter,
                settings: CompressionSettings(codec: codec, level: 6, blockSize: blockSize, format: codec == .zstd ? .zstd : .gzip),
                scheduling: SchedulingOptions(mode: mode, jobs: jobs, operationScheduler: .operationQueue), force: force),
            environment: RunEnvironment(cancellation: cancellation)
        ).run()
    }

    static func extractEverything(_ archive: String, into destination: String, entersDestination: Bool = true) -> RunReport {
        ExtractionRunTests.extract(
            archive, into: destination,
            options: ExtractionOptions(restoreOwners: true, allowSpecialFiles: true, keepSetuidBits: true),
            entersDestination: entersDestination)
    }

    static func temporaries(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".squeeze-") }
    }

    @Test(arguments: [(Codec.libdeflate, true), (.zlib, false)])
    func everyKindOfEntryComesBackAsItWas(codec: Codec, entersDestination: Bool) throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch("tree"))
        let report = Self.archive([scratch("tree")], to: scratch("tree.tar.gz"), codec: codec)
        #expect(report.outcome == .succeeded, "\(report.failures)")
        #expect(report.filesFailed == 0 && report.skipped.isEmpty)
        let source = TreeSnapshot(of: scratch("tree"), owners: true)
        // Every path below the root, and the root itself, is one entry.
        #expect(report.filesDone == source.nodes.count)
        let regularBytes = source.nodes.values.filter { $0.type == S_IFREG && $0.sameFileAs == nil }.reduce(0) { $0 + $1.size }
        #expect(report.bytesIn == regularBytes)
        #expect(report.bytesOut == (try FileStatus.of(PathName(scratch("tree.tar.gz")), followingSymlinks: false)).size)
        #expect(try CommandRunner.run("gzip", ["-t", scratch("tree.tar.gz")]).status == 0)

        let extraction = Self.extractEverything(scratch("tree.tar.gz"), into: scratch("out"), entersDestination: entersDestination)
        #expect(extraction.outcome == .succeeded, "\(extraction.failures)")
        let restored = TreeSnapshot(of: scratch("out"), owners: true).subtree("tree")
        #expect(restored == source, "\(restored.differences(from: source))")
    }

    /// A report's sink that prints or keeps files done, or not, and counts the records of files
    /// it is handed.
    final class FileCountingSink: RunRecordSink {
        let recordsFilesDone: Bool
        let filesHanded = Locked(0)

        init(recordsFilesDone: Bool) {
            self.recordsFilesDone = recordsFilesDone
        }

        func record(_ record: RunRecord) {
            if case .file = record { filesHanded.withLock { $0 += 1 } }
        }
    }

    /// The entries count the same whether the report prints or keeps each (`-v`, `--json`) or
    /// not; only where it does are their records made, the archive's own being made either way.
    @Test func entriesCountTheSameWhetherTheReportKeepsThemOrNot() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch("tree"))
        var reports: [RunReport] = []
        for keeps in [true, false] {
            let sink = FileCountingSink(recordsFilesDone: keeps)
            // Names of one length: the gzip header holds the tar's name.
            let destination = scratch(keeps ? "kept.tar.gz" : "lean.tar.gz")
            let report = ArchiveRun(
                request: ArchiveRequest(roots: [PathName(scratch("tree"))], destination: PathName(destination)),
                environment: RunEnvironment(collector: ResultCollector(sink: sink))
            ).run()
            #expect(report.outcome == .succeeded, "\(report.failures)")
            #expect(sink.filesHanded.withLock { $0 } == (keeps ? report.filesDone + 1 : 1))
            reports.append(report)
        }
        #expect(reports[0].filesDone == TreeSnapshot(of: scratch("tree"), owners: true).nodes.count)
        #expect(reports.map(\.filesDone) == [reports[0].filesDone, reports[0].filesDone])
        #expect(reports.map(\.bytesIn) == [reports[0].bytesIn, reports[0].bytesIn])
        #expect(reports.map(\.bytesOut) == [reports[0].bytesOut, reports[0].bytesOut])
    }

    @Test func theBytesDependOnTheTreeAloneNotOnTheScheduling() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch("tree"))
        // zstd's frames: block storage handed back by workers (`BlockStorageRecycler`) without
        // context bytes before each block; zlib's: with its 32 KiB of context.
        for codec in [Codec.libdeflate, .zlib, .zstd] {
            var outputs: [[UInt8]] = []
            for (index, (mode, jobs)) in [(SchedulingMode.sequential, 1), (.group, 3), (.apply, 2), (.operation, 4), (.apply, 2)].enumerated() {
                let destination = scratch("\(codec)-\(index)/same.tar.\(codec == .zstd ? "zst" : "gz")")
                try FileManager.default.createDirectory(atPath: scratch("\(codec)-\(index)"), withIntermediateDirectories: true)
                let report = Self.archive([scratch("tree")], to: destination, codec: codec, blockSize: 16 << 10, mode: mode, jobs: jobs)
                #expect(report.outcome == .succeeded, "\(codec) \(mode): \(report.failures)")
                outputs.append(try TreeBuilder.read(destination))
            }
            #expect(Set(outputs).count == 1, "\(codec): outputs differ between modes")
        }
    }

    /// Many files of random sizes through a small window and small blocks: the producer keeps
    /// waiting for credits while workers finish blocks out of order, in every mode.
    @Test(arguments: SchedulingMode.allCases)
    func aLongStreamThroughASmallWindow(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 7)
        for index in 0..<120 {
            let size = data.int(in: 0...60_000)
            try TreeBuilder.write(index % 3 == 0 ? data.randomBytes(size) : data.text(size), to: scratch("tree/d\(index % 7)/f\(index)"))
        }
        for round in 0..<3 {
            let destination = scratch("round\(round).tar.gz")
            let report = Self.archive([scratch("tree")], to: destination, codec: round == 1 ? .zlib : .libdeflate,
                                      blockSize: 16 << 10, mode: mode, jobs: 3)
            #expect(report.outcome == .succeeded, "\(report.failures)")
            let extraction = Self.extractEverything(destination, into: scratch("out\(round)"))
            #expect(extraction.outcome == .succeeded, "\(extraction.failures)")
            #expect(TreeSnapshot(of: scratch("out\(round)")).subtree("tree") == TreeSnapshot(of: scratch("tree")))
        }
    }

    /// One block: a plain gzip member with no index field. Several: every member indexed.
    @Test func theIndexFieldAppearsOnlyWhenTheStreamHasSeveralBlocks() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("tiny\n", to: scratch("small/a.txt"))
        var data = TestData(seed: 3)
        try TreeBuilder.write(data.randomBytes(100_000), to: scratch("large/a.bin"))
        #expect(Self.archive([scratch("small")], to: scratch("small.tar.gz"), blockSize: 16 << 10).outcome == .succeeded)
        #expect(Self.archive([scratch("large")], to: scratch("large.tar.gz"), blockSize: 16 << 10).outcome == .succeeded)
        let small = try TreeBuilder.read(scratch("small.tar.gz"))
        let large = try TreeBuilder.read(scratch("large.tar.gz"))
        let extraFlag: UInt8 = 0x04
        #expect(small[3] & extraFlag == 0)
        #expect(large[3] & extraFlag != 0)
        // FNAME is the tar's name; MTIME is 0, so that the same tree gives the same archive.
        #expect(small[4..<8].allSatisfy { $0 == 0 })
        #expect(small[10...].starts(with: Array("small.tar".utf8) + [0]))
    }

    @Test func anExistingArchiveIsKeptWithoutForce() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a\n", to: scratch("tree/a.txt"))
        try TreeBuilder.write("precious\n", to: scratch("out.tar.gz"))
        let refused = Self.archive([scratch("tree")], to: scratch("out.tar.gz"))
        #expect(refused.outcome == .failures)
        #expect(refused.failures.first?.message.contains("already exists") == true)
        #expect(try TreeBuilder.read(scratch("out.tar.gz")) == Array("precious\n".utf8))
        let forced = Self.archive([scratch("tree")], to: scratch("out.tar.gz"), force: true)
        #expect(forced.outcome == .succeeded)
        #expect(try ArchiveLister().entries(in: PathName(scratch("out.tar.gz"))).map(\.name) == ["tree/", "tree/a.txt"])
        #expect(Self.temporaries(in: scratch.path).isEmpty)
    }

    @Test func theArchiveDoesNotStoreItselfNorAnEntryNameTwice() throws {
        // Two roots of one name: their directories merge into one entry, quietly.
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a\n", to: scratch("one/x/a.txt"))
        try TreeBuilder.write("b\n", to: scratch("two/x/b.txt"))
        try TreeBuilder.write("old archive\n", to: scratch("one/x/self.tar.gz"))
        let report = Self.archive([scratch("one/x"), scratch("two/x")], to: scratch("one/x/self.tar.gz"), force: true)
        #expect(report.outcome == .succeeded, "\(report.failures)")
        #expect(report.skipped.map(\.message).sorted() == ["same file as '\(scratch("one/x"))'", "the archive being written"])
        let names = try ArchiveLister().entries(in: PathName(scratch("one/x/self.tar.gz"))).map(\.name)
        // Directories are stored with a trailing slash; the second root's own entry is a duplicate
        // name, what is in it is not.
        #expect(names == ["x/", "x/a.txt", "x/b.txt"])
    }

    /// Two roots holding a file of the same name: the second cannot be stored under that name too,
    /// and the user must hear of it (exit 2), not find it missing later.
    @Test func aFileWhoseNameAnEarlierRootTookIsLeftOutWithAWarning() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("first\n", to: scratch("one/x/same.txt"))
        try TreeBuilder.write("second\n", to: scratch("two/x/same.txt"))
        let report = Self.archive([scratch("one/x"), scratch("two/x")], to: scratch("out.tar.gz"))
        #expect(report.outcome == .warnings)
        #expect(report.warnings.map(\.path) == [scratch("two/x/same.txt")])
        #expect(report.warnings.first?.message == "'x/same.txt' is already made from '\(scratch("one/x/same.txt"))'; this one is left out")
        let names = try ArchiveLister().entries(in: PathName(scratch("out.tar.gz"))).map(\.name)
        #expect(names == ["x/", "x/same.txt"])
    }

    @Test func rootsAreNamedByTheirLastComponent() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a\n", to: scratch("deep/path/tree/a.txt"))
        try TreeBuilder.write("f\n", to: scratch("loose.txt"))
        let report = Self.archive([scratch("deep/path/tree/"), scratch("loose.txt"), scratch("deep/path/tree/.")], to: scratch("n.tar.gz"))
        #expect(report.outcome == .succeeded)
        // The contents of "tree/." have no prefix, and "a.txt" was not yet taken.
        let names = try ArchiveLister().entries(in: PathName(scratch("n.tar.gz"))).map(\.name)
        #expect(names == ["tree/", "tree/a.txt", "loose.txt", "a.txt"])
    }

    @Test func excludedPathsAreLeftOut() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a\n", to: scratch("tree/keep.txt"))
        try TreeBuilder.write("b\n", to: scratch("tree/drop.log"))
        try TreeBuilder.write("c\n", to: scratch("tree/build/out.txt"))
        let report = Self.archive([scratch("tree")], to: scratch("f.tar.gz"), filter: PathFilter(excludes: ["*.log", "build"]))
        #expect(report.outcome == .succeeded)
        let names = try ArchiveLister().entries(in: PathName(scratch("f.tar.gz"))).map(\.name)
        #expect(names == ["tree/", "tree/keep.txt"])
    }

    @Test func aMissingDestinationDirectoryFailsBeforeAnyWork() throws {
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write("a\n", to: scratch("tree/a.txt"))
        let report = Self.archive([scratch("tree")], to: scratch("no/such/dir/out.tar.gz"))
        #expect(report.outcome == .failures)
        #expect(report.failures.first?.message.contains("No such file or directory") == true)
    }

    @Test func anInterruptedRunLeavesNothing() throws {
        let scratch = try TemporaryDirectory()
        try EveryKindTree.make(at: scratch("tree"))
        let cancellation = CancellationFlag()
        cancellation.cancel()
        let report = Self.archive([scratch("tree")], to: scratch("out.tar.gz"), cancellation: cancellation)
        #expect(report.interrupted && report.outcome == .interrupted)
        #expect(!FileManager.default.fileExists(atPath: scratch("out.tar.gz")))
        #expect(Self.temporaries(in: scratch.path).isEmpty)
    }
}
