import CDeflate
import CZlib

/// What `squeeze compress` writes around its DEFLATE data: gzip (the default), or the other
/// formats pigz writes, zlib (`pigz -z`) and a zip of one entry (`pigz -K`).
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case gzip
    /// RFC 1950: a two-byte header, one DEFLATE stream, the Adler-32 of the data.
    case zlib
    /// A zip file holding one deflated entry, named after the source.
    case zip
    /// zstd frames (libzstd), a large file's ending in the seekable format's seek table.
    case zstd

    /// What an output's name ends with: pigz's suffixes.
    public var suffix: String {
        switch self {
        case .gzip: ".gz"
        case .zlib: ".zz"
        case .zip: ".zip"
        case .zstd: ".zst"
        }
    }
}

extension OutputFormat {
    /// What wraps the format's one DEFLATE stream, with `comment` where the format has room for
    /// one (gzip's FCOMMENT, the zip entry's comment; zlib has none).
    func container(comment: [UInt8]? = nil) -> any StreamContainer {
        switch self {
        case .gzip: GzipContainer(comment: comment)
        case .zlib: ZlibContainer()
        case .zip: ZipContainer(comment: comment)
        case .zstd: preconditionFailure("zstd is no DEFLATE stream: its frames are ZstdFrameEncoder's")
        }
    }

    /// Whether the format stores a comment.
    public var holdsComment: Bool { self != .zlib }
}

/// What wraps one DEFLATE stream cut into blocks (`SingleStreamEncoder`): a gzip member's header
/// and trailer, zlib's, or a zip's entry and directory. Each block's checksum is computed on its
/// own, in parallel, and the writer combines them in order.
protocol StreamContainer: Sendable {
    func prologue(for origin: GzipOrigin, level: Int) -> [UInt8]
    /// The checksum of one block's bytes (of a whole stream of them, once combined).
    func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32
    /// The checksum of A then B from theirs and B's length.
    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32
    /// Written after the DEFLATE data, which is `deflateLength` bytes long, given the checksum and
    /// length of the whole input.
    func epilogue(checksum: UInt32, length: Int64, deflateLength: Int64, origin: GzipOrigin, level: Int) -> [UInt8]
}

extension StreamContainer {
    func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { CRC32.update(0, bytes) }

    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        CRC32.combine(first, second, secondLength: secondLength)
    }
}

/// One gzip member: the header with the source's name and time, the CRC-32 and length after.
struct GzipContainer: StreamContainer {
    var comment: [UInt8]?

    func prologue(for origin: GzipOrigin, level: Int) -> [UInt8] {
        GzipHeader(
            modificationTime: origin.modificationTime,
            extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: Codec.zlib.levels.upperBound),
            name: origin.name,
            comment: comment
        ).encoded()
    }

    func epilogue(checksum: UInt32, length: Int64, deflateLength: Int64, origin: GzipOrigin, level: Int) -> [UInt8] {
        var trailer: [UInt8] = []
        trailer.appendLittleEndian(checksum)
        trailer.appendLittleEndian(UInt32(truncatingIfNeeded: length))
        return trailer
    }
}

/// zlib's format (RFC 1950), as `pigz -z` and zlib's `compress2` write it: deflate with a 32 KiB
/// window, the level's class in the header (0 fastest ... 3 maximum, as zlib sets it; readers
/// ignore it), no preset dictionary, and the Adler-32 of the data, big-endian, after the stream.
struct ZlibContainer: StreamContainer {
    func prologue(for origin: GzipOrigin, level: Int) -> [UInt8] {
        let method: UInt16 = 0x78
        let levelClass: UInt16 = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header = method << 8 | levelClass << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 1 }
        return libdeflate_adler32(1, base, bytes.count)
    }

    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: adler32_combine(uLong(first), uLong(second), Int(secondLength)))
    }

    func epilogue(checksum: UInt32, length: Int64, deflateLength: Int64, origin: GzipOrigin, level: Int) -> [UInt8] {
        [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)]
    }
}
