/// zstd's skippable frames: a magic of 0x184D2A50 to 0x184D2A5F, a 4-byte little-endian length,
/// and that many bytes every zstd decoder passes over. `pzstd` puts one of magic 0x184D2A50 and
/// length 4 before each frame, holding that frame's compressed length; the seekable format's seek
/// table is one of magic 0x184D2A5E at the end of the file (`ZstdSeekTable`).
enum SkippableFrame {
    static let headerLength = 8
    static let pzstdMagic: UInt32 = 0x184D_2A50

    static func isMagic(_ word: UInt32) -> Bool { word & 0xFFFF_FFF0 == 0x184D_2A50 }

    /// The frame's header: its magic and the length of what follows.
    static func header(magic: UInt32, contentLength: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerLength)
        bytes.appendLittleEndian(magic)
        bytes.appendLittleEndian(UInt32(contentLength))
        return bytes
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian 32-bit word at `offset`.
    func littleEndianWord(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
