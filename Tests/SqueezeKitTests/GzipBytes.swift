import SqueezeTestSupport
@testable import SqueezeKit

/// Gzip files built in memory for tests: members with any header (zlib, level 6), squeeze's own
/// indexed files, and a helper that writes bytes to a scratch file.
enum GzipBytes {
    static func deflate(_ data: [UInt8], level: Int = 6) -> [UInt8] {
        let deflater = try! ZlibDeflater(level: level)
        return data.withUnsafeBytes { try! deflater.compress($0, dictionary: UnsafeRawBufferPointer(start: nil, count: 0), isLast: true) }
    }

    static func trailer(_ data: [UInt8], checksum: UInt32? = nil, length: UInt32? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(checksum ?? CRC32.checksum(data))
        bytes.appendLittleEndian(length ?? UInt32(truncatingIfNeeded: data.count))
        return bytes
    }

    static func member(_ data: [UInt8], header: GzipHeader = GzipHeader()) -> [UInt8] {
        header.encoded() + deflate(data) + trailer(data)
    }

    /// What `squeeze compress` writes with libdeflate: one member per block, indexed when there
    /// are several blocks.
    static func indexed(_ data: [UInt8], blockSize: Int, level: Int = 1, name: String = "data") -> [UInt8] {
        let layout = BlockLayout(fileSize: Int64(data.count), blockSize: blockSize)
        let encoder = Codec.libdeflate.makeEncoder(level: level)
        let origin = GzipOrigin(name: Array(name.utf8), modificationTime: 1_700_000_000)
        var bytes: [UInt8] = []
        data.withUnsafeBytes { buffer in
            for block in 0..<layout.count {
                let range = layout.range(ofBlock: block)
                let input = UnsafeRawBufferPointer(rebasing: buffer[Int(range.offset)..<Int(range.offset) + range.length])
                bytes += try! encoder.encode(
                    input, context: UnsafeRawBufferPointer(start: nil, count: 0), block: block, of: layout.count, origin: origin
                ).bytes
            }
        }
        return bytes
    }

    /// Writes `bytes` to a new file in `directory` and opens it.
    static func file(_ bytes: [UInt8], in directory: TemporaryDirectory, name: String = "input.gz") throws -> ReadableFile {
        try TreeBuilder.write(bytes, to: directory(name))
        return try ReadableFile(PathName(directory(name)))
    }
}
