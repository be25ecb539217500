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

    /// Whether `epilogue` is given each block's lengths (zstd's seek table); otherwise it gets none.
    var needsBlockLengths: Bool { get }

    /// Written after the last block, given the checksum and length of the whole input, the bytes
    /// written before it (the prologue's and the blocks'), and each block's lengths if it asked.
    func epilogue(checksum: UInt32, length: Int64, written: Int64, origin: GzipOrigin, blocks: [EncodedBlockLengths]) -> [UInt8]

    /// What ends a stream cut short on an output that keeps what was written (standard output, a
    /// FIFO), so that no reader takes the blocks before it for the whole.
    var truncationMark: [UInt8] { get }

    /// The checksum of the blocks A then B (each block's is `EncodedBlock.checksum`).
    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32
}

extension BlockEncoder {
    var needsBlockLengths: Bool { false }

    var truncationMark: [UInt8] { GzipHeader.truncationMark }

    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        CRC32.combine(first, second, secondLength: secondLength)
    }
}

extension Codec {
    /// The encoder of this codec at `level` for `format`: zlib writes one stream, in any format
    /// (`SingleStreamEncoder`, with `strategy`, and a stream of one block compressed by libdeflate
    /// at `oneBlockLevel` if given); libdeflate and ISA-L write gzip's indexed members, and no
    /// other format. `comment` goes in the gzip header (the first member's) or the zip entry.
    func makeEncoder(
        level: Int, format: OutputFormat = .gzip, strategy: DeflateStrategy = .standard, comment: [UInt8]? = nil,
        oneBlockLevel: Int? = nil
    ) -> any BlockEncoder {
        precondition((format == .zstd) == (self == .zstd), "\(format) is not written by \(self)")
        precondition(format == .gzip || format == .zstd || self == .zlib, "\(format) is written by zlib only")
        precondition(strategy == .standard || self == .zlib, "only zlib has strategies")
        return switch self {
        case .libdeflate:
            IndexedMemberEncoder(
                level: level, extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: levels.upperBound), comment: comment
            ) {
                try SizeFittedCompressor(level: level)
            }
        case .isal:
            // Every ISA-L level is a fast one: none claims gzip's "maximum compression" flag.
            IndexedMemberEncoder(level: level, extraFlags: GzipHeader.extraFlags(forLevel: level, maximum: .max), comment: comment) {
                try IsalCompressor(level: level)
            }
        case .zlib:
            SingleStreamEncoder(
                level: level, strategy: strategy, container: format.container(comment: comment), oneBlockLevel: oneBlockLevel)
        case .zstd:
            ZstdFrameEncoder(level: level)
        }
    }
}

/// One block's contribution to a gzip file, and what the file's trailer needs to know about it.
struct EncodedBlock: Sendable {
    var bytes: [UInt8]
    /// The checksum of the block's uncompressed bytes that the format's trailer carries combined:
    /// CRC-32 (gzip, zip), or Adler-32 (zlib).
    var checksum: UInt32
    var inputLength: Int
}

/// A written block's lengths, for an encoder whose epilogue lists them (`needsBlockLengths`).
struct EncodedBlockLengths: Sendable {
    var compressed: Int
    var decompressed: Int
}

/// What a gzip header says about the original file. No name is no FNAME field at all (standard
/// input, `-n`): an empty FNAME is a name, which `gzip -dN` and `pigz -dN` fail to restore.
struct GzipOrigin: Sendable {
    var name: [UInt8]?
    var modificationTime: UInt32
    /// The input's length when it is known before it is read (a file's, not a stream's): a zip
    /// needs it to choose its size fields.
    var length: Int64?

    /// A file's name and time, as far as `fields` keeps them.
    init(name: PathName, modificationTime: FileTime, keeping fields: StoredHeaderFields, length: Int64? = nil) {
        self.name = fields.name ? name.lastComponent.bytes : nil
        self.modificationTime = fields.time ? modificationTime.gzipModificationTime : 0
        self.length = length
    }

    /// Neither a name nor a time: standard input's.
    static let anonymous = GzipOrigin(name: nil, modificationTime: 0)

