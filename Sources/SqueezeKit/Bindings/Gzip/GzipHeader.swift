/// An RFC 1952 member header.
public struct GzipHeader: Equatable, Sendable {
    /// FLG bits.
    enum Flag {
        static let text: UInt8 = 0x01
        static let headerCRC: UInt8 = 0x02
        static let extra: UInt8 = 0x04
        static let name: UInt8 = 0x08
        static let comment: UInt8 = 0x10
        static let reserved: UInt8 = 0xE0
    }

    static let magic: [UInt8] = [0x1F, 0x8B]
    static let deflateMethod: UInt8 = 8
    /// OS = 3, Unix.
    static let unixOperatingSystem: UInt8 = 3

    public var isText = false
    public var modificationTime: UInt32 = 0
    /// XFL: 2 for the slowest levels, 4 for the fastest, as gzip writes it.
    public var extraFlags: UInt8 = 0
    public var operatingSystem: UInt8 = GzipHeader.unixOperatingSystem
    /// FEXTRA's payload: subfields, each SI1 SI2 LEN(2) data.
    public var extra: [UInt8]?
    /// FNAME without its terminating NUL: the original name's bytes.
    public var name: [UInt8]?
    public var comment: [UInt8]?
    public var hasHeaderCRC = false

    public init(
        modificationTime: UInt32 = 0, extraFlags: UInt8 = 0, extra: [UInt8]? = nil,
        name: [UInt8]? = nil, comment: [UInt8]? = nil, hasHeaderCRC: Bool = false
    ) {
        self.modificationTime = modificationTime
        self.extraFlags = extraFlags
        self.extra = extra
        self.name = name
        self.comment = comment
        self.hasHeaderCRC = hasHeaderCRC
    }

    /// A member header with nothing after it: what an interrupted or failed stream ends with
    /// where its bytes cannot be taken back (standard output, a FIFO), so that every gzip reader
    /// fails on it ("unexpected end of file") as on GNU gzip's cut output. After whole members it
    /// is a member with no body; inside a member (a zlib stream cut between blocks) its first byte
    /// starts a block of the reserved type 3, which every inflater refuses.
    static let truncationMark = GzipHeader().encoded()

    /// The XFL gzip writes for a deflate level: 2 at the maximum, 4 at the fastest.
    static func extraFlags(forLevel level: Int, maximum: Int) -> UInt8 {
        level >= maximum ? 2 : level == 1 ? 4 : 0
    }

    public func encoded() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: encodedLength) { buffer, initialized in
            initialized = encode(into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// How many bytes the header takes (`encoded().count`).
    var encodedLength: Int {
        10 + (extra.map { 2 + $0.count } ?? 0) + Self.fieldLength(name) + Self.fieldLength(comment) + (hasHeaderCRC ? 2 : 0)
    }

    /// A NUL-terminated field's length with its NUL: NUL ends these fields, so a name cannot hold
    /// one; it is cut there, as gzip does.
    private static func fieldLength(_ field: [UInt8]?) -> Int {
        field.map { $0.prefix(while: { $0 != 0 }).count + 1 } ?? 0
    }

    /// Writes the header at the start of `buffer` (at least `encodedLength` bytes) and returns its
    /// length: a member's header goes straight in front of its body, with no array of its own
    /// (`IndexedMemberEncoder`, once per file).
    func encode(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= encodedLength, "a gzip header written into too small a buffer")
        var flags: UInt8 = 0
        if isText { flags |= Flag.text }
        if hasHeaderCRC { flags |= Flag.headerCRC }
        if extra != nil { flags |= Flag.extra }
        if name != nil { flags |= Flag.name }
        if comment != nil { flags |= Flag.comment }
        // Through a cursor, not nested functions capturing `offset`: those checked it for exclusive
        // access at run time.
        var cursor = HeaderCursor(buffer: buffer)
        cursor.put(Self.magic[0])
        cursor.put(Self.magic[1])
        cursor.put(Self.deflateMethod)
        cursor.put(flags)
        cursor.putLittleEndian(modificationTime)
        cursor.put(extraFlags)
        cursor.put(operatingSystem)
        if let extra {
            precondition(extra.count <= Int(UInt16.max), "FEXTRA longer than 65535 bytes")
            cursor.putLittleEndian(UInt16(extra.count))
            cursor.put(extra[...])
        }
        if let name {
            cursor.put(name.prefix(while: { $0 != 0 }))
            cursor.put(0)
        }
        if let comment {
            cursor.put(comment.prefix(while: { $0 != 0 }))
            cursor.put(0)
        }
        if hasHeaderCRC {
            let checksum = CRC32.update(0, UnsafeRawBufferPointer(rebasing: buffer[..<cursor.offset]))
            cursor.putLittleEndian(UInt16(truncatingIfNeeded: checksum))
        }
        return cursor.offset
    }
}

/// Where `GzipHeader.encode(into:)` has got to in its buffer.
private struct HeaderCursor {
    let buffer: UnsafeMutableRawBufferPointer
    private(set) var offset = 0

    init(buffer: UnsafeMutableRawBufferPointer) { self.buffer = buffer }

    mutating func put(_ byte: UInt8) {
        buffer[offset] = byte
        offset += 1
    }

    mutating func put(_ bytes: ArraySlice<UInt8>) {
        UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]).copyBytes(from: bytes)
        offset += bytes.count
    }

    mutating func putLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Value.self)
        offset += MemoryLayout<Value>.size
    }
}

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
            guard expected == actual else { return .invalid(.headerCRCMismatch(stored: expected, computed: actual)) }
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

/// The eight bytes that end every gzip member: CRC-32 and length (modulo 2^32) of its data.
struct GzipTrailer: Equatable, Sendable {
    static let length = 8

    var checksum: UInt32
    var lengthModulo: UInt32

    init(checksum: UInt32, lengthModulo: UInt32) {
        self.checksum = checksum
        self.lengthModulo = lengthModulo
    }

    /// Reads a trailer from the first eight bytes of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count >= Self.length)
        checksum = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        lengthModulo = UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24
    }

    /// Throws the error gzip would report if the decoded data does not match this trailer.
    func verify(checksum actual: UInt32, length: Int64) throws(GzipFormatError) {
        let actualLength = UInt32(truncatingIfNeeded: length)
        switch (actual == checksum, actualLength == lengthModulo) {
        case (true, true): return
        case (false, true): throw .checksumMismatch(expected: checksum, actual: actual)
        case (true, false): throw .lengthMismatch(expected: lengthModulo, actual: actualLength)
        case (false, false): throw .checksumAndLengthMismatch
        }
    }
}

/// Little-endian integers, the byte order of every gzip field.
extension Array where Element == UInt8 {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
