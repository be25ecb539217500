import CZstd

/// libzstd's return codes, through one place: a `size_t` that is an error code becomes a thrown
/// error carrying the library's own words.
enum Zstd {
    /// A zstd frame's first four bytes (little-endian 0xFD2FB528).
    static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    /// Whether `bytes` start with a zstd frame or a skippable frame (both begin a zstd file).
    static func startsFile(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4 else { return false }
        let word = bytes.loadUnaligned(as: UInt32.self).littleEndian
        return word == 0xFD2F_B528 || SkippableFrame.isMagic(word)
    }

    static func startsFile(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { startsFile($0) } }

    /// `result`, or the library's error for it: `CodecError` for what is squeeze's or the
    /// machine's fault (memory, a parameter), `ZstdFormatError.damaged` for what is the data's.
    @discardableResult
    static func check(_ result: Int, _ what: String) throws -> Int {
        guard ZSTD_isError(result) != 0 else { return result }
        let name = String(cString: ZSTD_getErrorName(result))
        switch ZSTD_getErrorCode(result) {
        case ZSTD_error_memory_allocation, ZSTD_error_parameter_unsupported, ZSTD_error_parameter_outOfBound,
             ZSTD_error_stage_wrong, ZSTD_error_init_missing:
            throw CodecError(library: "libzstd", message: "\(what): \(name)")
        default:
            throw ZstdFormatError.damaged(name)
        }
    }
}

/// What is wrong with a file read as zstd, in words a user can act on.
public enum ZstdFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libzstd refused the data, in its words (a checksum that does not match, a corrupt block).
    case damaged(String)
    /// The file ends inside a frame.
    case truncated
    /// A frame decoded to a length other than the one its header or the seek table states.
    case lengthMismatch(stated: Int64, decoded: Int64)
    /// Bytes that begin no frame, after `offset`.
    case notZstd(offset: Int64)

    public var description: String {
        switch self {
        case .damaged(let reason): "zstd data is damaged: \(reason)"
        case .truncated: "unexpected end of file: the last zstd frame is cut short"
        case .lengthMismatch(let stated, let decoded): "a zstd frame decoded to \(decoded) bytes where its length was stated as \(stated)"
        case .notZstd(let offset): offset == 0 ? "not in zstd format" : "unknown data after the zstd frames, at byte \(offset)"
        }
    }
}