    init(name: [UInt8]?, modificationTime: UInt32, length: Int64? = nil) {
        self.name = name
        self.modificationTime = modificationTime
        self.length = length
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

/// A DEFLATE compressor of whole buffers (libdeflate's, zlib's for small inputs, or ISA-L's), for
/// `IndexedMemberEncoder`.
protocol WholeBufferCompressor: AnyObject, Sendable {
    /// The most bytes `compress` can produce for `count` input bytes.
    func bound(_ count: Int) -> Int
    /// Raw DEFLATE of `input` into `output` (which holds `bound` bytes); returns the length.
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Int
}

extension IsalCompressor: WholeBufferCompressor {}

/// libdeflate or ISA-L output: each block a complete gzip member. When a file has several blocks,
/// every member carries a `MemberIndexField`, so the file is one ordinary gzip file to any gunzip
/// and an index of independent members to squeeze's parallel decompressor.
///
/// Not generic over the compressor: a run reaches its encoder as `any BlockEncoder`, through which
/// a generic encoder ran unspecialised, looking up type metadata and taking its pool's lock through
/// generic code for every block (docs/PERFORMANCE.md, "Tiny files"). The compressor is called
/// through its protocol instead, as the encoder itself is.
struct IndexedMemberEncoder: BlockEncoder {
    let level: Int
    let extraFlags: UInt8
    /// The first member's comment (FCOMMENT), if any.
    let comment: [UInt8]?
    /// One compressor (with its buffers) per worker, reused for every block it encodes.
    private let compressors: CodecPool<MemberWorkspace>

    init(level: Int, extraFlags: UInt8, comment: [UInt8]? = nil, make: @escaping @Sendable () throws -> any WholeBufferCompressor) {
        self.level = level
        self.extraFlags = extraFlags
        self.comment = comment
        compressors = CodecPool { MemberWorkspace(compressor: try make()) }
    }

    var contextLength: Int { 0 }

    func prologue(for origin: GzipOrigin) -> [UInt8] { [] }

    func epilogue(checksum: UInt32, length: Int64, written: Int64, origin: GzipOrigin, blocks: [EncodedBlockLengths]) -> [UInt8] { [] }

    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer,
        block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock {
        try encodeMember(input, isFirst: block == 0, isIndexed: blockCount > 1, origin: origin)
    }

    /// Inputs of up to this many bytes (every file of one block in a tree of small files) are
    /// encoded into their workspace's own member array, reused from file to file
    /// (`MemberWorkspace`); longer ones into an array of their own, which a workspace would keep
    /// at its largest.
    static let reusedMemberLimit = 64 << 10

    /// One member of `input`: with the source's name (and the comment) if it is the file's
    /// first, with squeeze's index field if the file has several. The header is written in
    /// place, in front of the body.
    private func encodeMember(_ input: UnsafeRawBufferPointer, isFirst: Bool, isIndexed: Bool, origin: GzipOrigin) throws -> EncodedBlock {
        let header = GzipHeader(
            modificationTime: origin.modificationTime,
            extraFlags: extraFlags,
            extra: isIndexed ? MemberIndexField(memberLength: 0, uncompressedLength: 0).encoded() : nil,
            name: isFirst ? origin.name : nil,
            comment: isFirst ? comment : nil)
        let headerLength = header.encodedLength
        let checksum = CRC32.update(0, input)

        return try compressors.withInstance { workspace in
            let compressor = workspace.compressor
            let capacity = headerLength + compressor.bound(input.count) + GzipTrailer.length
            func write(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                _ = header.encode(into: buffer)
                let body = UnsafeMutableRawBufferPointer(rebasing: buffer[headerLength..<capacity])
                let end = headerLength + (try compressor.compress(input, into: body))
                if isIndexed {
                    // Encoded again once the member's length is known (the same size).
                    var indexed = header
                    indexed.extra = MemberIndexField(
                        memberLength: UInt32(end + GzipTrailer.length), uncompressedLength: UInt32(input.count)
                    ).encoded()
                    _ = indexed.encode(into: buffer)
                }
                buffer.storeBytes(of: checksum.littleEndian, toByteOffset: end, as: UInt32.self)
                buffer.storeBytes(of: UInt32(truncatingIfNeeded: input.count).littleEndian, toByteOffset: end + 4, as: UInt32.self)
                return end + GzipTrailer.length
            }
            let bytes = if input.count <= Self.reusedMemberLimit {
                try workspace.member(capacity: capacity, write)
            } else {
                try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    initialized = 0
                    initialized = try write(UnsafeMutableRawBufferPointer(buffer))
                }
            }
            return EncodedBlock(bytes: bytes, checksum: checksum, inputLength: input.count)
        }
    }
}

/// A worker's compressor, with the member array it wrote last (`IndexedMemberEncoder`'s pool
/// keeps one per worker).
///
/// The member is handed out as the block's bytes by reference, not copied. The next member is
/// written over it, in the same storage, when nobody holds it any more (its block written and
/// dropped, as a file of one block is by the worker that encoded it before it takes the next
/// file); while a block still holds it (waiting to be written in order), the array's copy on
/// write gives the next member storage of its own and leaves the held one as it is.
///
/// `@unchecked Sendable`: used by one thread at a time, the one that borrowed it from the pool
/// (`CodecPool.withInstance`); `member` is touched only there.
final class MemberWorkspace: @unchecked Sendable {
    let compressor: any WholeBufferCompressor
    /// Reached through a pointer, not kept as a stored array: a class's stored property is checked
    /// for exclusive access at run time at every mutation.
    private let member: UnsafeMutablePointer<[UInt8]>

