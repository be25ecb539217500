import Foundation
import SqueezeTestSupport
import Testing
@testable import SqueezeKit

/// Finding a zstd file's frames without decoding them (`ZstdFrameIndex`, `ZstdSeekTable`), from
/// squeeze's own encoder and from the real `zstd` and `pzstd`.
@Suite struct ZstdFrameIndexTests {
    static func index(_ bytes: [UInt8]) throws -> ZstdFrameIndex? {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        return try ZstdFrameIndex.find(in: file, size: Int64(bytes.count))
    }

    /// `blocks` encoded as `OrderedGzipWriter` writes them: the frames, then the seek table.
    static func encoded(_ blocks: [[UInt8]], level: Int = 3) throws -> [UInt8] {
        let encoder = ZstdFrameEncoder(level: level)
        var output: [UInt8] = []
        var lengths: [EncodedBlockLengths] = []
        for (index, block) in blocks.enumerated() {
            let frame = try block.withUnsafeBytes {
                try encoder.encode($0, context: UnsafeRawBufferPointer(start: nil, count: 0), block: index, of: blocks.count, origin: .anonymous)
            }
            output += frame.bytes
            lengths.append(EncodedBlockLengths(compressed: frame.bytes.count, decompressed: block.count))
        }
        return output + encoder.epilogue(checksum: 0, length: 0, written: Int64(output.count), origin: .anonymous, blocks: lengths)
    }

    static func tool(_ name: String, _ arguments: [String], input: [UInt8]) throws -> [UInt8] {
        try #require(CommandRunner.isInstalled(name), "\(name) is not installed (scripts/bootstrap installs it)")
        let result = try CommandRunner.run(name, arguments, input: Data(input))
        try #require(result.status == 0, "\(name) \(arguments): \(result.standardError)")
        return Array(result.standardOutput)
    }

    @Test func theSeekTableRoundTripsAndZstdReadsPast() throws {
        var data = TestData(seed: 301)
        let blocks = [data.text(70_000), data.randomBytes(5_000), [], data.text(1)]
        let bytes = try Self.encoded(blocks)
        let index = try #require(try Self.index(bytes))
        #expect(index.source == .seekTable)
        #expect(index.frames == 4)
        #expect(index.decompressedBytes == 75_001)
        #expect(index.runs.first?.offset == 0)
        #expect(index.end == Int64(bytes.count) - Int64(8 + 4 * 8 + 9))
        // The real zstd reads the frames and skips the table.
        #expect(try Self.tool("zstd", ["-dc"], input: bytes) == blocks.flatMap { $0 })
    }

    @Test func oneBlockIsOneFrameWithoutATable() throws {
        let bytes = try Self.encoded([Array("one block".utf8)])
        #expect(Zstd.startsFile(bytes))
        #expect(try Self.index(bytes) == nil)
        #expect(try Self.tool("zstd", ["-dc"], input: bytes) == Array("one block".utf8))
    }

    static func statedLength(_ bytes: [UInt8]) throws -> Int64? {
        let scratch = try TemporaryDirectory()
        return try ZstdFrameIndex.statedLength(of: try GzipBytes.file(bytes, in: scratch), size: Int64(bytes.count))
    }

    /// What `--resume` judges a zstd output by: the length its frames state, from the seek table
    /// or every header (one frame too), only while the frames account for every byte.
    @Test func theStatedLengthNeedsEveryByteAccountedFor() throws {
        var data = TestData(seed: 305)
        let one = try Self.encoded([data.text(30_000)])
        #expect(try Self.statedLength(one) == 30_000)
        #expect(try Self.statedLength(try Self.encoded([[]])) == 0)
        let blocks = [data.text(40_000), data.text(40_000), data.text(10)]
        let several = try Self.encoded(blocks)
        #expect(try Self.statedLength(several) == 80_010)
        // Cut inside a frame, cut at a frame's end (its seek table gone with the last frame),
        // bytes after the frames, nothing at all: none states a length.
        #expect(try Self.statedLength(Array(one.dropLast(1))) == nil)
        let frames = Array(several.dropLast(8 + 3 * 8 + 9))
        let lastFrame = try Self.encoded([blocks[2]]).count
        #expect(try Self.statedLength(Array(frames.dropLast(lastFrame))) == 80_000)
        #expect(try Self.statedLength(Array(frames.dropLast(lastFrame + 1))) == nil)
        #expect(try Self.statedLength(one + [0]) == nil)
        #expect(try Self.statedLength([]) == nil)
        // A frame without a content size (zstd's from a pipe) states none.
        #expect(try Self.statedLength(try Self.tool("zstd", ["-c"], input: data.text(1_000))) == nil)
    }

