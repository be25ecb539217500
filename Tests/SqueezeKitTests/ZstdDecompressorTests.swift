import Foundation
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// `ZstdDecompressor`'s stream: frames from the real zstd, decoded whole and checked.
@Suite struct ZstdDecompressorTests {
    static func decodeStream(_ bytes: [UInt8]) throws -> (bytes: [UInt8], summary: ZstdDecompressor.StreamSummary) {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch, name: "input.zst")
        var decoded: [UInt8] = []
        let summary = try ZstdDecompressor().decodeStream(file, cancellation: CancellationFlag(), progress: { _ in }) { decoded += $0 }
        return (decoded, summary)
    }

    /// A frame whose decoded length is a multiple of the output buffer ends in a call that fills
    /// it exactly: the stream must stop there, not call again and find itself inside a next frame.
    @Test func aFrameEndingOnAFullOutputBufferIsWhole() throws {
        var data = TestData(seed: 331)
        // Text repeated: the whole frame is in the first buffer of input, and every call fills the output.
        let text = data.text(100_000)
        let original = Array((0..<14).flatMap { _ in text }.prefix(10 * 131_072))
        let compressed = try ZstdFrameIndexTests.tool("zstd", ["-q", "-c", "--no-content-size"], input: original)
        let (decoded, summary) = try Self.decodeStream(compressed)
        #expect(decoded == original)
        #expect(summary.frames == 1 && summary.compressedBytes == Int64(compressed.count))
    }

    @Test func truncationAndGarbageAreNamed() throws {
        var data = TestData(seed: 332)
        let original = data.text(200_000)
        let compressed = try ZstdFrameIndexTests.tool("zstd", ["-q", "-c"], input: original)
        #expect(throws: ZstdFormatError.truncated) { try Self.decodeStream(Array(compressed.dropLast(10))) }
        #expect(throws: ZstdFormatError.notZstd(offset: Int64(compressed.count))) { try Self.decodeStream(compressed + Array("garbage".utf8)) }
        var flipped = compressed
        flipped[compressed.count - 2] ^= 1
        #expect(throws: ZstdFormatError.self) { try Self.decodeStream(flipped) }
    }

    /// `length` bytes that zstd cannot shrink: a random stretch of 256 KiB repeated, compressed
    /// with a 128 KiB window (the repeats are out of its reach), so that the frame is in raw blocks
    /// of 128 KiB and as long as its content. `arguments` are the tool's others.
    static func incompressibleFrame(_ length: Int, seed: UInt64, arguments: [String] = []) throws -> (original: [UInt8], frame: [UInt8]) {
        var data = TestData(seed: seed)
        let stretch = data.randomBytes(256 << 10)
        var original: [UInt8] = []
        original.reserveCapacity(length + stretch.count)
        while original.count < length { original += stretch }
        original.removeLast(original.count - length)
        let frame = try ZstdFrameIndexTests.tool("zstd", ["-q", "-1", "-c", "--zstd=wlog=17"] + arguments, input: original)
        return (original, frame)
    }

    /// The decoding thread reads the stream's first buffer, and finds its end; every other buffer
    /// is read ahead on another thread (`BufferedFileInput`), so that decoding never waits in
    /// `read`. Frames whose boundaries and a skippable frame fall inside and across the buffers
    /// decode whole, and damage past the first buffers is named at its offset, as one read gives.
    @Test func theDecodingThreadReadsOnlyTheFirstBufferItself() throws {
        let (first, firstFrame) = try Self.incompressibleFrame(3 * ZstdDecompressor.inputCapacity + 12_345, seed: 335)
        let (second, secondFrame) = try Self.incompressibleFrame(2 * ZstdDecompressor.inputCapacity - 777, seed: 336)
        let skippable = SkippableFrame.header(magic: SkippableFrame.pzstdMagic, contentLength: 5) + [1, 2, 3, 4, 5]
        let compressed = firstFrame + skippable + secondFrame
        #expect(compressed.count > 5 * ZstdDecompressor.inputCapacity)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(compressed, in: scratch, name: "input.zst")
        var decoded: [UInt8] = []
        let decoder = try ZstdDecompressor()
        let readsBefore = KernelState.readCallsOfCurrentThread()
        let summary = try decoder.decodeStream(file, cancellation: CancellationFlag(), progress: { _ in }) { decoded += $0 }
        let reads = KernelState.readCallsOfCurrentThread() - readsBefore
        // The first buffer, the read that finds the end, and the first reading's own read.
        #expect(readsBefore >= 0 && reads <= 3, "the decoding thread made \(reads) reads")
        #expect(ByteDifference.between(decoded, first + second) == nil)
        #expect(summary == ZstdDecompressor.StreamSummary(frames: 3, compressedBytes: Int64(compressed.count), uncompressedBytes: Int64(decoded.count)))

        #expect(throws: ZstdFormatError.notZstd(offset: Int64(compressed.count))) { try Self.decodeStream(compressed + Array("garbage".utf8)) }
        #expect(throws: ZstdFormatError.truncated) { try Self.decodeStream(Array(compressed.dropLast(ZstdDecompressor.inputCapacity + 3))) }
    }

    /// An interrupt stops the stream within a buffer of output, however much one buffer of input
    /// decodes to (zeros: 16 MiB from a few hundred bytes, all in the first read).
    @Test func anInterruptStopsTheStreamWithinABufferOfOutput() throws {
        let compressed = try ZstdFrameIndexTests.tool("zstd", ["-q", "-c"], input: [UInt8](repeating: 0, count: 16 << 20))
        #expect(compressed.count < ZstdDecompressor.inputCapacity)
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(compressed, in: scratch, name: "input.zst")
        let cancellation = CancellationFlag()
        var decoded = 0
        #expect(throws: CancellationError.self) {
            try ZstdDecompressor().decodeStream(file, cancellation: cancellation, progress: { _ in }) { bytes in
                decoded += bytes.count
                cancellation.cancel()
            }
        }
        #expect(decoded > 0 && decoded <= 1 << 20)
    }

    /// Decodes `bytes` into a `WriteBehindOutput` (`WriteBehindOutputTests.decodeIntoLender`).
    static func decodeIntoLender(_ bytes: [UInt8]) throws -> (written: [UInt8], sinkCalls: Int, failure: (any Error)?) {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch, name: "input.zst")
        return try WriteBehindOutputTests.decodeIntoLender { lender, sink in
            _ = try ZstdDecompressor().decodeStream(file, cancellation: CancellationFlag(), progress: { _ in }, lender: lender, sink: sink)
        }
    }

    /// Frames that start and end in different places of the output's buffers (and a skippable
    /// frame between them) go straight into the lent buffers: only the first chunk is copied.
    @Test func decodesIntoTheOutputsOwnBuffersAfterTheFirstChunk() throws {
        var data = TestData(seed: 333)
        let size = WriteBehindOutput.bufferSize
        let parts = [data.text(size / 3), data.text(3 * size + 77), data.randomBytes(size), [], data.text(size + 5)]
        var compressed: [UInt8] = []
        for (index, part) in parts.enumerated() {
            compressed += try ZstdFrameIndexTests.tool("zstd", ["-q", "-c"], input: part)
            if index == 1 { compressed += SkippableFrame.header(magic: SkippableFrame.pzstdMagic, contentLength: 3) + [1, 2, 3] }
        }
        let (written, sinkCalls, failure) = try Self.decodeIntoLender(compressed)
        #expect(failure == nil)
        #expect(sinkCalls == 1)
        #expect(ByteDifference.between(written, parts.flatMap { $0 }) == nil)
    }

    /// Damage late in a frame: the bytes decoded before it, in lent buffers, still reach the output
    /// (as `zstd -dc` writes them), and the error is the data's.
    @Test func handsOnTheBytesBeforeDamageFromALentBuffer() throws {
        var data = TestData(seed: 334)
        let text = data.text(4_000_000)
        var compressed = try ZstdFrameIndexTests.tool("zstd", ["-q", "-c"], input: text)
        compressed[compressed.count - 2_000] ^= 0x55
        let (written, _, failure) = try Self.decodeIntoLender(compressed)
        #expect(failure is ZstdFormatError)
        let checked = 2 * WriteBehindOutput.bufferSize
        #expect(written.count > checked)
        #expect(ByteDifference.between(Array(written.prefix(checked)), Array(text[..<checked])) == nil)
    }
}
