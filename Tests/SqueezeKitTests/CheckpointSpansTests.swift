import SqueezeTestSupport
import Testing

@testable import SqueezeKit

/// A single member decoded block by block between the checkpoints of an index: each block on its
/// own (`CheckpointSpanDecoder`), its CRC-32 combined with the others' into the member's, and the
/// whole task, with indexes that tell the truth, that lie, and that drop window bytes.
@Suite struct CheckpointSpansTests {
    /// Text and random bytes compressed with each of zlib's strategies and at level 0 in turn, so
    /// that checkpoints fall before dynamic, fixed and stored blocks, at every bit of a byte.
    static func mixedMember(seed: UInt64) -> (original: [UInt8], gzip: [UInt8]) {
        var data = TestData(seed: seed)
        let deflater = RawDeflater()
        var original: [UInt8] = []
        for round in 0..<24 {
            let piece = round % 3 == 2 ? data.randomBytes(40_000) : data.text(90_000)
            let strategy = RawDeflater.Strategy.allCases[round % RawDeflater.Strategy.allCases.count]
            deflater.set(level: round % 7 == 6 ? 0 : 6, strategy: strategy)
            deflater.write(piece[...])
            original += piece
        }
        return (original, GzipHeader().encoded() + deflater.finish() + GzipBytes.trailer(original))
    }

