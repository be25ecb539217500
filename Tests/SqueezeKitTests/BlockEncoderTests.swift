import CZlib
import Foundation
@testable import SqueezeKit
import SqueezeTestSupport
import Testing

/// Encodes inputs the way a `CompressionTask` does (blocks independently, concatenated in order
/// between prologue and epilogue) and checks the result with the real gzip.
@Suite struct BlockEncoderTests {
    static func encodeFile(
        _ input: [UInt8], blockSize: Int, encoder: any BlockEncoder, name: String = "f", length: Int64? = nil
    ) throws -> [UInt8] {
        let layout = BlockLayout(fileSize: Int64(input.count), blockSize: blockSize)
        let origin = GzipOrigin(name: Array(name.utf8), modificationTime: 1_700_000_000, length: length)
        var output = encoder.prologue(for: origin)
        var checksum: UInt32 = 0
        // Encode in reverse to show blocks do not depend on being encoded in order.
        var blocks: [EncodedBlock] = []
        for index in (0..<layout.count).reversed() {
            let range = layout.range(ofBlock: index)
            let contextStart = max(0, Int(range.offset) - encoder.contextLength)
            let block = try input.withUnsafeBytes { buffer in
                try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: buffer[Int(range.offset)..<Int(range.offset) + range.length]),
                    context: UnsafeRawBufferPointer(rebasing: buffer[contextStart..<Int(range.offset)]),
                    block: index, of: layout.count, origin: origin)
            }
            blocks.insert(block, at: 0)
        }
        for (index, block) in blocks.enumerated() {
            output += block.bytes
            checksum = index == 0 ? block.checksum : encoder.combine(checksum, block.checksum, secondLength: Int64(block.inputLength))
        }
        return output + encoder.epilogue(checksum: checksum, length: Int64(input.count), written: Int64(output.count), origin: origin,
            blocks: blocks.map { EncodedBlockLengths(compressed: $0.bytes.count, decompressed: $0.inputLength) })
    }

    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let result = try CommandRunner.run("gzip", ["-dc"], input: Data(bytes))
        #expect(result.status == 0, "gzip -dc: \(result.standardError)")
        return Array(result.standardOutput)
    }

    /// The real zstd's reading of a zstd file.
    static func unzstd(_ bytes: [UInt8]) throws -> [UInt8] {
        let result = try CommandRunner.run("zstd", ["-dc"], input: Data(bytes))
        #expect(result.status == 0, "zstd -dc: \(result.standardError)")
        return Array(result.standardOutput)
    }

    @Test(arguments: Codec.allCases)
    func randomSizesAndBlockSizesRoundTrip(codec: Codec) throws {
        var data = TestData(seed: [.zlib: 21, .libdeflate: 22, .isal: 23, .zstd: 24][codec]!)
        for _ in 0..<12 {
            let size = data.int(in: 0...300_000)
            let blockSize = data.int(in: 1_000...70_000)
            let input = data.int(in: 0...1) == 0 ? data.text(size) : data.randomBytes(size)
            let level = data.int(in: codec.levels)
            let format: OutputFormat = codec == .zstd ? .zstd : .gzip
            let encoded = try Self.encodeFile(input, blockSize: blockSize, encoder: codec.makeEncoder(level: level, format: format))
            let decoded = codec == .zstd ? try Self.unzstd(encoded) : try Self.gunzip(encoded)
            #expect(decoded == input, "size \(size) block \(blockSize) level \(level)")
        }
    }

    @Test func libdeflateMembersOfSplitFilesAreIndexed() throws {
        var data = TestData(seed: 5)
        let input = data.text(100_000)
        let encoded = try Self.encodeFile(input, blockSize: 16_384, encoder: Codec.libdeflate.makeEncoder(level: 6), name: "big.log")
        var offset = 0
        var members = 0
        var uncompressed = 0
        while offset < encoded.count {
            let outcome = Array(encoded[offset...]).withUnsafeBytes { GzipHeader.parse($0) }
            guard case .header(let header, _) = outcome, let extra = header.extra, let index = MemberIndexField(extra: extra) else {
                Issue.record("member \(members) at \(offset) has no index")
                return
            }
            #expect((header.name != nil) == (members == 0))
            #expect(header.modificationTime == 1_700_000_000)
            offset += Int(index.memberLength)
            uncompressed += Int(index.uncompressedLength)
            members += 1
        }
        #expect(offset == encoded.count)
        #expect(members == BlockLayout(fileSize: 100_000, blockSize: 16_384).count)
        #expect(uncompressed == input.count)
    }

    @Test func smallFilesAreOnePlainMember() throws {
        let encoded = try Self.encodeFile(Array("hello\n".utf8), blockSize: 1 << 20, encoder: Codec.libdeflate.makeEncoder(level: 6), name: "hello.txt")
        guard case .header(let header, _) = encoded.withUnsafeBytes({ GzipHeader.parse($0) }) else {
            Issue.record("no header")
            return
        }
        #expect(header.extra == nil)
        #expect(header.name == Array("hello.txt".utf8))
    }

    /// A worker's members share one array (`MemberWorkspace`): a member still held (a block
    /// waiting to be written in order) keeps its bytes while the next ones are encoded, and once
    /// dropped its storage is what the next member is written into.
    @Test(arguments: [Codec.libdeflate, .isal])
    func aHeldMemberKeepsItsBytesWhileTheNextIsEncoded(codec: Codec) throws {
        let encoder = codec.makeEncoder(level: codec == .isal ? 2 : 6)
        let origin = GzipOrigin(name: Array("f".utf8), modificationTime: 0)
        func encode(_ text: String) throws -> EncodedBlock {
            try Array(text.utf8).withUnsafeBytes {
                try encoder.encode($0, context: UnsafeRawBufferPointer(rebasing: $0[..<0]), block: 0, of: 1, origin: origin)
            }
        }
        let held = try encode(String(repeating: "held member ", count: 40))
        let heldBytes = Array(held.bytes.withUnsafeBytes { $0 })
        let next = try encode(String(repeating: "the next one, longer ", count: 90))
        #expect(held.bytes == heldBytes)
        #expect(try Self.gunzip(held.bytes) == Array(String(repeating: "held member ", count: 40).utf8))
        #expect(try Self.gunzip(next.bytes) == Array(String(repeating: "the next one, longer ", count: 90).utf8))
        var storage: UnsafeRawPointer?
        do {
            let dropped = try encode("short")
            storage = dropped.bytes.withUnsafeBytes { $0.baseAddress }
            #expect(try Self.gunzip(dropped.bytes) == Array("short".utf8))
        }
        let after = try encode("another")
        #expect(after.bytes.withUnsafeBytes { $0.baseAddress } == storage, "a dropped member's storage is reused")
        #expect(try Self.gunzip(after.bytes) == Array("another".utf8))
        #expect(try Self.gunzip(next.bytes) == Array(String(repeating: "the next one, longer ", count: 90).utf8))
    }

    /// GNU gzip's tests/reference: the exact bytes `gzip` writes at level 6 from standard input
    /// (no name, MTIME 0). zlib at the same level with the same header must reproduce them.
    @Test(.enabled(if: Squeeze.interopDirectory != nil, "needs ../shared/interop"))
    func zlibReproducesGNUGzipReferenceBytes() throws {
        let interop = try #require(Squeeze.interopDirectory)
        let inputs: [(String, String)] = [("empty", ""), ("a", "a"), ("b", "b"), ("c", "c"), ("yyy", "yyy"), ("zzzzzzzzzzz", "zzzzzzzzzzz")]
        for (name, text) in inputs {
            let expected = try TreeBuilder.read("\(interop)/gnu-gzip/reference-\(name).gz")
            let deflated = try ZlibDeflater(level: 6).compress(
                Array(text.utf8).withUnsafeBytes { UnsafeRawBufferPointer($0) }, dictionary: UnsafeRawBufferPointer(start: nil, count: 0), isLast: true)
            let ours = GzipHeader().encoded() + deflated
                + GzipContainer().epilogue(
                    checksum: CRC32.checksum(Array(text.utf8)), length: Int64(text.utf8.count), deflateLength: Int64(deflated.count),
                    origin: GzipOrigin(name: [], modificationTime: 0), level: 6)
            #expect(ours == expected, "reference-\(name).gz")
        }
    }

    /// A level zlib refuses makes `deflateInit2` fail: the deflater throws, and its stream is freed
    /// once (the wrapper used to free it, then free it again in `deinit`: a crash, or an
    /// AddressSanitizer report under `swift test --sanitize=address`). Then a good one still works.
    @Test func zlibDeflaterThatCannotStartThrowsAndFreesItsStreamOnce() throws {
        for level in [42, -7, 10] {
            #expect(throws: CodecError(library: "zlib", message: "deflateInit2 failed (\(Z_STREAM_ERROR)) for level \(level)")) {
                _ = try ZlibDeflater(level: level)
            }
        }
        let text = Array("after a failed init".utf8)
        let deflated = try ZlibDeflater(level: 9).compress(
            text.withUnsafeBytes { UnsafeRawBufferPointer($0) }, dictionary: UnsafeRawBufferPointer(start: nil, count: 0), isLast: true)
        var restored = [UInt8](repeating: 0, count: 64)
        let step = try deflated.withUnsafeBytes { input in
            try restored.withUnsafeMutableBytes { try ZlibInflater().inflate(input, into: $0) }
        }
        #expect(step.isEnd && Array(restored[..<step.produced]) == text)
    }
}

