import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// A source that changes between scan and compression must fail, leaving no output.
@Suite struct CompressionTaskTests {
    static func run(
        _ file: ScannedFile, destination: PathName, blockSize: Int = 1 << 20, output: OutputOptions = OutputOptions()
    ) -> (ResultCollector, TemporaryFileRegistry) {
        let collector = ResultCollector()
        let registry = TemporaryFileRegistry()
        let cancellation = CancellationFlag()
        let window = WorkWindow(capacity: 1 << 24, cancellation: cancellation)
        let context = TaskContext(collector: collector, registry: registry, window: window, cancellation: cancellation, output: output)
        let settings = CompressionSettings(blockSize: blockSize)
        let task = CompressionTask(
            source: file, destination: destination, settings: settings, headerFields: .nameAndTime,
            encoder: settings.codec.makeEncoder(level: 6), context: context)
        let items = (0..<task.blockCount).map { WorkItem(task: task, block: $0, taskSize: 0, weight: task.weight(ofBlock: $0)) }
        SchedulingOptions(mode: .sequential).run(items, window: window, cancellation: cancellation)
        return (collector, registry)
    }

    static func scanned(_ path: String) throws -> ScannedFile {
        try #require(TreeScanner(options: ScanOptions(selection: .uncompressed)).scan([PathName(path)]).files.first)
    }

    @Test func aFileThatGrewAfterTheScanFails() throws {
        let directory = try TemporaryDirectory()
        try TreeBuilder.write("short", to: directory("f"))
        let file = try Self.scanned(directory("f"))
        try TreeBuilder.write("short, then longer", to: directory("f"))
        let (collector, registry) = Self.run(file, destination: PathName(directory("f.gz")))
        let outcome = try #require(collector.outcomes().first)
        guard case .failed(let message) = outcome.status else {
            Issue.record("expected a failure, got \(outcome.status)")
            return
        }
        #expect(message.contains("changed while it was being read"))
        #expect(TreeBuilder.files(under: directory.path) == ["f"])
        #expect(registry.count == 0)
    }

    /// `rsync --inplace -t`: the same size, new bytes, the old modification time put back. Only
    /// the change time tells; with `--rm` the source must stay.
    @Test func aFileRewrittenInPlaceWithItsTimePutBackFailsAndIsKept() throws {
        let directory = try TemporaryDirectory()
        try TreeBuilder.write("original bytes", to: directory("f"))
        let file = try Self.scanned(directory("f"))
        // The change time has a clock tick's resolution: wait for it to move.
        while (try FileStatus.of(PathName(directory("f")), followingSymlinks: false)).changeTime == file.status.changeTime {
            try TreeBuilder.write("original bytes", to: directory("f"))
        }
        let handle = try #require(FileHandle(forWritingAtPath: directory("f")))
        handle.write(Data("REWRITTEN byte".utf8))
        try handle.close()
        var times = [file.status.accessTime.timespec, file.status.modificationTime.timespec]
        #expect(utimensat(AT_FDCWD, directory("f"), &times, 0) == 0)
        let rewritten = try FileStatus.of(PathName(directory("f")), followingSymlinks: false)
        #expect(rewritten.size == file.status.size && rewritten.modificationTime == file.status.modificationTime)
        #expect(rewritten.inode == file.status.inode && rewritten.device == file.status.device)

        let (collector, registry) = Self.run(
            file, destination: PathName(directory("f.gz")), output: OutputOptions(removeSources: true))
        let outcome = try #require(collector.outcomes().first)
        guard case .failed(let message) = outcome.status else {
            Issue.record("expected a failure, got \(outcome.status)")
            return
        }
        #expect(message.contains("changed while it was being read"))
        #expect(TreeBuilder.files(under: directory.path) == ["f"])
        #expect(try String(contentsOfFile: directory("f"), encoding: .utf8) == "REWRITTEN byte")
        #expect(registry.count == 0)
    }

    @Test func aSplitFileThatShrankFails() throws {
        let directory = try TemporaryDirectory()
        var data = TestData(seed: 9)
        try TreeBuilder.write(data.text(200_000), to: directory("big"))
        let file = try Self.scanned(directory("big"))
        try TreeBuilder.write(data.text(50_000), to: directory("big"))
        let (collector, _) = Self.run(file, destination: PathName(directory("big.gz")), blockSize: 16_384)
        let outcome = try #require(collector.outcomes().first)
        #expect(outcome.status == .failed("'\(directory("big"))' changed while it was being read (it shrank); its output was discarded"))
        #expect(TreeBuilder.files(under: directory.path) == ["big"])
    }

    @Test func anUnchangedFileIsDoneWithItsSizes() throws {
        let directory = try TemporaryDirectory()
        var data = TestData(seed: 10)
        let bytes = data.text(100_000)
        try TreeBuilder.write(bytes, to: directory("ok"))
        let (collector, _) = Self.run(try Self.scanned(directory("ok")), destination: PathName(directory("ok.gz")), blockSize: 16_384)
        let outcome = try #require(collector.outcomes().first)
        #expect(outcome.status == .done)
        #expect(outcome.bytesIn == 100_000)
        #expect(outcome.bytesOut == Int64(try TreeBuilder.read(directory("ok.gz")).count))
        let gunzip = try CommandRunner.run("gzip", ["-dc", directory("ok.gz")])
        #expect(Array(gunzip.standardOutput) == bytes)
    }

    /// A regular file with data is opened without asking whether it can seek: one that became a
    /// FIFO (no writer) after the scan must fail at once, naming the file, and leave no output.
    @Test func aFileThatBecameAFIFOAfterTheScanFailsWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        try TreeBuilder.write("some bytes", to: directory("f"))
        let file = try Self.scanned(directory("f"))
        try FileManager.default.removeItem(atPath: directory("f"))
        #expect(mkfifo(directory("f"), 0o600) == 0)
        let (collector, registry) = Self.run(file, destination: PathName(directory("f.gz")))
        let outcome = try #require(collector.outcomes().first)
        guard case .failed(let message) = outcome.status else {
            Issue.record("expected a failure, got \(outcome.status)")
            return
        }
        #expect(message.contains(directory("f")))
        // Only the FIFO is left: no output, no temporary (`files` lists regular files).
        #expect(TreeBuilder.files(under: directory.path) == [])
        #expect(registry.count == 0)
    }
}
