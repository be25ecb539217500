import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Plain files created on a second thread (`PlainFileCreator`): whatever it is still busy with,
/// an extraction with two jobs makes what one thread makes, byte for byte, with the same failures.
@Suite struct ExtractionRunCreatorTests {
    /// Extracts with `jobs` (1: no creator); `pause` holds the creator before a file, and the
    /// stream is read on the extraction thread itself (no read-ahead), whose id `opened` is given.
    static func extract(
        _ archive: String, into destination: String, jobs: Int, pause: PlainFileCreator.Pause? = nil,
        opened: (@Sendable (Int32) -> Void)? = nil
    ) -> RunReport {
        let opener: DecodedStreamOpener = { path in
            opened?(KernelState.currentThreadID())
            return try RawFileStream(path)
        }
        return ExtractionRun(
            request: ExtractionRequest(
                archive: PathName(archive), destination: PathName(destination),
                scheduling: SchedulingOptions(jobs: jobs), openStream: opener),
            environment: RunEnvironment(), entersDestination: true, pauseCreator: pause
        ).run()
    }

    /// Extracts with two jobs, the creator held before it makes `busyWith` until the extraction
    /// thread sleeps: waiting for the creator, or, having read every entry, for its end. Whatever
    /// the entries after it do, they have done before the creator makes the file.
    static func extractWithCreatorBusy(_ archive: String, into destination: String, busyWith name: String) -> RunReport {
        let extractionThread = Locked<Int32>(-1)
        return extract(
            archive, into: destination, jobs: 2,
            pause: { file in
                guard file == PathName(name) else { return }
                #expect(KernelState.waitUntilAsleep([extractionThread.withLock { $0 }]))
            },
            opened: { thread in extractionThread.withLock { $0 = thread } })
    }

    /// The paths whose nodes differ between two extractions, with both; the destination itself is
    /// left out (its time is when the last entry went in).
    static func differences(_ two: TreeSnapshot, _ one: TreeSnapshot) -> String {
        Set(two.nodes.keys).union(one.nodes.keys).sorted().filter { $0 != "." && two.nodes[$0] != one.nodes[$0] }
            .map { "\($0): \(two.nodes[$0].map { "\($0)" } ?? "missing") against \(one.nodes[$0].map { "\($0)" } ?? "missing")" }
            .joined(separator: "\n")
    }

