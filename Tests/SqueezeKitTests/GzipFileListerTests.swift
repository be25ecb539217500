import SqueezeTestSupport
import Testing
@testable import SqueezeKit

@Suite struct GzipFileListerTests {
    static func list(_ bytes: [UInt8]) throws -> FileListing {
        let scratch = try TemporaryDirectory()
        let file = try GzipBytes.file(bytes, in: scratch)
        return try GzipFileLister(pools: DecoderPools()).list(file, status: file.status(), cancellation: CancellationFlag())
    }

    /// 300 indexed members of 16 MiB each: 4.7 GiB that `gzip -l` would give modulo 4 GiB.
    @Test func givesTheExactSizeOfAnIndexedFileBeyondFourGiB() throws {
        let block = [UInt8](repeating: 0, count: 16 << 20)
        let encoder = Codec.libdeflate.makeEncoder(level: 1)
        let member = try block.withUnsafeBytes { buffer in
            try encoder.encode(buffer, context: UnsafeRawBufferPointer(start: nil, count: 0), block: 1, of: 300,
                               origin: GzipOrigin(name: [], modificationTime: 0)).bytes
        }
        let bytes = Array([[UInt8]](repeating: member, count: 300).joined())
        let listing = try Self.list(bytes)
        #expect(listing.uncompressedBytes == 300 * Int64(16 << 20))
        #expect(listing.uncompressedBytes > Int64(UInt32.max))
        #expect(listing.members == 300)
        #expect(listing.sizeSource == .index)
        #expect(listing.compressedBytes == Int64(bytes.count))
    }

    @Test func decodesOtherFilesToCountThem() throws {
        var data = TestData(seed: 12)
        let parts = [data.text(5_000), data.text(7)]
        let header = GzipHeader(modificationTime: 1_600_000_000, name: Array("first.txt".utf8))
        let listing = try Self.list(GzipBytes.member(parts[0], header: header) + GzipBytes.member(parts[1]) + [0, 0, 0])
        #expect(listing.sizeSource == .decoded)
        #expect(listing.members == 2)
        #expect(listing.uncompressedBytes == 5_007)
        #expect(listing.originalName == "first.txt")
        #expect(listing.modificationTime == 1_600_000_000)
        #expect(listing.trailingZeroBytes == 3)
        #expect(listing.trailingGarbageBytes == 0)
    }

    @Test func reportsWhatIsWrongWithABadFile() throws {
        #expect(throws: GzipFormatError.notGzip) { try Self.list(Array("plain text".utf8)) }
        #expect(throws: GzipFormatError.empty) { try Self.list([]) }
    }
}
