/// A checkpoint index of a gzip file, read from or written to an index file in one of two formats
/// (`CheckpointIndexFormat`): indexed_gzip's (`CheckpointIndex+IndexedGzip.swift`) or gztool's
/// (`CheckpointIndex+Gztool.swift`). The parsed value is the same whatever the format. After the
/// format's own bytes, where indexed_gzip, rapidgzip and gztool all stop reading, squeeze adds:
///
/// ```
/// "SQZIDX", 2, 0; the source's modification time when the index was built (seconds u64,
/// nanoseconds u32); the CRC-32 of the source's first and of its last 64 KiB (u32 each; the whole
/// file, for a smaller one); a count (u32, the checkpoints'); per checkpoint, the CRC-32 of the
/// decoded bytes from it to the next (to the end of the data, for the last); the CRC-32 of the
/// addition's bytes before it. Numbers little-endian. Version 1 (read, no longer written) lacks
/// the two edge CRCs. After the addition may come an archive's entries (`ArchiveEntryIndex.Sidecar`).
/// ```
///
/// A checkpoint without a window starts a decode with none: at a member's first block, or after a
/// full flush (gztool's own compressor puts checkpoints there). Windows are read when needed, not
/// with the rest: they are most of an index.
struct CheckpointIndex: Equatable, Sendable {
    struct Checkpoint: Equatable, Sendable {
        var bit: Int64
        var decodedOffset: Int64
        var hasWindow: Bool
    }

    /// What squeeze adds: enough to tell a stale index, and to check each span it decodes.
    struct Verification: Equatable, Sendable {
        var sourceModificationTime: FileTime
        /// The CRC-32 of the source's first and last `edgeLength` bytes: a file rewritten to the
        /// same size with its time set back is told by them (nil in a version 1 addition).
        var edgeChecksums: EdgeChecksums?
        var spanChecksums: [UInt32]
    }

    struct EdgeChecksums: Equatable, Sendable {
        var head: UInt32
        var tail: UInt32

        /// Those of `file` as it is now.
        init(of file: ReadableFile, size: Int64) throws {
            let length = Int(min(size, Int64(CheckpointIndex.edgeLength)))
            // A file cut shorter since its size was taken reads short, and its CRCs differ.
            let head = try file.read(count: length, at: 0), tail = try file.read(count: length, at: size - Int64(length))
            self.head = head.withUnsafeBytes { CRC32.update(0, $0) }
            self.tail = tail.withUnsafeBytes { CRC32.update(0, $0) }
        }

        init(head: UInt32, tail: UInt32) {
            self.head = head
            self.tail = tail
        }
    }

    /// Where the index's file keeps a checkpoint's window: as it is (indexed_gzip's), or as a zlib
    /// stream (gztool's).
    struct StoredWindow: Equatable, Sendable {
        var offset: Int64
        var length: Int
        var isZlibStream: Bool
    }

    /// What only an index read from a file has: its format, where its windows are, and where the
    /// format's bytes and squeeze's addition end (what follows is `ArchiveEntryIndex.Sidecar`'s).
    struct Layout: Equatable, Sendable {
        var format: CheckpointIndexFormat
        var windows: [StoredWindow?]
        var end: Int64
    }

    static let windowLength = 1 << 15
    static let additionMagic = Array("SQZIDX".utf8)
    static let additionVersion: UInt8 = 2
    static let edgeLength = 1 << 16

    /// Nil in gztool's format, which does not record it.
    var compressedSize: Int64?
    var decodedSize: Int64
    /// indexed_gzip's field (0 from gztool's format, which does not record it).
    var spacing: UInt32
    var checkpoints: [Checkpoint]
    var verification: Verification?
    /// Nil for an index built in memory.
    var layout: Layout?
    /// Where what follows squeeze's addition starts in the index's file (0 for one built in memory).
    var end: Int64 { layout?.end ?? 0 }

    init(
        compressedSize: Int64?, decodedSize: Int64, spacing: UInt32, checkpoints: [Checkpoint], verification: Verification?,
        layout: Layout? = nil
    ) {
        self.compressedSize = compressedSize
        self.decodedSize = decodedSize
        self.spacing = spacing
        self.checkpoints = checkpoints
        self.verification = verification
        self.layout = layout
    }