    /// A report's failures as entry name → message, the destination's path made `DEST`.
    static func failures(_ report: RunReport, destination: String) -> [String: String] {
        let destination = (try? PathName(destination).canonical()).map { "\($0)" } ?? destination
        return Dictionary(
            report.failures.map { ($0.path, $0.message.replacingOccurrences(of: destination + "/", with: "DEST/")) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Entries after `d/x` (a small file, handed to the creator) that name it, a directory it is
    /// in, or go beneath it.
    static let laterEntries: [(String, @Sendable (TarBuilder) -> TarBuilder)] = [
        ("a symbolic link takes its name", { $0.symlink("d/x", to: "elsewhere") }),
        ("a directory takes its name", { $0.directory("d/x").file("d/x/y", "beneath\n") }),
        ("a hard link names it", { $0.hardlink("e/link", to: "d/x") }),
        ("a hard link takes its name", { $0.hardlink("d/x", to: "e/first") }),
        ("a file goes beneath it", { $0.file("d/x/y", "not a directory\n") }),
        ("its directory is replaced", { $0.file("d", "a file in the way\n") }),
        ("a hard link gives data to it", { $0.hardlink("e/link", to: "d/x").file("e/link", "replaced\n").hardlink("e/data", to: "d/x", contents: "new data\n") }),
        ("a large file takes its name", { $0.file(Array("d/x".utf8), Array(repeating: 7, count: PlainFileCreator.largestFile + 1)) }),
    ]

    @Test(arguments: laterEntries.indices)
    func anEntryTouchingAFileTheCreatorIsBusyWithFindsWhatOneThreadFinds(_ index: Int) throws {
        let (what, later) = Self.laterEntries[index]
        let scratch = try TemporaryDirectory()
        let archive = later(TarBuilder().directory("d").directory("e").file("e/first", "first\n").file("d/x", "handed over\n", permissions: 0o600))
            .file("e/last", "last\n")
        try archive.write(to: scratch("t.tar"))

        let one = Self.extract(scratch("t.tar"), into: scratch("one"), jobs: 1)
        let two = Self.extractWithCreatorBusy(scratch("t.tar"), into: scratch("two"), busyWith: "d/x")

        let (snapshotTwo, snapshotOne) = (TreeSnapshot(of: scratch("two")), TreeSnapshot(of: scratch("one")))
        #expect(Self.differences(snapshotTwo, snapshotOne) == "", "\(what)")
        #expect(Self.failures(two, destination: scratch("two")) == Self.failures(one, destination: scratch("one")), "\(what)")
        #expect(two.outcome == one.outcome, "\(what)")
        #expect(ArchiveRunTests.temporaries(in: scratch("two/d")).isEmpty && ArchiveRunTests.temporaries(in: scratch("two/e")).isEmpty)
    }

    /// Seeded archives of files (small, empty, large), directories, symbolic and hard links over a
    /// few names in a few directories, each taken again and again by every kind: two jobs make the
    /// tree one makes, with the same failures. (Run under ThreadSanitizer too.)
    @Test(arguments: 0..<12)
    func seededArchivesComeOutAsWithOneThread(_ seed: Int) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: UInt64(seed) &+ 3000)
        let directories = ["a", "a/b", "c", "a/b/d"]
        var tar = TarBuilder()
        for directory in directories { tar = tar.directory(directory) }
        func name() -> String {
            let directory = directories[data.int(in: 0...directories.count - 1)]
            return "\(directory)/n\(data.int(in: 0...5))"
        }
        for _ in 0..<300 {
            switch data.int(in: 0...19) {
            case 0: tar = tar.directory(name(), permissions: [0o755, 0o700][data.int(in: 0...1)])
            case 1: tar = tar.symlink(name(), to: "../\(name())")
            case 2, 3: tar = tar.hardlink(name(), to: name())
            case 4: tar = tar.file(Array(name().utf8), data.randomBytes(PlainFileCreator.largestFile + data.int(in: 0...4096)))
            case 5: tar = tar.file(name(), "")
            default:
                tar = tar.file(Array(name().utf8), data.randomBytes(data.int(in: 0...40_000)), permissions: [0o644, 0o600, 0o755, 0o444][data.int(in: 0...3)])
            }
        }
        try tar.write(to: scratch("t.tar"))

        let one = Self.extract(scratch("t.tar"), into: scratch("one"), jobs: 1)
        let two = Self.extract(scratch("t.tar"), into: scratch("two"), jobs: 2)

        let (snapshotTwo, snapshotOne) = (TreeSnapshot(of: scratch("two")), TreeSnapshot(of: scratch("one")))
        #expect(Self.differences(snapshotTwo, snapshotOne) == "")
        #expect(Self.failures(two, destination: scratch("two")) == Self.failures(one, destination: scratch("one")))
        #expect(two.filesDone == one.filesDone)
    }

    /// Small files whose bytes stay in the decoded chunks keep those chunks alive: the creator's
    /// channel counts each chunk once, so a run of small files, each in a chunk of its own (a
    /// file over 1 MiB between two), holds the extraction thread back once about 4 MiB of chunks
    /// wait, instead of letting it read on while every chunk stays in memory.
    /// Files whose bytes are kept in the stream's decoded chunks weigh their chunks in the
    /// channel, so it holds a few of them, not one per file whatever the chunks they keep alive;
    /// and while the creator is behind, the extraction thread makes the files it has no room for
    /// itself instead of waiting.
    @Test func smallFilesKeptInDecodedChunksWeighTheChunks() throws {
        let scratch = try TemporaryDirectory()
        for pair in 0..<48 {
            try TreeBuilder.write("small \(pair)\n", to: scratch("tree/p\(1000 + pair)/a"))
            try TreeBuilder.write("and another\n", to: scratch("tree/p\(1000 + pair)/a2"))
            try TreeBuilder.write([UInt8](repeating: UInt8(pair), count: PlainFileCreator.largestFile + 1), to: scratch("tree/p\(1000 + pair)/b"))
        }
        let archived = try Squeeze.run(["archive", scratch("tree"), "-o", scratch("t.tar.gz"), "-q"])
        try #require(archived.status == 0, "\(archived.standardError)")
        let handed = Locked<[PathName]>([]), madeWhenHeld = Locked(-1)
        let report = ExtractionRun(
            request: ExtractionRequest(
                archive: PathName(scratch("t.tar.gz")), destination: PathName(scratch("dest")),
                scheduling: SchedulingOptions(jobs: 2),
                openStream: DecodedStreamOpeners.automatic(scheduling: SchedulingOptions(jobs: 2))),
            environment: RunEnvironment(), entersDestination: true,
            pauseCreator: { file in
                handed.withLock { $0.append(file) }
                guard file == "tree/p1000/a" else { return }
                // Held until the archive's last entry (a large file, the extraction thread's own)
                // has its name: every file before it was sent here or made there by then.
                #expect(KernelState.waitUntil(deadline: 120) {
                    FileManager.default.fileExists(atPath: scratch("dest/tree/p1047/b"))
                })
                let made = (1001..<1048).filter { FileManager.default.fileExists(atPath: scratch("dest/tree/p\($0)/a")) }
                madeWhenHeld.withLock { $0 = made.count }
            }
        ).run()

