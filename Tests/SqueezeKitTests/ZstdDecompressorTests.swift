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
}
