/// zlib output the way pigz writes it: one gzip member whose DEFLATE stream is cut into blocks
/// compressed independently. Each block is primed with the 32 KiB before it as dictionary and
/// ends with a sync flush (so blocks concatenate on byte boundaries); the last ends the stream.
/// The trailer's CRC is combined from the blocks' CRCs.
struct SingleStreamEncoder: BlockEncoder {
    /// DEFLATE's window: the most history a block can refer back to.
    static let windowSize = 32 * 1024

    let level: Int
    private let deflaters: CodecPool<ZlibDeflater>

    init(level: Int) {
        self.level = level
        deflaters = CodecPool { try ZlibDeflater(level: level) }
    }

    var contextLength: Int { Self.windowSize }

    func prologue(for origin: GzipOrigin) -> [UInt8] {
        GzipHeader(
            modificationTime: origin.modificationTime,
            extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: Codec.zlib.levels.upperBound),
            name: origin.name
        ).encoded()
    }

    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer,
        block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock {
        let bytes = try deflaters.withInstance { deflater in
            try deflater.compress(input, dictionary: context, isLast: block == blockCount - 1)
        }
        return EncodedBlock(bytes: bytes, checksum: CRC32.update(0, input), inputLength: input.count)
    }

    func epilogue(checksum: UInt32, length: Int64) -> [UInt8] {
        var trailer: [UInt8] = []
        trailer.appendLittleEndian(checksum)
        trailer.appendLittleEndian(UInt32(truncatingIfNeeded: length))
        return trailer
    }
}
