/// indexed_gzip's index format ("GZIDX", version 1), which indexed_gzip (`import_index`) and
/// rapidgzip (`--import-index`) read:
///
/// ```
/// GZIDX, version 1, flags 0; compressed size (u64), decoded size (u64), spacing (u32),
/// window size 32768 (u32), checkpoint count (u32); then per checkpoint: the byte after the bit
/// it is at (u64), its decoded offset (u64), how many bits of the byte before belong to it (u8),
/// whether it has a window (u8); then each window (32 KiB, the decoded bytes before it, zeros in
/// front at the start of the data). Numbers little-endian.
/// ```
///
/// Version 0 (read, not written) has no window flag: every checkpoint but the first has one.
extension CheckpointIndex {
    static let indexedGzipMagic = Array("GZIDX".utf8)
    static let indexedGzipHeaderLength = 35
    static let indexedGzipEntryLength = 18

    /// Reads the format's bytes; the layout's `end` is where they end.
    init(readingIndexedGzip file: ReadableFile, size: Int64) throws {
        let head = try file.read(count: Self.indexedGzipHeaderLength, at: 0)
        guard head.count == Self.indexedGzipHeaderLength else { throw CheckpointIndexError.malformed("cut short") }
        guard head[5] <= 1 else { throw CheckpointIndexError.malformed("GZIDX version \(head[5]) is newer than squeeze reads") }
        let version = head[5]
        var reader = IndexNumberReader(bytes: head, position: 7)
        let compressedSize = Int64(bitPattern: reader.u64())
        let decodedSize = Int64(bitPattern: reader.u64())
        let spacing = reader.u32()
        let windowLength = reader.u32()
        let count = Int(reader.u32())
        guard windowLength == UInt32(Self.windowLength) else {
            throw CheckpointIndexError.malformed("window size \(windowLength), not 32768")
        }
        let entryLength = version == 0 ? 17 : Self.indexedGzipEntryLength
        guard Int64(count) * Int64(entryLength) <= size else { throw CheckpointIndexError.malformed("cut short") }
        let entries = try file.read(count: count * entryLength, at: Int64(Self.indexedGzipHeaderLength))
        guard entries.count == count * entryLength else { throw CheckpointIndexError.malformed("cut short") }
        var checkpoints: [Checkpoint] = []
        checkpoints.reserveCapacity(count)
        reader = IndexNumberReader(bytes: entries, position: 0)
        for index in 0..<count {
            let byte = Int64(bitPattern: reader.u64()), decoded = Int64(bitPattern: reader.u64())
            let bitsBefore = Int64(reader.u8())
            let hasWindow = version == 0 ? index > 0 : reader.u8() != 0
            guard bitsBefore < 8, byte >= 0, byte <= compressedSize, decoded >= 0, decoded <= decodedSize,
                  bitsBefore == 0 || byte > 0, hasWindow || bitsBefore == 0,
                  checkpoints.last.map({ $0.decodedOffset <= decoded && $0.bit < byte * 8 - bitsBefore }) ?? true
            else { throw CheckpointIndexError.malformed("checkpoint \(index) does not fit the ones before it") }
            checkpoints.append(Checkpoint(bit: byte * 8 - bitsBefore, decodedOffset: decoded, hasWindow: hasWindow))
        }
        var offset = Int64(Self.indexedGzipHeaderLength + entryLength * count)
        let windows = checkpoints.map { checkpoint -> StoredWindow? in
            guard checkpoint.hasWindow else { return nil }
            defer { offset += Int64(Self.windowLength) }
            return StoredWindow(offset: offset, length: Self.windowLength, isZlibStream: false)
        }
        guard offset <= size else { throw CheckpointIndexError.malformed("cut short in its windows") }
        // A version 0 index is another tool's: squeeze's addition follows only version 1.
        self.init(
            compressedSize: compressedSize, decodedSize: decodedSize, spacing: spacing, checkpoints: checkpoints, verification: nil,
            layout: Layout(format: .indexedGzip, windows: windows, end: version == 0 ? size : offset))
    }

    /// The format's bytes, each window padded in front with zeros to 32 KiB, as the format wants.
    func encodeIndexedGzip(windows: [[UInt8]], to write: ([UInt8]) throws -> Void) throws {
        guard let compressedSize else { preconditionFailure("indexed_gzip's format records the compressed size: an index squeeze built has it") }
        var bytes = Self.indexedGzipMagic + [1, 0]
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
        try write(bytes)
        for window in windows {
            try write([UInt8](repeating: 0, count: Self.windowLength - window.count) + window)
        }
    }
}
