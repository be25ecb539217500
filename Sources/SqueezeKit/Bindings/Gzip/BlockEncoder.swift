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
        case .libdeflate:
            IndexedMemberEncoder(level: level, extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: levels.upperBound)) {
                try LibdeflateCompressor(level: level)
            }
        case .isal:
            // Every ISA-L level is a fast one: none claims gzip's "maximum compression" flag.
            IndexedMemberEncoder(level: level, extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: .max)) {
                try IsalCompressor(level: level)
            }
        case .zlib: SingleStreamEncoder(level: level)
        }
    }
}

/// One block's contribution to a gzip file, and what the file's trailer needs to know about it.
struct EncodedBlock: Sendable {
    var bytes: [UInt8]
    /// CRC-32 of the block's uncompressed bytes.
    var checksum: UInt32
    var inputLength: Int
}

/// What a gzip header says about the original file. No name is no FNAME field at all (standard
/// input, `-n`): an empty FNAME is a name, which `gzip -dN` and `pigz -dN` fail to restore.
struct GzipOrigin: Sendable {
    var name: [UInt8]?
    var modificationTime: UInt32

    /// A file's name and time, as far as `fields` keeps them.
    init(name: PathName, modificationTime: FileTime, keeping fields: StoredHeaderFields) {
        self.name = fields.name ? name.lastComponent.bytes : nil
        self.modificationTime = fields.time ? modificationTime.gzipModificationTime : 0
    }

    /// Neither a name nor a time: standard input's.
    static let anonymous = GzipOrigin(name: nil, modificationTime: 0)

    init(name: [UInt8]?, modificationTime: UInt32) {
        self.name = name
        self.modificationTime = modificationTime
    }
}

/// Which of a file's name and modification time its gzip header keeps: both by default, neither
/// with gzip's `-n`, the name alone with pigz's `-m`.
public struct StoredHeaderFields: Sendable, Equatable {
    public var name: Bool
    public var time: Bool

    public init(name: Bool, time: Bool) {
        self.name = name
        self.time = time
    }

    public static let nameAndTime = StoredHeaderFields(name: true, time: true)
    public static let none = StoredHeaderFields(name: false, time: false)
}

/// A DEFLATE compressor of whole buffers (libdeflate's or ISA-L's), for `IndexedMemberEncoder`.
protocol WholeBufferCompressor: AnyObject, Sendable {
    /// The most bytes `compress` can produce for `count` input bytes.
    func bound(_ count: Int) -> Int
    /// Raw DEFLATE of `input` into `output` (which holds `bound` bytes); returns the length.
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int
}

extension LibdeflateCompressor: WholeBufferCompressor {}
extension IsalCompressor: WholeBufferCompressor {}

/// libdeflate or ISA-L output: each block a complete gzip member. When a file has several blocks,
/// every member carries a `MemberIndexField`, so the file is one ordinary gzip file to any gunzip
/// and an index of independent members to squeeze's parallel decompressor.
struct IndexedMemberEncoder<Compressor: WholeBufferCompressor>: BlockEncoder {
    let level: Int
    let extraFlags: UInt8
    /// One compressor (with its buffers) per worker, reused for every block it encodes.
    private let compressors: CodecPool<Compressor>

    init(level: Int, extraFlags: UInt8, make: @escaping @Sendable () throws -> Compressor) {
        self.level = level
        self.extraFlags = extraFlags
        compressors = CodecPool(make: make)
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
            extraFlags: extraFlags,
            extra: isIndexed ? MemberIndexField(memberLength: 0, uncompressedLength: 0).encoded() : nil,
            name: block == 0 ? origin.name : nil)
        // An indexed member's header is encoded again once its length is known (same size).
        let firstHeader = header.encoded()
        let headerLength = firstHeader.count
        let checksum = CRC32.update(0, input)

        return try compressors.withInstance { compressor in
            let capacity = headerLength + compressor.bound(input.count) + 8
            var failure: Error?
            var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = 0
                do {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[..<headerLength]).initialize(from: firstHeader)
                    let body = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[headerLength...])
                    initialized = headerLength + (try compressor.compress(input, into: body))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if isIndexed {
                let memberLength = bytes.count + 8
                header.extra = MemberIndexField(
                    memberLength: UInt32(memberLength), uncompressedLength: UInt32(input.count)
                ).encoded()
                bytes.replaceSubrange(0..<headerLength, with: header.encoded())
            }
            bytes.appendLittleEndian(checksum)
            bytes.appendLittleEndian(UInt32(truncatingIfNeeded: input.count))
            return EncodedBlock(bytes: bytes, checksum: checksum, inputLength: input.count)
        }
    }
}

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