/// The one-stream containers: zlib's header and Adler-32 (combined from the blocks' as zlib's own
/// over the whole input), and a zip entry of several blocks, read by Python's zlib and zipfile.
@Suite struct StreamContainerTests {
    static func input() -> [UInt8] {
        var data = TestData(seed: 19)
        return data.text(90_000) + data.randomBytes(20_000) + data.text(60_000)
    }

    @Test func zlibsChecksumIsTheWholeInputsAdler32() throws {
        let input = Self.input()
        let encoded = try BlockEncoderTests.encodeFile(input, blockSize: 16_384, encoder: Codec.zlib.makeEncoder(level: 6, format: .zlib))
        #expect(Array(encoded.prefix(2)) == [0x78, 0x9C], "level 6: zlib's default class, as compress2 writes")
        let adler = input.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
        #expect(Array(encoded.suffix(4)) == [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)])
        let python = try CommandRunner.run(
            "python3", ["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"], input: Data(encoded))
        let isInput = Array(python.standardOutput) == input
        #expect(python.status == 0 && isInput, "\(python.standardError)")
    }

    @Test func aZipOfSeveralBlocksIsReadByPython() throws {
        let input = Self.input()
        for length in [Int64(input.count), nil] {
            let encoder = Codec.zlib.makeEncoder(level: 6, format: .zip)
            let encoded = try BlockEncoderTests.encodeFile(input, blockSize: 16_384, encoder: encoder, name: "f", length: length)
            let python = try CommandRunner.run("python3", ["-c", """
                import io, sys, zipfile
                (i,) = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).infolist()
                print(i.filename, i.file_size, i.extract_version)
                """], input: Data(encoded))
            #expect(python.output == "f \(input.count) \(length == nil ? 45 : 20)\n", "\(python.standardError)")
        }
    }
}