    init(compressor: any WholeBufferCompressor) {
        self.compressor = compressor
        member = .allocate(capacity: 1)
        member.initialize(to: [])
    }

    deinit {
        member.deinitialize(count: 1)
        member.deallocate()
    }

    /// The member `write` puts into the first `capacity` bytes of the buffer it is given
    /// (returning how many it wrote). The array is lengthened only by what it lacks (zeros), and
    /// shortened to the member's length in place.
    func member(capacity: Int, _ write: (UnsafeMutableRawBufferPointer) throws -> Int) rethrows -> [UInt8] {
        if member.pointee.count < capacity {
            member.pointee.append(contentsOf: repeatElement(0, count: capacity - member.pointee.count))
        }
        let count = try member.pointee.withUnsafeMutableBytes { try write(UnsafeMutableRawBufferPointer(rebasing: $0[..<capacity])) }
        member.pointee.removeLast(member.pointee.count - count)
        return member.pointee
    }
}

/// One DEFLATE stream the way pigz writes it, in gzip, zlib or zip (`StreamContainer`): the
/// stream is cut into blocks compressed independently with zlib. Each block is primed with the
/// 32 KiB before it as dictionary and ends with a sync flush (so blocks concatenate on byte
/// boundaries); the last ends the stream. The trailer's checksum is combined from the blocks'.
/// The output is the same whatever order the blocks are compressed in, and within a fraction of
/// a percent of one zlib stream's size (each block loses only the matches that would cross its
/// start's dictionary, and a sync flush's few bytes).
///
/// A stream of one block needs neither the dictionary nor the flush: with `oneBlockLevel` it is
/// compressed whole by libdeflate, faster and smaller than zlib (the gzip names' default, where
/// most files are one block; `--codec zlib` keeps zlib, as asked).
struct SingleStreamEncoder: BlockEncoder {
    /// DEFLATE's window: the most history a block can refer back to.
    static let windowSize = 32 * 1024

    let level: Int
    let container: any StreamContainer
    private let deflaters: CodecPool<ZlibDeflater>
    private let wholeStreams: CodecPool<LibdeflateCompressor>?

    init(level: Int, strategy: DeflateStrategy = .standard, container: any StreamContainer, oneBlockLevel: Int? = nil) {
        self.level = level
        self.container = container
        deflaters = CodecPool { try ZlibDeflater(level: level, strategy: strategy) }
        wholeStreams = oneBlockLevel.map { level in CodecPool { try LibdeflateCompressor(level: level) } }
    }

    var contextLength: Int { Self.windowSize }

    func prologue(for origin: GzipOrigin) -> [UInt8] {
        container.prologue(for: origin, level: level)
    }

    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer,
        block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock {
        let bytes: [UInt8]
        if blockCount == 1, let wholeStreams {
            bytes = try wholeStreams.withInstance { compressor in
                try [UInt8](unsafeUninitializedCapacity: compressor.bound(input.count)) { buffer, initialized in
                    initialized = 0
                    initialized = try compressor.compress(input, into: UnsafeMutableRawBufferPointer(buffer))
                }
            }
        } else {
            bytes = try deflaters.withInstance { deflater in
                try deflater.compress(input, dictionary: context, isLast: block == blockCount - 1)
            }
        }
        return EncodedBlock(bytes: bytes, checksum: container.checksum(input), inputLength: input.count)
    }

    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        container.combine(first, second, secondLength: secondLength)
    }

    func epilogue(checksum: UInt32, length: Int64, written: Int64, origin: GzipOrigin, blocks: [EncodedBlockLengths]) -> [UInt8] {
        let deflateLength = written - Int64(prologue(for: origin).count)
        return container.epilogue(checksum: checksum, length: length, deflateLength: deflateLength, origin: origin, level: level)
    }
}