    @Test func aTableThatDoesNotAddUpIsNotTrusted() throws {
        var data = TestData(seed: 302)
        var bytes = try Self.encoded([data.text(40_000), data.text(40_000)])
        // The first entry's compressed length, one more: the frames no longer end where the table starts.
        let entry = bytes.count - 9 - 16
        bytes[entry] &+= 1
        let index = try Self.index(bytes)
        // Walked by the frames' own headers instead (they state their content sizes).
        #expect(index?.source == .frameHeaders)
        #expect(index?.frames == 2)
    }

    @Test func pzstdsFramesAreFoundPastItsSkippableFramesWithBounds() throws {
        var data = TestData(seed: 303)
        // pzstd cuts its input into pieces of 4 windows (2 MiB at level 1).
        let original = data.text(5_000_000)
        let bytes = try Self.tool("pzstd", ["-q", "-1", "-p", "2", "-c", "-"], input: original)
        let index = try #require(try Self.index(bytes))
        #expect(index.source == .frameHeaders)
        #expect(index.frames >= 2)
        // Its frames do not state their content size: each is bounded by its blocks.
        #expect(!index.isExact && index.decompressedBytes >= Int64(original.count))
        #expect(index.runs.first?.offset == 12, "the first skippable frame is no run's")
    }

    @Test func concatenatedFramesWithContentSizesAreWalked() throws {
        var data = TestData(seed: 304)
        let (first, second) = (data.text(200_000), data.randomBytes(100_000))
        let scratch = try TemporaryDirectory()
        try TreeBuilder.write(first, to: scratch("a"))
        try TreeBuilder.write(second, to: scratch("b"))
        let bytes = Array(try CommandRunner.run("zstd", ["-q", "-c", scratch("a"), scratch("b")]).standardOutput)
        let index = try #require(try Self.index(bytes))
        #expect(index.source == .frameHeaders)
        #expect(index.frames == 2)
        #expect(index.decompressedBytes == 300_000)
        #expect(index.end == Int64(bytes.count))
    }

    @Test func aFrameAloneOrTooLargeLeavesTheFileToOneStream() throws {
        var data = TestData(seed: 305)
        let original = data.text(300_000)
        #expect(try Self.index(Self.tool("zstd", ["-q", "-T2", "-c"], input: original)) == nil)
        let large = [UInt8](repeating: 7, count: ZstdFrameIndex.frameLimit + 1)
        #expect(try Self.index(Self.tool("zstd", ["-q", "-c"], input: large) + Self.tool("zstd", ["-q", "-c"], input: original)) == nil)
        #expect(try Self.index(Array("not zstd at all".utf8)) == nil)
    }

    /// A frame whose header states more than `frameLimit` is left to the stream at its header: its
    /// blocks are not walked first (a `pread` each, before `zstd`'s one frame of a large file
    /// could start decoding). One without a content size is walked until its blocks could hold more.
    @Test func aFrameStatedTooLargeIsNotWalked() throws {
        let length = ZstdFrameIndex.frameLimit + 1
        let (_, stated) = try ZstdDecompressorTests.incompressibleFrame(length, seed: 306, arguments: ["--stream-size=\(length)"])
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(stated, in: scratch)
        let readsBefore = KernelState.readCallsOfCurrentThread()
        #expect(try ZstdFrameIndex.find(in: file, size: Int64(stated.count)) == nil)
        let reads = KernelState.readCallsOfCurrentThread() - readsBefore
        // The magic, the header, and the first reading's own read; not one per block of 128 KiB.
        #expect(readsBefore >= 0 && reads <= 3, "the walk made \(reads) reads")
        #expect(try ZstdFrameIndex.statedLength(of: file, size: Int64(stated.count)) == Int64(length))

        let (_, unstated) = try ZstdDecompressorTests.incompressibleFrame(length, seed: 307)
        #expect(try Self.index(unstated) == nil)
    }
}