    /// Reads an index in either format, and squeeze's addition if it has one (windows: `window(_:in:)`).
    init(reading file: ReadableFile) throws {
        let size = try file.status().size
        let head = try file.read(count: 16, at: 0)
        var parsed: CheckpointIndex
        if head.starts(with: Self.indexedGzipMagic) {
            parsed = try Self(readingIndexedGzip: file, size: size)
        } else if Self.isGztoolIndex(head) {
            parsed = try Self(readingGztool: file, size: size)
        } else {
            throw CheckpointIndexError.malformed("not an index in indexed_gzip's format (no GZIDX) nor in gztool's (no gzipindx)")
        }
        let formatEnd = parsed.end
        if size > formatEnd, let verification = try Self.addition(of: file, at: formatEnd, size: size, count: parsed.checkpoints.count) {
            parsed.verification = verification
            parsed.layout?.end = formatEnd + Int64(Self.additionLength(verification, count: parsed.checkpoints.count))
        }
        self = parsed
    }

    /// Checkpoint `index`'s window (up to 32 KiB: the decoded bytes before it), read from the
    /// index's file; empty for one without.
    func window(_ index: Int, in file: ReadableFile) throws -> [UInt8] {
        guard let layout else { preconditionFailure("an index built in memory has no file to read windows from") }
        guard let stored = layout.windows[index] else { return [] }
        let bytes = try file.read(count: stored.length, at: stored.offset)
        guard bytes.count == stored.length else { throw CheckpointIndexError.malformed("cut short in its windows") }
        guard stored.isZlibStream else { return bytes }
        var window = [UInt8](repeating: 0, count: Self.windowLength)
        let decoder = try LibdeflateDecompressor()
        let length = bytes.withUnsafeBytes { input in window.withUnsafeMutableBytes { decoder.decompressZlib(input, into: $0) } }
        guard let length else {
            throw CheckpointIndexError.malformed("the window of checkpoint \(index) is not a zlib stream of at most 32 KiB")
        }
        window.removeSubrange(length...)
        return window
    }

    /// The index as `format` lays it out, handed to `write` in pieces: the format's bytes with
    /// `windows` (one per checkpoint that has one, each up to 32 KiB, the decoded bytes before it),
    /// then squeeze's addition. `lines` are for gztool's format, whose index counts lines.
    func encode(as format: CheckpointIndexFormat, windows: [[UInt8]], lines: LineCounts?, to write: ([UInt8]) throws -> Void) throws {
        switch format {
        case .indexedGzip: try encodeIndexedGzip(windows: windows, to: write)
        case .gztool: try encodeGztool(windows: windows, lines: lines, to: write)
        }
        try write(encodedAddition())
    }

    /// squeeze's addition, after the format's bytes.
    func encodedAddition() -> [UInt8] {
        guard let verification else { return [] }
        // Version 1 lacks the edge CRCs: an index without them (only tests make one) says so.
        var bytes = Self.additionMagic + [verification.edgeChecksums == nil ? 1 : Self.additionVersion, 0]
        bytes.appendLittleEndian(UInt64(bitPattern: verification.sourceModificationTime.seconds))
        bytes.appendLittleEndian(UInt32(truncatingIfNeeded: verification.sourceModificationTime.nanoseconds))
        if let edges = verification.edgeChecksums {
            bytes.appendLittleEndian(edges.head)
            bytes.appendLittleEndian(edges.tail)
        }
        bytes.appendLittleEndian(UInt32(verification.spanChecksums.count))
        for checksum in verification.spanChecksums { bytes.appendLittleEndian(checksum) }
        bytes.appendLittleEndian(bytes.withUnsafeBytes { CRC32.update(0, $0) })
        return bytes
    }

    /// The length of squeeze's addition holding `verification` for `count` checkpoints.
    private static func additionLength(_ verification: Verification, count: Int) -> Int {
        additionMagic.count + 2 + 12 + (verification.edgeChecksums == nil ? 0 : 8) + 4 + 4 * count + 4
    }