        #expect(report.outcome == .succeeded, "\(report.failures)")
        #expect(TreeSnapshot(of: scratch("dest")).nodes["tree/p1047/a"]?.contents == Array("small 47\n".utf8))
        // About 4 MiB of chunks (of 1 MiB each) fit in the channel, with the file the creator
        // holds: weighing the bytes alone, all 96 would have gone to it. Each chunk holds two
        // small files: one made by the extraction thread leaves the other to be charged.
        let handedOver = handed.withLock { $0 }
        #expect(!handedOver.isEmpty && handedOver.count <= 8, "\(handedOver)")
        #expect(madeWhenHeld.withLock { $0 } >= 40, "\(handedOver)")
    }

    /// A zip entry written to a pipe says its size only after its data: read as a stream (here
    /// gzip-compressed; a seekable zip is read by its central directory, which says it), its
    /// header's size is not set. Such a file is made by the extraction thread as it is read, not
    /// held in memory whole for the creator, whatever its size turns out to be.
    @Test func aFileOfUnknownSizeIsNotHeldForTheCreator() throws {
        let scratch = try TemporaryDirectory()
        let made = try CommandRunner.run("python3", ["-c", #"""
            import zipfile
            class Pipe:  # a stream zipfile cannot seek back in: sizes go after the data
                def __init__(self, file): self.file = file
                def write(self, bytes): return self.file.write(bytes)
                def flush(self): self.file.flush()
                def tell(self): raise OSError("not seekable")
                def seekable(self): return False
            with open("b.zip", "wb") as file, zipfile.ZipFile(Pipe(file), "w") as archive:
                with archive.open("d/first", "w") as entry: entry.write(b"hello")
                with archive.open("d/large", "w") as entry: entry.write(bytes(range(256)) * 12288)
            """#], currentDirectory: scratch.path)
        try #require(made.status == 0, "\(made.standardError)")
        #expect(try CommandRunner.run("gzip", [scratch("b.zip")]).status == 0)
        let handed = Locked<[PathName]>([])
        let report = ExtractionRun(
            request: ExtractionRequest(
                archive: PathName(scratch("b.zip.gz")), destination: PathName(scratch("dest")),
                scheduling: SchedulingOptions(jobs: 2), openStream: DecodedStreamOpeners.automatic(scheduling: SchedulingOptions(jobs: 2))),
            environment: RunEnvironment(), entersDestination: true,
            pauseCreator: { name in handed.withLock { $0.append(name) } }
        ).run()
        #expect(report.outcome == .succeeded, "\(report.failures)")
        #expect(!handed.withLock { $0 }.contains("d/large"), "\(handed.withLock { $0 })")
        #expect(TreeSnapshot(of: scratch("dest")).nodes["d/large"]?.contents == Array(repeating: Array(0...255 as ClosedRange<UInt8>), count: 12288).flatMap { $0 })
    }

    /// Interrupted while the creator holds files: it begins none of them, the files the extraction
    /// thread had read whole and not handed over yet are made whole, nothing after the interrupt
    /// is, and no temporary is left.
    @Test func anInterruptWhileTheCreatorIsBusyLeavesOnlyWholeFiles() throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 31)
        var tar = TarBuilder().directory("d")
        let small = (0..<40).map { data.randomBytes(1000 + $0) }
        for (index, bytes) in small.enumerated() { tar = tar.file(Array("d/f\(index)".utf8), bytes) }
        try tar.file(Array("d/big".utf8), data.randomBytes(400_000)).file("d/after", "never reached\n").write(to: scratch("t.tar"))
        let cancellation = CancellationFlag()
        let extractionThread = Locked<Int32>(-1)
        // Cancelled once the stream has handed over part of big's data; the creator is held at
        // the first file until the extraction thread has stopped (it waits for the creator's end).
        let opener: DecodedStreamOpener = { path in
            extractionThread.withLock { $0 = KernelState.currentThreadID() }
            return CancellingStream(try RawFileStream(path), cancelling: cancellation, after: 150_000)
        }
        let environment = RunEnvironment(cancellation: cancellation)
        let report = ExtractionRun(
            request: ExtractionRequest(
                archive: PathName(scratch("t.tar")), destination: PathName(scratch("dest")),
                scheduling: SchedulingOptions(jobs: 2), openStream: opener),
            environment: environment, entersDestination: true,
            pauseCreator: { file in
                guard file == "d/f0" else { return }
                #expect(KernelState.waitUntilAsleep([extractionThread.withLock { $0 }]))
            }
        ).run()

        #expect(report.interrupted)
        let dest = TreeSnapshot(of: scratch("dest"))
        let made = dest.paths.filter { $0.hasPrefix("d/") }
        #expect(!made.isEmpty && !made.contains("d/f0") && !made.contains("d/big") && !made.contains("d/after"), "\(made)")
        for (index, bytes) in small.enumerated() where made.contains("d/f\(index)") {
            #expect(dest.nodes["d/f\(index)"]?.contents == bytes)
        }
        #expect(ArchiveRunTests.temporaries(in: scratch("dest/d")).isEmpty)
        #expect(environment.registry.count == 0)
    }
}
