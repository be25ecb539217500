import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// Single members written with flush points (`00 00 FF FF` after each block, as `pigz -i` and
/// `pigz` write them), decoded speculatively from those points: whatever false markers the data
/// holds, and whether or not the blocks reach back across them, the output is exactly the stream's.
@Suite struct FlushPointDecodingTests {
    /// One gzip member of `blocks`, each compressed on its own and ended with a sync flush (the
    /// last one ends the stream); `independent` blocks start without a dictionary (`pigz -i`),
    /// others from the 32 KiB before them (`pigz`), from block `dependentFrom` on.
    static func flushedMember(_ blocks: [[UInt8]], level: (Int) -> Int = { _ in 6 }, dependentFrom: Int = .max) -> [UInt8] {
        var bytes = GzipHeader(name: Array("flushed".utf8)).encoded()
        var content: [UInt8] = []
        for (index, block) in blocks.enumerated() {
            let deflater = try! ZlibDeflater(level: level(index))
            let dictionary = index >= dependentFrom ? Array(content.suffix(32 << 10)) : []
            bytes += block.withUnsafeBytes { input in
                dictionary.withUnsafeBytes { try! deflater.compress(input, dictionary: $0, isLast: index == blocks.count - 1) }
            }
            content += block
        }
        return bytes + GzipBytes.trailer(content)
    }

    static func split(_ content: [UInt8], into size: Int) -> [[UInt8]] {
        stride(from: 0, to: content.count, by: size).map { Array(content[$0..<min(content.count, $0 + size)]) }
    }

    static func isSplit(_ bytes: [UInt8]) throws -> Bool {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        if case .speculative = DecodingPlan.make(for: file, size: Int64(bytes.count), threshold: 0) { return true }
        return false
    }

    @Test func independentBlocksDecodeInParallel() throws {
        var data = TestData(seed: 90)
        var content: [UInt8] = []
        while content.count < 9_000_000 { content += data.int(in: 0...1) == 0 ? data.text(600_000) : data.randomBytes(500_000) }
        let bytes = Self.flushedMember(Self.split(content, into: 64 << 10))
        #expect(try Self.isSplit(bytes))
        let (output, summary) = try SpeculativeDecodingTests.read(bytes, jobs: 2)
        #expect(ByteDifference.between(output, content) == nil)
        #expect(summary.decodedInParallel)
        #expect(summary.members == 1)
        #expect(summary.firstHeader?.name == Array("flushed".utf8))
        #expect(summary.uncompressedBytes == Int64(content.count) && summary.compressedBytes == Int64(bytes.count))
    }

    /// `pigz` without `-i`: flush points, but every block reaches back into the one before. The
    /// probe sees it and streams; a file whose later blocks reach back is split, and streamed from
    /// the member's start where its chunks stop fitting, skipping what was written.
    @Test(arguments: [1, 40])
    func blocksThatReachBackAreStreamed(dependentFrom: Int) throws {
        var data = TestData(seed: 91 + UInt64(dependentFrom))
        var content: [UInt8] = []
        while content.count < 10_000_000 { content += data.int(in: 0...2) == 0 ? data.randomBytes(400_000) : data.text(700_000) }
        let bytes = Self.flushedMember(Self.split(content, into: 128 << 10), dependentFrom: dependentFrom)
        #expect(try Self.isSplit(bytes) == (dependentFrom > 1))
        let (output, summary) = try SpeculativeDecodingTests.read(bytes, jobs: 3)
        #expect(ByteDifference.between(output, content) == nil)
        #expect(summary.members == 1 && summary.uncompressedBytes == Int64(content.count))
        #expect(!summary.decodedInParallel)
    }

