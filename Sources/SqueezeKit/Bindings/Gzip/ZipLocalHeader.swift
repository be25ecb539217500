/// The local header of a zip file's first entry, read as `gzip -d` reads it (gzip's `unzip`):
/// the entry must be deflated or stored (only the low byte of the method counts, as there), not
/// encrypted; its name and extra field are skipped. Its CRC-32 and uncompressed length are checked
/// after the data, from this header or, when the flags say so, from the data descriptor that
/// follows the data (16 bytes, signature included, as gzip reads it).
struct ZipLocalHeader: Equatable {
    static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    static let fixedLength = 30
    /// A data descriptor as gzip reads it: signature, CRC-32, compressed and uncompressed sizes.
    static let dataDescriptorLength = 16

    enum Method: Equatable {
        case stored
        case deflated
    }

    var method: Method
    /// The entry's CRC-32 and sizes are in a data descriptor after its data (general purpose flag
    /// bit 3), not here.
    var hasDataDescriptor: Bool
    var checksum: UInt32
    var compressedSize: UInt32
    var uncompressedSize: UInt32
    /// The header's length, name and extra field included.
    var length: Int

    private static let encryptedFlag: UInt16 = 1
    private static let dataDescriptorFlag: UInt16 = 8

    /// The header at the start of `bytes`; nil when `bytes` ends before its name and extra field
    /// do (at the end of the file, that is not a valid zip file).
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(GzipFormatError) -> ZipLocalHeader? {
        guard bytes.count >= fixedLength else { return nil }
        func le16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
        func le32(_ offset: Int) -> UInt32 { UInt32(le16(offset)) | UInt32(le16(offset + 2)) << 16 }
        let length = fixedLength + Int(le16(26)) + Int(le16(28))
        guard bytes.count >= length else { return nil }
        guard bytes.starts(with: signature) else { throw .unsupportedZip("not a valid zip file") }
        let method: Method
        switch bytes[8] {
        case 0: method = .stored
        case 8: method = .deflated
        default: throw .unsupportedZip("first entry not deflated or stored -- use unzip")
        }
        let flags = le16(6)
        if flags & encryptedFlag != 0 { throw .unsupportedZip("encrypted file -- use unzip") }
        return ZipLocalHeader(
            method: method, hasDataDescriptor: flags & dataDescriptorFlag != 0, checksum: le32(14),
            compressedSize: le32(18), uncompressedSize: le32(22), length: length)
    }
}