    /// `gzip` and its checkpoint index (as `squeeze index` writes it, or without squeeze's
    /// addition, as indexed_gzip does), written to files in `scratch`; `edit` changes the index's
    /// bytes first.
    static func indexed(
        _ gzip: [UInt8], spacing: Int64, in scratch: TemporaryDirectory, withAddition: Bool = true,
        edit: (inout [UInt8], CheckpointIndex) -> Void = { _, _ in }
    ) throws -> (file: ReadableFile, index: OpenCheckpointIndex) {
        let file = try GzipBytes.file(gzip, in: scratch)
        var built = try CheckpointIndexBuilder(spacing: spacing).build(file)
        if !withAddition { built.index.verification = nil }
        var bytes: [UInt8] = []
        try built.index.encode(as: .indexedGzip, windows: built.windows, lines: nil) { bytes += $0 }
        edit(&bytes, built.index)
        try TreeBuilder.write(bytes, to: scratch("input.gz.gzidx"))
        let opened = try #require(try OpenCheckpointIndex.open(
            PathName(scratch("input.gz.gzidx")), isNamed: true, for: file.status(), of: file) { Issue.record("notice: \($0)") })
        return (file, opened)
    }

    /// Where checkpoint `number`'s window lies in the index's bytes (indexed_gzip's format: 35
    /// bytes, 18 a checkpoint, then 32 KiB for each checkpoint with a window).
    static func windowOffset(_ number: Int, of index: CheckpointIndex) -> Int {
        35 + 18 * index.checkpoints.count + CheckpointIndex.windowLength * index.checkpoints[..<number].count(where: \.hasWindow)
    }

    @Test func everyBlockDecodesOnItsOwnAndTheirChecksumsMakeTheMembers() throws {
        let scratch = try TemporaryDirectory()
        let (original, gzip) = Self.mixedMember(seed: 310)
        let (file, opened) = try Self.indexed(gzip, spacing: 20_000, in: scratch)
        let spans = try #require(CheckpointSpans(file: file, size: Int64(gzip.count), index: opened, blockLength: 0))
        #expect(spans.blocks.count == opened.index.checkpoints.count)
        // Block ends at every bit of a byte.
        #expect(Set(spans.blocks.compactMap { $0.endBit.map { $0 % 8 } }).count == 8)
        let decoder = CheckpointSpanDecoder()
        var checksum: UInt32 = 0
        var offset = 0
        for number in spans.blocks.indices.reversed() {
            let stretch = try #require(try decoder.decode(number, of: spans, from: file) { false }, "block \(number) was left to the stream")
            let start = Int(opened.index.checkpoints[spans.blocks[number].checkpoint].decodedOffset)
            #expect(stretch.bytes.withUnsafeBytes { Array($0) } == Array(original[start..<(start + stretch.bytes.count)]))
            #expect((number == 0) == (stretch.trailing != nil))
            #expect((number == spans.blocks.count - 1) == (stretch.leading?.trailer != nil))
        }
        for number in spans.blocks.indices {
            let stretch = try #require(try decoder.decode(number, of: spans, from: file) { false })
            let part = try #require(stretch.leading ?? stretch.trailing)
            checksum = number == 0 ? part.checksum : CRC32.combine(checksum, part.checksum, secondLength: part.length)
            offset += Int(part.length)
        }
        #expect(offset == original.count)
        #expect(checksum == CRC32.checksum(original))
    }

    /// Runs every block of a task planned through `opened`, last first, and finishes it.
    static func decodeTask(
        _ file: ReadableFile, _ opened: OpenCheckpointIndex, size: Int
    ) throws -> (output: [UInt8], result: Result<GzipDecodeSummary, any Error>, plan: DecodingPlan) {
        let destination = GzipDecodingTaskTests.RecordingDestination(WriteBehindOutputTests.RecordingOutput())
        let cancellation = CancellationFlag()
        let context = DecodingContext(
            window: WorkWindow(capacity: 256 << 20, cancellation: cancellation), pools: DecoderPools(),
            cancellation: cancellation, progress: { _ in })
        let plan = DecodingPlan.make(for: file, size: Int64(size), checkpointIndex: opened, threshold: 0)
        let task = GzipDecodingTask(path: file.path, plan: plan, destination: destination, context: context)
        for block in (0..<task.blockCount).reversed() { _ = task.runBlock(block) }
        task.finish()
        return (destination.output.bytes, try #require(destination.finished.withLock { $0 }), plan)
    }

    @Test func aTaskWritesTheMemberFromItsBlocks() throws {
        let scratch = try TemporaryDirectory()
        let (original, gzip) = Self.mixedMember(seed: 311)
        let (file, opened) = try Self.indexed(gzip, spacing: 1 << 20, in: scratch)
        let (output, result, plan) = try Self.decodeTask(file, opened, size: gzip.count)
        guard case .checkpoints(let spans) = plan else { Issue.record("planned \(plan)"); return }
        #expect(spans.blocks.count >= 2)
        let summary = try result.get()
        #expect(summary.decodedInParallel && summary.members == 1 && summary.uncompressedBytes == Int64(original.count))
        #expect(ByteDifference.between(output, original) == nil)
    }

    /// A window byte changed at a block's checkpoint of an index without squeeze's span CRCs (so
    /// that only the window's check can tell): the blocks before it are written, and the task
    /// fails naming the checkpoint.
    @Test func aWindowThatLiesFailsTheTaskAfterTheBlocksBeforeIt() throws {
        let scratch = try TemporaryDirectory()
        let (original, gzip) = Self.mixedMember(seed: 312)
        let (file, opened) = try Self.indexed(gzip, spacing: 1 << 20, in: scratch, withAddition: false) { bytes, index in
            let at = Self.windowOffset(1, of: index) + 32_000
            bytes[at] = bytes[at] == 0xA5 ? 0x5A : 0xA5
        }
        let (output, result, _) = try Self.decodeTask(file, opened, size: gzip.count)
        #expect(throws: CheckpointIndexError.self) { try result.get() }
        if case .failure(let error) = result { #expect("\(error)".contains("checkpoint 1: its window is not what the file decodes to")) }
        let firstEnd = Int(opened.index.checkpoints[1].decodedOffset)
        #expect(output == Array(original[..<firstEnd]))
    }

    /// An index that kept zeros where the window has other bytes (as rapidgzip drops bytes no
    /// distance reaches) is no lie, but the block decoded with it is not trusted: the stream
    /// decodes the rest, and the bytes are right.
    @Test func aWindowWithZerosHandsTheRestToTheStream() throws {
        let scratch = try TemporaryDirectory()
        let (original, gzip) = Self.mixedMember(seed: 313)
        let (file, opened) = try Self.indexed(gzip, spacing: 1 << 20, in: scratch, withAddition: false) { bytes, index in
            let at = Self.windowOffset(1, of: index)
            for offset in at..<(at + 32_768) where bytes[offset] != 0 {
                bytes[offset] = 0
                break
            }
        }
        let (output, result, _) = try Self.decodeTask(file, opened, size: gzip.count)
        let summary = try result.get()
        #expect(summary.uncompressedBytes == Int64(original.count) && !summary.decodedInParallel, "the stream did not take over")
        #expect(ByteDifference.between(output, original) == nil)
    }

    /// Indexes that do not describe one member ending the file are not planned through.
    @Test func onlyASingleMemberEndingTheFileIsPlanned() throws {
        let scratch = try TemporaryDirectory()
        let (_, gzip) = Self.mixedMember(seed: 314)
        let (file, opened) = try Self.indexed(gzip, spacing: 1 << 20, in: scratch)
        #expect(CheckpointSpans(file: file, size: Int64(gzip.count), index: opened) != nil)
        // A member after it.
        let twoMembers = gzip + GzipBytes.member(Array("more".utf8))
        let (other, otherIndex) = try Self.indexed(twoMembers, spacing: 1 << 20, in: try TemporaryDirectory())
        #expect(CheckpointSpans(file: other, size: Int64(twoMembers.count), index: otherIndex) == nil)
        // Bytes after the member (the trailer's length is then not the last four bytes).
        let padded = gzip + [0, 0, 0, 0, 0, 0, 0, 0]
        let (paddedFile, paddedIndex) = try Self.indexed(padded, spacing: 1 << 20, in: try TemporaryDirectory())
        #expect(CheckpointSpans(file: paddedFile, size: Int64(padded.count), index: paddedIndex) == nil)
    }
}