    /// Data full of false flush points: markers followed by random bytes, whole members with
    /// flush points (a `pigz -i` file stored in a tar) and raw DEFLATE streams with them, held in
    /// stored blocks (level 0) among compressed ones; some members concatenated after.
    static func adversarial(seed: UInt64) -> (bytes: [UInt8], original: [UInt8]) {
        var data = TestData(seed: seed)
        var content: [UInt8] = []
        while content.count < 7_000_000 {
            switch data.int(in: 0...4) {
            case 0: content += data.text(data.int(in: 1...200_000))
            case 1: content += [0x00, 0x00, 0x00, 0xFF, 0xFF] + data.randomBytes(data.int(in: 0...3_000))
            case 2:
                let inner = data.text(data.int(in: 1...300_000)) + data.randomBytes(data.int(in: 0...100_000))
                content += flushedMember(split(inner, into: data.int(in: 1_000...40_000)))
            case 3:
                let inner = data.text(data.int(in: 1...100_000))
                let deflater = try! ZlibDeflater(level: 6)
                for block in split(inner, into: 5_000) {
                    content += block.withUnsafeBytes { try! deflater.compress($0, dictionary: UnsafeRawBufferPointer(start: nil, count: 0), isLast: false) }
                }
            default: content += data.randomBytes(data.int(in: 1...100_000))
            }
        }
        let blocks = split(content, into: 96 << 10)
        var bytes = flushedMember(blocks, level: { _ in data.int(in: 0...2) == 0 ? 6 : 0 })
        var original = content
        for _ in 0..<data.int(in: 0...3) {
            let extra = data.text(data.int(in: 1...500_000))
            bytes += flushedMember(split(extra, into: 50_000))
            original += extra
        }
        return (bytes, original)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func falseFlushPointsNeverChangeTheOutput(seed: UInt64) throws {
        let (bytes, original) = Self.adversarial(seed: 100 + seed)
        #expect(try Self.isSplit(bytes))
        let (output, summary) = try SpeculativeDecodingTests.read(bytes, jobs: Int(seed) + 1)
        #expect(ByteDifference.between(output, original) == nil)
        let (streamed, streamedSummary) = try SpeculativeDecodingTests.read(bytes, threshold: .max)
        #expect(ByteDifference.between(streamed, original) == nil)
        #expect(summary.members == streamedSummary.members)
        #expect(summary.compressedBytes == Int64(bytes.count))
    }

    /// Seeded truncations and bit flips: the parallel path gives exactly what the stream gives,
    /// the same bytes or the same error.
    @Test func damageGivesWhatTheStreamGives() throws {
        var data = TestData(seed: 110)
        var content: [UInt8] = []
        while content.count < 6_000_000 { content += data.int(in: 0...1) == 0 ? data.text(300_000) : data.randomBytes(300_000) }
        let intact = Self.flushedMember(Self.split(content, into: 64 << 10), level: { $0 % 3 == 0 ? 0 : 6 })
        for round in 0..<10 {
            var bytes = intact
            if round % 2 == 0 {
                bytes[data.int(in: 0...(bytes.count - 1))] ^= UInt8(1) << data.int(in: 0...7)
            } else {
                bytes = Array(bytes.prefix(data.int(in: 1...(bytes.count - 1))))
            }
            let parallel = Result { try SpeculativeDecodingTests.read(bytes) }
            let streamed = Result { try SpeculativeDecodingTests.read(bytes, threshold: .max) }
            switch (parallel, streamed) {
            case (.success(let (output, _)), .success(let (streamedOutput, _))):
                #expect(output == content && streamedOutput == content, "round \(round)")
            case (.failure(let error), .failure(let streamedError)):
                #expect("\(error)" == "\(streamedError)", "round \(round)")
            default:
                Issue.record("round \(round): the parallel path gave \(parallel.map { $0.0.count }), the stream \(streamed.map { $0.0.count })")
            }
        }
    }

    @Test func flushPointCandidatesAreWhereEmptyStoredBlocksEnd() {
        // Four markers: after a byte with zero high bits and before a block header (a flush
        // point); before block type 3; after a byte with a high bit set; a flush point again.
        let bytes: [UInt8] = [
            0x12, 0x05, 0x00, 0x00, 0xFF, 0xFF, 0x04, 0x03, 0x00, 0x00, 0xFF, 0xFF, 0x07,
            0x41, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00,
        ]
        bytes.withUnsafeBytes { bytes in
            #expect(FlushPointCandidate.first(in: bytes, from: 0, before: bytes.count) == 6)
            #expect(FlushPointCandidate.first(in: bytes, from: 0, before: 7) == 6)
            #expect(FlushPointCandidate.first(in: bytes, from: 0, before: 6) == nil)
            #expect(FlushPointCandidate.first(in: bytes, from: 7, before: bytes.count) == 24)
            #expect(FlushPointCandidate.first(in: bytes, from: 7, before: 24) == nil)
            #expect(SpeculativeStart.firstMemberOrFlushPoint(in: bytes, fromBit: 56, before: bytes.count) == SpeculativeStart(offset: 24, kind: .flushPoint))
        }
    }
}
