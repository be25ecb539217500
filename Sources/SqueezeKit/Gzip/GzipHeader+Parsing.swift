extension GzipHeader {
    /// What the bytes at the start of a member turned out to be.
    public enum ParseOutcome: Equatable, Sendable {
        /// A complete header occupying `length` bytes.
        case header(GzipHeader, length: Int)
        /// A valid prefix: more bytes are needed to decide.
        case incomplete
        case invalid(GzipFormatError)
    }

    /// Names and comments longer than this without a NUL are refused rather than buffered forever.
    static let maximumLength = 1 << 20

    /// Parses a member header from the start of `bytes`.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ParseOutcome {
        var reader = HeaderReader(bytes: bytes)
        guard let id1 = reader.byte() else { return .incomplete }
        guard id1 == magic[0] else { return .invalid(.notGzip) }
        guard let id2 = reader.byte() else { return .incomplete }
        guard id2 == magic[1] else { return .invalid(.notGzip) }
        guard let method = reader.byte() else { return .incomplete }
        guard method == deflateMethod else { return .invalid(.unknownMethod(method)) }
        guard let flags = reader.byte() else { return .incomplete }
        guard flags & Flag.reserved == 0 else { return .invalid(.reservedFlags(flags)) }
        guard let fixed = reader.bytes(6) else { return .incomplete }

        var header = GzipHeader()
        header.isText = flags & Flag.text != 0
        header.modificationTime = UInt32(fixed[0]) | UInt32(fixed[1]) << 8 | UInt32(fixed[2]) << 16 | UInt32(fixed[3]) << 24
        header.extraFlags = fixed[4]
        header.operatingSystem = fixed[5]
        if flags & Flag.extra != 0 {
            guard let lengthBytes = reader.bytes(2) else { return .incomplete }
            guard let extra = reader.bytes(Int(lengthBytes[0]) | Int(lengthBytes[1]) << 8) else { return .incomplete }
            header.extra = Array(extra)
        }
        if flags & Flag.name != 0 {
            guard let name = reader.zeroTerminated() else {
                return reader.offset > maximumLength ? .invalid(.headerTooLong) : .incomplete
            }
            header.name = name
        }
        if flags & Flag.comment != 0 {
            guard let comment = reader.zeroTerminated() else {
                return reader.offset > maximumLength ? .invalid(.headerTooLong) : .incomplete
            }
            header.comment = comment
        }
        if flags & Flag.headerCRC != 0 {
            header.hasHeaderCRC = true
            let covered = reader.offset
            guard let crcBytes = reader.bytes(2) else { return .incomplete }
            let expected = UInt16(crcBytes[0]) | UInt16(crcBytes[1]) << 8
            let actual = UInt16(truncatingIfNeeded: CRC32.update(0, UnsafeRawBufferPointer(rebasing: bytes[..<covered])))
            guard expected == actual else { return .invalid(.headerCRCMismatch) }
        }
        return .header(header, length: reader.offset)
    }
}

/// A cursor over header bytes that answers nil when the bytes run out.
private struct HeaderReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// The bytes up to a NUL, consuming the NUL; nil (and the offset at the end) if there is none.
    mutating func zeroTerminated() -> [UInt8]? {
        guard let end = bytes[offset...].firstIndex(of: 0) else {
            offset = bytes.count
            return nil
        }
        defer { offset = end + 1 }
        return Array(bytes[offset..<end])
    }
}
