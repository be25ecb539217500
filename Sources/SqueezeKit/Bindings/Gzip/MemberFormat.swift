/// The formats `gzip -d` reads, told apart by a member's first bytes, as gzip tells them: gzip
/// anywhere; pack members anywhere too (and members may follow them); compress data anywhere,
/// running to the end of the file; a zip only at the start of a file, whose first entry is all
/// that is read. (gzip before 0.5 and LZH, which gzip also reads, are not decoded: they are
/// refused as not gzip.)
public enum MemberFormat: String, Sendable, Equatable {
    case gzip
    /// pack(1): static Huffman codes (`PackDecoder`).
    case pack
    /// compress(1), `.Z`: LZW (`LZWDecoder`).
    case compress
    /// A zip file's first entry, deflated or stored (`ZipLocalHeader`).
    case zip
    /// zstd frames: never a gzip member, but what a file that starts with zstd's magic holds
    /// (`ZstdDecompressor`), which squeeze's commands read whatever the name.
    case zstd

    /// The format `bytes` (a member's first bytes, at least 4 where the file has them) begin, if
    /// any; a zip is taken only at the start of a file.
    static func of(_ bytes: UnsafeRawBufferPointer, atFileStart: Bool) -> MemberFormat? {
        func starts(with magic: [UInt8]) -> Bool {
            bytes.count >= magic.count && Swift.zip(bytes, magic).allSatisfy { $0 == $1 }
        }
        if starts(with: GzipHeader.magic) { return .gzip }
        if starts(with: PackDecoder.magic) { return .pack }
        if starts(with: LZWDecoder.magic) { return .compress }
        if atFileStart && starts(with: ZipLocalHeader.signature) { return .zip }
        return nil
    }
}
