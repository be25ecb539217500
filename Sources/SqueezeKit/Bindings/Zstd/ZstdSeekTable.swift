/// The seek table of zstd's seekable format (`contrib/seekable_format` in zstd's sources): a
/// skippable frame at the end of the file, of magic 0x184D2A5E, holding each frame's compressed
/// and decompressed length in order (and optionally a checksum each, which squeeze does not
/// write: its frames carry their own), then a footer of the frame count, a descriptor byte and
/// the magic 0x8F92EAB1. Every zstd decoder skips it; seekable-format readers (and squeeze) find
/// every frame from it without reading the frames.
struct ZstdSeekTable: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var compressedLength: UInt32
        var decompressedLength: UInt32
    }

    var entries: [Entry]

    static let skippableMagic: UInt32 = 0x184D_2A5E
    static let footerMagic: UInt32 = 0x8F92_EAB1
    static let footerLength = 9
    /// The checksum flag of the descriptor: entries of 12 bytes rather than 8.
    private static let checksumFlag: UInt8 = 0x80
    /// Bits 2-6 of the descriptor are reserved: a table with any set is not one squeeze knows.
    private static let reservedBits: UInt8 = 0x7C
    /// Tables of more frames are not read (squeeze then finds frames by their headers, or streams):
    /// at 1 MiB a frame, a table this long describes a terabyte, and reading it costs 12 MiB at most.
    static let frameLimit = 1 << 20

    /// The whole skippable frame.
    func encoded() -> [UInt8] {
        let contentLength = entries.count * 8 + Self.footerLength
        var bytes = SkippableFrame.header(magic: Self.skippableMagic, contentLength: contentLength)
        bytes.reserveCapacity(SkippableFrame.headerLength + contentLength)
        for entry in entries {
            bytes.appendLittleEndian(entry.compressedLength)
            bytes.appendLittleEndian(entry.decompressedLength)
        }
        bytes.appendLittleEndian(UInt32(entries.count))
        bytes.append(0)
        bytes.appendLittleEndian(Self.footerMagic)
        return bytes
    }

    /// The table at the end of `file` (of `size` bytes), with the offset where it starts, if the
    /// file ends with one whose frames account for every byte before it; nil otherwise (no table,
    /// one of another version, or one that does not add up, which is then not trusted).
    static func read(from file: ReadableFile, size: Int64) throws -> (table: ZstdSeekTable, offset: Int64)? {
        guard size >= Int64(SkippableFrame.headerLength + footerLength) else { return nil }
        let footer = try file.read(count: footerLength, at: size - Int64(footerLength))
        guard footer.count == footerLength else { return nil }
        let (frameCount, descriptor, magic) = footer.withUnsafeBytes {
            (Int($0.littleEndianWord(at: 0)), $0[4], $0.littleEndianWord(at: 5))
        }
        guard magic == footerMagic, descriptor & reservedBits == 0, frameCount <= frameLimit else { return nil }
        let entryLength = descriptor & checksumFlag != 0 ? 12 : 8
        let contentLength = frameCount * entryLength + footerLength
        let offset = size - Int64(SkippableFrame.headerLength + contentLength)
        guard offset >= 0 else { return nil }
        let bytes = try file.read(count: SkippableFrame.headerLength + frameCount * entryLength, at: offset)
        guard bytes.count == SkippableFrame.headerLength + frameCount * entryLength else { return nil }
        return bytes.withUnsafeBytes { raw -> (ZstdSeekTable, Int64)? in
            guard raw.littleEndianWord(at: 0) == skippableMagic, Int(raw.littleEndianWord(at: 4)) == contentLength else { return nil }
            var entries: [Entry] = []
            entries.reserveCapacity(frameCount)
            var total: Int64 = 0
            for index in 0..<frameCount {
                let at = SkippableFrame.headerLength + index * entryLength
                let entry = Entry(compressedLength: raw.littleEndianWord(at: at), decompressedLength: raw.littleEndianWord(at: at + 4))
                total += Int64(entry.compressedLength)
                entries.append(entry)
            }
            return total == offset ? (ZstdSeekTable(entries: entries), offset) : nil
        }
    }
}
