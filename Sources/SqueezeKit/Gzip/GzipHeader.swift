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

    /// The XFL gzip writes for a deflate level: 2 at the maximum, 4 at the fastest.
    static func extraFlags(forLevel level: Int, maximum: Int) -> UInt8 {
        level >= maximum ? 2 : level == 1 ? 4 : 0
    }

    public func encoded() -> [UInt8] {
        var flags: UInt8 = 0
        if isText { flags |= Flag.text }
        if hasHeaderCRC { flags |= Flag.headerCRC }
        if extra != nil { flags |= Flag.extra }
        if name != nil { flags |= Flag.name }
        if comment != nil { flags |= Flag.comment }
        var bytes = Self.magic + [Self.deflateMethod, flags]
        bytes.appendLittleEndian(modificationTime)
        bytes += [extraFlags, operatingSystem]
        if let extra {
            precondition(extra.count <= Int(UInt16.max), "FEXTRA longer than 65535 bytes")
            bytes.appendLittleEndian(UInt16(extra.count))
            bytes += extra
        }
        // NUL ends these fields, so a name cannot hold one; cut there as gzip does.
        if let name { bytes += name.prefix(while: { $0 != 0 }) + [0] }
        if let comment { bytes += comment.prefix(while: { $0 != 0 }) + [0] }
        if hasHeaderCRC { bytes.appendLittleEndian(UInt16(truncatingIfNeeded: CRC32.checksum(bytes))) }
        return bytes
    }
}
