import Foundation
import SqueezeTestSupport
import Testing
@testable import SqueezeKit
import SqueezeOperationQueue

/// The real tasks through the narrowest window there is: one block in flight at a time (the
/// feeder wakes only once the whole window is free), with sixteen jobs, in every mode. Each
/// block's credits come back only once the writing turn has written it; were they held by a
/// block waiting for one that never ran, the run would never end. Every byte is checked against a
/// wide window's. One run here; `scripts/stress-concurrency` runs it a hundred times under
/// ThreadSanitizer.
@Suite struct WindowOfOneBlockTests {
    static let blockSize = 64 << 10

    /// Compresses a file of 40 blocks beside 200 tiny ones through `window`; returns each output.
    static func compress(_ sources: [ScannedFile], in scratch: TemporaryDirectory, label: String, mode: SchedulingMode, jobs: Int, narrow: Bool) throws -> [[UInt8]] {
        let cancellation = CancellationFlag()
        let capacity = narrow ? blockSize : WorkWindow.capacity(forJobs: jobs, blockSize: blockSize)
        let window = WorkWindow(capacity: capacity, cancellation: cancellation, wakingWhenFree: narrow ? capacity : nil)
        let collector = ResultCollector()
        let context = TaskContext(
            collector: collector, registry: TemporaryFileRegistry(), window: window, cancellation: cancellation, output: OutputOptions())
        let settings = CompressionSettings(blockSize: blockSize)
        let destinations = sources.indices.map { PathName(scratch("\(label)-\($0).gz")) }
        let tasks = zip(sources, destinations).map { source, destination in
            CompressionTask(
                source: source, destination: destination, settings: settings, headerFields: .nameAndTime,
                encoder: settings.codec.makeEncoder(level: 6), context: context)
        }
        let items = tasks.flatMap { task in
            (0..<task.blockCount).map { WorkItem(task: task, block: $0, taskSize: 0, weight: task.weight(ofBlock: $0)) }
        }
        SchedulingOptions(mode: mode, jobs: jobs, operationScheduler: .operationQueue).run(items, window: window, cancellation: cancellation)
        #expect(collector.results().counts.failures == 0)
        return try destinations.map { try TreeBuilder.read("\($0)") }
    }

    @Test(arguments: SchedulingMode.allCases)
    func compressingThroughAWindowOfOneBlock(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 128)
        try TreeBuilder.write(data.text(40 * Self.blockSize - 123), to: scratch("large"))
        for index in 0..<200 { try TreeBuilder.write(data.text(index % 50), to: scratch("tiny-\(index)")) }
        let sources = try (["large"] + (0..<200).map { "tiny-\($0)" }).map { try CompressionTaskTests.scanned(scratch($0)) }
        let wide = try Self.compress(sources, in: scratch, label: "wide", mode: .sequential, jobs: 1, narrow: false)
        let narrow = try Self.compress(sources, in: scratch, label: "narrow", mode: mode, jobs: 16, narrow: true)
        #expect(narrow == wide, "\(mode): outputs through a window of one block differ")
    }

    /// Decodes `path` with sixteen jobs through a window of one block; returns the bytes and
    /// whether they were decoded in parallel.
    static func decode(_ path: String, mode: SchedulingMode) throws -> ([UInt8], Bool) {
        var reader = GzipFileReader(scheduling: SchedulingOptions(mode: mode, jobs: 16, operationScheduler: .operationQueue))
        reader.parallelThreshold = 0
        reader.blockSplit = BlockStartDecodingTests.smallChunks
        reader.windowCapacity = blockSize
        let collected = Locked<[UInt8]>([])
        let summary = try reader.decode(PathName(path)) { bytes in collected.withLock { $0 += bytes } }
        return (collected.withLock { $0 }, summary.decodedInParallel)
    }

    /// Each parallel path: squeeze's indexed members, plain gzip cut into speculative stretches,
    /// and zstd frames found by their seek table.
    @Test(arguments: SchedulingMode.allCases)
    func decodingThroughAWindowOfOneBlock(mode: SchedulingMode) throws {
        let scratch = try TemporaryDirectory()
        var data = TestData(seed: 129)
        let text = data.text(2_500_000)
        // Random bytes too for zstd: its frames are decoded in parallel only past 512 KiB of them.
        let mixed = data.text(1_500_000) + data.randomBytes(800_000)
        try TreeBuilder.write(GzipBytes.indexed(mixed, blockSize: 32 << 10), to: scratch("indexed.gz"))
        try TreeBuilder.write(GzipBytes.member(text), to: scratch("plain.gz"))
        let blocks = stride(from: 0, to: mixed.count, by: Self.blockSize).map { Array(mixed[$0..<min($0 + Self.blockSize, mixed.count)]) }
        try TreeBuilder.write(ZstdFrameIndexTests.encoded(blocks), to: scratch("frames.zst"))
        for (name, original) in [("indexed.gz", mixed), ("plain.gz", text), ("frames.zst", mixed)] {
            let (bytes, inParallel) = try Self.decode(scratch(name), mode: mode)
            #expect(inParallel, "\(mode) \(name): not decoded in parallel")
            #expect(ByteDifference.between(bytes, original) == nil, "\(mode) \(name)")
        }
    }
}
