/// Why bytes are not a valid gzip stream, in words close to gzip's own.
public enum GzipFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notGzip
    case unknownMethod(UInt8)
    case reservedFlags(UInt8)
    case headerCRCMismatch
    case headerTooLong
    case truncated
    case invalidDeflateData(String)
    case checksumMismatch(expected: UInt32, actual: UInt32)
    case lengthMismatch(expected: UInt32, actual: UInt32)
    case inconsistentIndex(String)

    public var description: String {
        switch self {
        case .empty: "empty file, not in gzip format"
        case .notGzip: "not in gzip format"
        case .unknownMethod(let method): "unknown compression method \(method) -- not supported"
        case .reservedFlags(let flags): "reserved header flags set (FLG 0x\(String(flags, radix: 16)))"
        case .headerCRCMismatch: "header CRC mismatch"
        case .headerTooLong: "header name or comment too long (no NUL in 1 MiB)"
        case .truncated: "unexpected end of file"
        case .invalidDeflateData(let detail): "invalid compressed data--\(detail)"
        case .checksumMismatch: "invalid compressed data--crc error"
        case .lengthMismatch: "invalid compressed data--length error"
        case .inconsistentIndex(let detail): "inconsistent member index: \(detail)"
        }
    }
}
