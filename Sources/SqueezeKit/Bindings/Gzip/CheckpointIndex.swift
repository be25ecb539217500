/// A checkpoint index of a gzip file in indexed_gzip's format ("GZIDX", version 1), which
/// indexed_gzip (`import_index`) and rapidgzip (`--import-index`) read, followed by squeeze's own
/// addition, which both stop reading before:
///
/// ```
/// GZIDX, version 1, flags 0; compressed size (u64), decoded size (u64), spacing (u32),
/// window size 32768 (u32), checkpoint count (u32); then per checkpoint: the byte after the bit
/// it is at (u64), its decoded offset (u64), how many bits of the byte before belong to it (u8),
/// whether it has a window (u8); then each window (32 KiB, the decoded bytes before it, zeros in
/// front at the start of the data). Numbers little-endian.
/// squeeze's addition: "SQZIDX", 2, 0; the source's modification time when the index was built
/// (seconds u64, nanoseconds u32); the CRC-32 of the source's first and of its last 64 KiB (u32
/// each; the whole file, for a smaller one); a count (u32, the checkpoints'); per checkpoint, the
/// CRC-32 of the decoded bytes from it to the next (to the end of the data, for the last); the
/// CRC-32 of the addition's bytes before it. Version 1 (read, no longer written) lacks the two
/// edge CRCs. After the addition may come an archive's entries (`ArchiveEntryIndex.Sidecar`).
/// ```
///
/// A checkpoint without a window is at a member's first block (indexed_gzip writes the first
/// one so). Windows are read when needed, not with the rest: they are most of an index.
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

    static let windowLength = 1 << 15
    static let headerLength = 35
    static let entryLength = 18
    static let magic = Array("GZIDX".utf8)
    static let additionMagic = Array("SQZIDX".utf8)
    static let additionVersion: UInt8 = 2
    static let edgeLength = 1 << 16

    var compressedSize: Int64
    var decodedSize: Int64
    var spacing: UInt32
    var checkpoints: [Checkpoint]
    var verification: Verification?
    /// Where the parts above end in the index's file, as version 1 lays them out: what follows is
    /// `ArchiveEntryIndex.Sidecar`'s.
    var end: Int64 {
        let windows = Int64(checkpoints.count(where: \.hasWindow)) * Int64(Self.windowLength)
        let addition = verification.map { 8 + 12 + ($0.edgeChecksums == nil ? 0 : 8) + 4 + 4 * checkpoints.count + 4 } ?? 0
        return Int64(Self.headerLength + Self.entryLength * checkpoints.count) + windows + Int64(addition)
    }

    /// Where each checkpoint's window starts in the index file; nil for one without.
    var windowOffsets: [Int64?] {
        var offset = Int64(Self.headerLength + Self.entryLength * checkpoints.count)
        return checkpoints.map { checkpoint in
            guard checkpoint.hasWindow else { return nil }
            defer { offset += Int64(Self.windowLength) }
            return offset
        }
    }

    /// The index's bytes before the windows.
    func encodedHead() -> [UInt8] {
        var bytes = Self.magic + [1, 0]
        bytes.appendLittleEndian(UInt64(compressedSize))
        bytes.appendLittleEndian(UInt64(decodedSize))
        bytes.appendLittleEndian(spacing)
        bytes.appendLittleEndian(UInt32(Self.windowLength))
        bytes.appendLittleEndian(UInt32(checkpoints.count))
        for checkpoint in checkpoints {
            let bitsBefore = checkpoint.bit % 8
            bytes.appendLittleEndian(UInt64((checkpoint.bit + 7) / 8))
            bytes.appendLittleEndian(UInt64(checkpoint.decodedOffset))
            bytes.append(UInt8(bitsBefore == 0 ? 0 : 8 - bitsBefore))
            bytes.append(checkpoint.hasWindow ? 1 : 0)
        }
        return bytes
    }

    /// squeeze's addition, after the windows.
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

    /// Reads an index's head and squeeze's addition, if it has one (windows: `window(_:in:)`).
    init(reading file: ReadableFile) throws {
        let size = try file.status().size
        let head = try file.read(count: Self.headerLength, at: 0)
        guard head.count == Self.headerLength, Array(head[0..<5]) == Self.magic else {
            throw CheckpointIndexError.malformed("not an index in indexed_gzip's format (no GZIDX)")
        }
        guard head[5] <= 1 else { throw CheckpointIndexError.malformed("GZIDX version \(head[5]) is newer than squeeze reads") }
        let version = head[5]
        var reader = LittleEndianReader(bytes: head, position: 7)
        compressedSize = Int64(bitPattern: reader.u64())
        decodedSize = Int64(bitPattern: reader.u64())
        spacing = reader.u32()
        let windowLength = reader.u32()
        let count = Int(reader.u32())
        guard windowLength == UInt32(Self.windowLength) else {
            throw CheckpointIndexError.malformed("window size \(windowLength), not 32768")
        }
        let entryLength = version == 0 ? 17 : Self.entryLength
        guard Int64(count) * Int64(entryLength) <= size else { throw CheckpointIndexError.malformed("cut short") }
        let entries = try file.read(count: count * entryLength, at: Int64(Self.headerLength))
        guard entries.count == count * entryLength else { throw CheckpointIndexError.malformed("cut short") }
        var checkpoints: [Checkpoint] = []
        checkpoints.reserveCapacity(count)
        reader = LittleEndianReader(bytes: entries, position: 0)
        for index in 0..<count {
            let byte = Int64(bitPattern: reader.u64()), decoded = Int64(bitPattern: reader.u64())
            let bitsBefore = Int64(reader.u8())
            // Version 0 had no flag: every checkpoint but the first had a window.
            let hasWindow = version == 0 ? index > 0 : reader.u8() != 0
            guard bitsBefore < 8, byte >= 0, byte <= compressedSize, decoded >= 0, decoded <= decodedSize,
                  bitsBefore == 0 || byte > 0, hasWindow || bitsBefore == 0,
                  checkpoints.last.map({ $0.decodedOffset <= decoded && $0.bit < byte * 8 - bitsBefore }) ?? true
            else { throw CheckpointIndexError.malformed("checkpoint \(index) does not fit the ones before it") }
            checkpoints.append(Checkpoint(bit: byte * 8 - bitsBefore, decodedOffset: decoded, hasWindow: hasWindow))
        }
        self.checkpoints = checkpoints
        verification = nil
        // Format 0 indexes are read but written as 1, so only its offsets matter here.
        let additionOffset = Int64(Self.headerLength + entryLength * count)
            + Int64(checkpoints.count(where: \.hasWindow)) * Int64(Self.windowLength)
        guard additionOffset <= size else { throw CheckpointIndexError.malformed("cut short in its windows") }
        if version == 1, size > additionOffset {
            verification = try Self.addition(of: file, at: additionOffset, size: size, count: count)
        }
    }

    init(compressedSize: Int64, decodedSize: Int64, spacing: UInt32, checkpoints: [Checkpoint], verification: Verification?) {
        self.compressedSize = compressedSize
        self.decodedSize = decodedSize
        self.spacing = spacing
        self.checkpoints = checkpoints
        self.verification = verification
    }

    /// squeeze's addition at `offset`; nil if there is none (another tool's bytes).
    private static func addition(of file: ReadableFile, at offset: Int64, size: Int64, count: Int) throws -> Verification? {
        let magic = try file.read(count: Int(min(size - offset, Int64(additionMagic.count + 2))), at: offset)
        guard magic.starts(with: additionMagic), magic.count == additionMagic.count + 2 else { return nil }
        let version = magic[additionMagic.count]
        guard version == 1 || version == additionVersion else {
            throw CheckpointIndexError.malformed("squeeze's addition is of version \(version), newer than squeeze reads")
        }
        let length = 8 + 12 + (version == 1 ? 0 : 8) + 4 + 4 * count + 4
        let bytes = try file.read(count: Int(min(size - offset, Int64(length))), at: offset)
        guard bytes.count == length else { throw CheckpointIndexError.malformed("squeeze's addition is cut short") }
        var reader = LittleEndianReader(bytes: bytes, position: additionMagic.count + 2)
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

    /// Checkpoint `index`'s window, read from the index file; empty for one without.
    func window(_ index: Int, in file: ReadableFile) throws -> [UInt8] {
        guard let offset = windowOffsets[index] else { return [] }
        let window = try file.read(count: Self.windowLength, at: offset)
        guard window.count == Self.windowLength else { throw CheckpointIndexError.malformed("cut short in its windows") }
        return window
    }
}

extension PathName {
    /// Where the checkpoint index of the file at this path is looked for and written unless told
    /// otherwise: `FILE.gz.gzidx`, named after the format's magic. Not bgzip's `.gzi`, which holds
    /// another format (BGZF member offsets) that bgzip would misread.
    public var checkpointIndexSidecar: PathName { appendingSuffix(".gzidx") }
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

/// Numbers read from bytes already checked to be long enough.
private struct LittleEndianReader {
    let bytes: [UInt8]
    var position: Int

    mutating func u8() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u32() -> UInt32 {
        (0..<4).reduce(0) { value, shift in value | UInt32(u8()) << (8 * shift) }
    }

    mutating func u64() -> UInt64 {
        (0..<8).reduce(0) { value, shift in value | UInt64(u8()) << (8 * shift) }
    }
}
