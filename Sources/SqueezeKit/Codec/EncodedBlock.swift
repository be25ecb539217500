/// One block's contribution to a gzip file, and what the file's trailer needs to know about it.
struct EncodedBlock: Sendable {
    var bytes: [UInt8]
    /// CRC-32 of the block's uncompressed bytes.
    var checksum: UInt32
    var inputLength: Int
}
