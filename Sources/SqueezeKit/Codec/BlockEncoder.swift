/// Turns the blocks of one file into gzip output. Blocks are encoded independently (in parallel,
/// in any order) and the results concatenated in order between `prologue` and `epilogue`.
protocol BlockEncoder: Sendable {
    /// Bytes of uncompressed context an encoder wants before each block but the first.
    var contextLength: Int { get }

    /// Written before block 0.
    func prologue(for origin: GzipOrigin) -> [UInt8]

    /// Encodes one block; `context` holds up to `contextLength` bytes that precede it in the file.
    /// `blockCount` may be a lower bound while a stream's length is not known, as long as it is
    /// exact for the last block and more than `block + 1` for the others: encoders only ask
    /// whether there are several blocks and which one is last.
    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer,
        block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock

    /// Written after the last block, given the CRC and length of the whole input.
    func epilogue(checksum: UInt32, length: Int64) -> [UInt8]
}

extension Codec {
    func makeEncoder(level: Int) -> any BlockEncoder {
        switch self {
        case .libdeflate: IndexedMemberEncoder(level: level)
        case .zlib: SingleStreamEncoder(level: level)
        }
    }
}