    /// squeeze's addition at `offset`; nil if there is none (another tool's bytes).
    private static func addition(of file: ReadableFile, at offset: Int64, size: Int64, count: Int) throws -> Verification? {
        let magic = try file.read(count: Int(min(size - offset, Int64(additionMagic.count + 2))), at: offset)
        guard magic.starts(with: additionMagic), magic.count == additionMagic.count + 2 else { return nil }
        let version = magic[additionMagic.count]
        guard version == 1 || version == additionVersion else {
            throw CheckpointIndexError.malformed("squeeze's addition is of version \(version), newer than squeeze reads")
        }
        let length = additionMagic.count + 2 + 12 + (version == 1 ? 0 : 8) + 4 + 4 * count + 4
        let bytes = try file.read(count: Int(min(size - offset, Int64(length))), at: offset)
        guard bytes.count == length else { throw CheckpointIndexError.malformed("squeeze's addition is cut short") }
        var reader = IndexNumberReader(bytes: bytes, position: additionMagic.count + 2)
        let seconds = Int64(bitPattern: reader.u64()), nanoseconds = Int64(reader.u32())
        let edges = version == 1 ? nil : EdgeChecksums(head: reader.u32(), tail: reader.u32())
        guard Int(reader.u32()) == count else { throw CheckpointIndexError.malformed("squeeze's addition counts other checkpoints") }
        let checksums = (0..<count).map { _ in reader.u32() }
        let stated = reader.u32()
        guard bytes[..<(bytes.count - 4)].withUnsafeBytes({ CRC32.update(0, $0) }) == stated else {
            throw CheckpointIndexError.malformed("squeeze's addition does not match its own CRC-32")
        }
        return Verification(
            sourceModificationTime: FileTime(seconds: seconds, nanoseconds: nanoseconds), edgeChecksums: edges, spanChecksums: checksums)
    }
}

/// Which format an index file is in: indexed_gzip's (`GZIDX`, which indexed_gzip and rapidgzip
/// read) or gztool's (`gzipindx`, which gztool and rapidgzip read). squeeze adds the same to both.
public enum CheckpointIndexFormat: String, Sendable, CaseIterable {
    case indexedGzip = "indexed_gzip"
    case gztool
}

/// What gztool's index says of lines: the line each checkpoint is in (from 1), and the data's
/// lines as gztool 1.5.1 records them: its newlines, but at least one (so that "a\nb" has 1 and
/// empty data 1; its README says a last line without a newline counts, but that is not what it
/// writes).
struct LineCounts: Equatable, Sendable {
    /// Per checkpoint, the newlines decoded before it.
    var newlinesBefore: [Int64] = []
    var newlines: Int64 = 0

    var total: Int64 { max(newlines, 1) }

    /// Counts the newlines of the next decoded bytes.
    mutating func count(_ bytes: UnsafeRawBufferPointer) {
        var found = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { found += 1 }
        newlines += Int64(found)
    }

    /// A checkpoint is where the bytes counted so far end.
    mutating func markCheckpoint() { newlinesBefore.append(newlines) }
}

extension PathName {
    /// Where the checkpoint index of the file at this path is looked for and written unless told
    /// otherwise: `FILE.gz.gzidx`, named after indexed_gzip's magic. Not bgzip's `.gzi`, which
    /// holds another format (BGZF member offsets) that bgzip would misread.
    public var checkpointIndexSidecar: PathName { appendingSuffix(".gzidx") }

    /// Where gztool looks for and writes the index of the file at this path: `FILE.gzi` for
    /// `FILE.gz`, else the name with `.gzi` added (which bgzip uses too: gztool's format starts
    /// with 8 zero bytes so that the two are told apart).
    public var gztoolIndexSidecar: PathName { appendingSuffix(hasSuffix(".gz") ? "i" : ".gzi") }
}

public enum CheckpointIndexError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    /// The index does not describe the file as it is (it changed since): nothing decoded through
    /// it was written.
    case mismatch(String)

    public var description: String {
        switch self {
        case .malformed(let detail): "not a usable index: \(detail)"
        case .mismatch(let detail): "the index does not match the file (\(detail)); rebuild it with squeeze index"
        }
    }
}

/// Numbers read from bytes already checked to be long enough: little-endian (indexed_gzip's and
/// squeeze's) unless told (gztool's are big-endian).
struct IndexNumberReader {
    let bytes: [UInt8]
    var position: Int
    var isBigEndian = false

    mutating func u8() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u32() -> UInt32 { UInt32(truncatingIfNeeded: number(4)) }

    mutating func u64() -> UInt64 { number(8) }

    private mutating func number(_ size: Int) -> UInt64 {
        let field = bytes[position..<(position + size)]
        position += size
        return isBigEndian
            ? field.reduce(0) { $0 << 8 | UInt64($1) }
            : field.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
