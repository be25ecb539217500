/// The eight bytes that end every gzip member: CRC-32 and length (modulo 2^32) of its data.
struct GzipTrailer: Equatable, Sendable {
    static let length = 8

    var checksum: UInt32
    var lengthModulo: UInt32

    /// Reads a trailer from the first eight bytes of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count >= Self.length)
        checksum = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        lengthModulo = UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24
    }

    /// Throws the error gzip would report if the decoded data does not match this trailer.
    func verify(checksum actual: UInt32, length: Int64) throws(GzipFormatError) {
        guard actual == checksum else { throw .checksumMismatch(expected: checksum, actual: actual) }
        let actualLength = UInt32(truncatingIfNeeded: length)
        guard actualLength == lengthModulo else { throw .lengthMismatch(expected: lengthModulo, actual: actualLength) }
    }
}
