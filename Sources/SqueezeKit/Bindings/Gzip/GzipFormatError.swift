/// Why bytes are not a valid gzip stream, in words close to gzip's own.
public enum GzipFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notGzip
    case unknownMethod(UInt8)
    case reservedFlags(UInt8)
    /// The header's CRC-16 as stored, and as computed from the header's bytes.
    case headerCRCMismatch(stored: UInt16, computed: UInt16)
    case headerTooLong
    case truncated
    case invalidDeflateData(String)
    /// The input ends inside a block header that is invalid already (zlib's words for why), at
    /// a fault GNU gzip reads past: gzip reports the end of the input.
    case truncatedInInvalidHeader(String)
    case checksumMismatch(expected: UInt32, actual: UInt32)
    case lengthMismatch(expected: UInt32, actual: UInt32)
    /// Both checks of the trailer failed (gzip reports the two).
    case checksumAndLengthMismatch
    case inconsistentIndex(String)
    /// compress (`.Z`) data with a code that no table holds.
    case corruptLZW
    /// compress (`.Z`) data whose header asks for more than 16 bits per code.
    case lzwTooManyBits(Int)
    /// pack data that gzip refuses, in gzip's words.
    case invalidPack(String)
    /// A zip file that gzip does not decode, in gzip's words.
    case unsupportedZip(String)

    public var description: String {
        switch self {
        case .empty: "empty file, not in gzip format"
        case .notGzip: "not in gzip format"
        case .unknownMethod(let method): "unknown compression method \(method) -- not supported"
        case .reservedFlags(let flags): "reserved header flags set (FLG 0x\(String(flags, radix: 16)))"
        case .headerCRCMismatch(let stored, let computed):
            "header CRC mismatch (stored 0x\(Self.hex(stored)), computed 0x\(Self.hex(computed)))"
        case .headerTooLong: "header name or comment too long (no NUL in 1 MiB)"
        case .truncated: "unexpected end of file"
        case .invalidDeflateData(let detail): "invalid compressed data--\(detail)"
        case .truncatedInInvalidHeader(let detail): "unexpected end of file, in an invalid block header (\(detail))"
        case .checksumMismatch: "invalid compressed data--crc error"
        case .lengthMismatch: "invalid compressed data--length error"
        case .checksumAndLengthMismatch: "invalid compressed data--crc error and length error"
        case .inconsistentIndex(let detail): "inconsistent member index: \(detail)"
        case .corruptLZW: "corrupt input."
        case .lzwTooManyBits(let bits): "compressed with \(bits) bits, can only handle \(LZWDecoder.maximumBits) bits"
        case .invalidPack(let detail): detail
        case .unsupportedZip(let detail): detail
        }
    }

    /// Four lower-case hexadecimal digits, as gzip prints a CRC-16.
    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

/// What followed the last gzip member of a file.
///
/// The policy (as gzip, on every conformance vector): after at least one complete member, a tail
/// of zero bytes only (tape-block padding) is ignored silently; a tail that begins with the gzip
/// magic, or a single non-zero byte, is read as a member, so whatever is wrong with it is an
/// error; any other tail is garbage, ignored with a warning (exit status 2), and the data decoded
/// before it is kept.
public enum TrailingBytes: Equatable, Sendable {
    case none
    case zeroPadding(count: Int64)
    /// Garbage, and how many bytes of it: nil when read from a stream (a pipe), which is not read
    /// on to its end to count them (it may never end), as gzip does not.
    case garbage(count: Int64?)

    /// What the user is told, for garbage: gzip's words, and the count where it is known.
    public var warning: String? {
        guard case .garbage(let count) = self else { return nil }
        guard let count else { return "decompression OK, trailing garbage ignored" }
        return "decompression OK, trailing garbage ignored (\(count) byte\(count == 1 ? "" : "s") after the last member)"
    }
}

/// What decoding a whole gzip file found.
public struct GzipDecodeSummary: Equatable, Sendable {
    /// Complete members decoded and verified (CRC-32 and length).
    public var members: Int
    /// Bytes of the file that were members (the file's size less `trailing`).
    public var compressedBytes: Int64
    /// Exact decoded length (not modulo 2^32).
    public var uncompressedBytes: Int64
    /// The first member's header: the original name and modification time, when it has them.
    public var firstHeader: GzipHeader?
    public var trailing: TrailingBytes
    /// Whether the file was decoded member by member in parallel through its index.
    public var decodedInParallel: Bool
    /// The first member's format: gzip, or another that gzip reads.
    public var format: MemberFormat
    /// What the format's decoder warned of (compress flags it does not know, a zip's other
    /// entries left alone), in gzip's words.
    public var formatWarning: String?

    public init(
        members: Int, compressedBytes: Int64, uncompressedBytes: Int64, firstHeader: GzipHeader?,
        trailing: TrailingBytes, decodedInParallel: Bool, format: MemberFormat = .gzip, formatWarning: String? = nil
    ) {
        self.format = format
        self.formatWarning = formatWarning
        self.members = members
        self.compressedBytes = compressedBytes
        self.uncompressedBytes = uncompressedBytes
        self.firstHeader = firstHeader
        self.trailing = trailing
        self.decodedInParallel = decodedInParallel
    }
}

extension GzipDecodeSummary {
    /// What the user is told of a file that decoded: the format's warning, or the trailing bytes'.
    public var warning: String? { formatWarning ?? trailing.warning }
}
