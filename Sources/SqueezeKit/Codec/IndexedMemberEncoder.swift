/// libdeflate output: each block a complete gzip member. When a file has several blocks, every
/// member carries a `MemberIndexField`, so the file is one ordinary gzip file to any gunzip and
/// an index of independent members to squeeze's parallel decompressor.
struct IndexedMemberEncoder: BlockEncoder {
    let level: Int
    private let compressors: CodecPool<LibdeflateCompressor>

    init(level: Int) {
        self.level = level
        compressors = CodecPool { try LibdeflateCompressor(level: level) }
    }

    var contextLength: Int { 0 }

    func prologue(for origin: GzipOrigin) -> [UInt8] { [] }

    func epilogue(checksum: UInt32, length: Int64) -> [UInt8] { [] }

    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer,
        block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock {
        let isIndexed = blockCount > 1
        var header = GzipHeader(
            modificationTime: origin.modificationTime,
            extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: Codec.libdeflate.levels.upperBound),
            extra: isIndexed ? MemberIndexField(memberLength: 0, uncompressedLength: 0).encoded() : nil,
            name: block == 0 ? origin.name : nil)
        let headerLength = header.encoded().count
        let checksum = CRC32.update(0, input)

        return try compressors.withInstance { compressor in
            let capacity = headerLength + compressor.bound(input.count) + 8
            var failure: Error?
            var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = 0
                do {
                    let body = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[headerLength...])
                    initialized = headerLength + (try compressor.compress(input, into: body))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            let memberLength = bytes.count + 8
            if isIndexed {
                header.extra = MemberIndexField(
                    memberLength: UInt32(memberLength), uncompressedLength: UInt32(input.count)
                ).encoded()
            }
            let finalHeader = header.encoded()
            bytes.replaceSubrange(0..<headerLength, with: finalHeader)
            bytes.appendLittleEndian(checksum)
            bytes.appendLittleEndian(UInt32(truncatingIfNeeded: input.count))
            return EncodedBlock(bytes: bytes, checksum: checksum, inputLength: input.count)
        }
    }
}
