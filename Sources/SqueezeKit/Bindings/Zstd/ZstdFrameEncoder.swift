/// zstd output: each block one whole frame (content size and checksum in it), and after the last
/// block of a file of several, the seek table of zstd's seekable format (`ZstdSeekTable`). Any
/// zstd reads the concatenated frames as the file; squeeze finds each frame from the table and
/// decodes them in parallel. A file of one block is one frame, as `zstd` writes it.
struct ZstdFrameEncoder: BlockEncoder {
    let level: Int
    private let compressors: CodecPool<ZstdCompressor>

    init(level: Int) {
        self.level = level
        compressors = CodecPool { try ZstdCompressor(level: level) }
    }

    var contextLength: Int { 0 }

    var needsBlockLengths: Bool { true }

    /// A frame's header cut short after its first byte: every zstd decoder reports the stream
    /// as truncated there, rather than take the frames before it for the whole.
    var truncationMark: [UInt8] { Zstd.magic + [0] }

    func prologue(for origin: GzipOrigin) -> [UInt8] { [] }

    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer,
        block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock {
        let frame = try compressors.withInstance { try $0.compress(input) }
        // The frame's own XXH64 covers its bytes; nothing is combined across frames.
        return EncodedBlock(bytes: frame, checksum: 0, inputLength: input.count)
    }

    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 { 0 }

    func epilogue(checksum: UInt32, length: Int64, written: Int64, origin: GzipOrigin, blocks: [EncodedBlockLengths]) -> [UInt8] {
        guard blocks.count > 1 else { return [] }
        return ZstdSeekTable(entries: blocks.map {
            ZstdSeekTable.Entry(compressedLength: UInt32($0.compressed), decompressedLength: UInt32($0.decompressed))
        }).encoded()
    }
}
