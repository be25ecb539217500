/// Builds a checkpoint index of any gzip file (`squeeze index`): one decode from the start with
/// `CheckpointWalk`, every member's CRC-32 and length checked, and a checkpoint at the first
/// block boundary at least `spacing` decoded bytes past the one before (and at the first
/// member's first block), each with the 32 KiB decoded before it and the CRC-32 of the decoded
/// bytes up to the next one.
///
/// When the decoded data is a tar that `TarEntryScanner` understands to its end-of-archive blocks,
/// and the file holds nothing after its last member, its entries are found on the way too
/// (`ArchiveEntryIndex.Sidecar`), for `extract ARCHIVE PATH…` and `list`.
///
/// The windows are kept in memory until the index is written (32 KiB a checkpoint: 1/128 of the
/// decoded size at the default spacing), since both formats start with the checkpoints' count,
/// known only at the end. For gztool's format, which counts lines, the newlines are counted too.
public struct CheckpointIndexBuilder: Sendable {
    /// indexed_gzip's default is 1 MiB; 4 MiB keeps an index under 1% of the data, and a range
    /// read decodes 2 MiB past its checkpoint on average, a few milliseconds.
    public static let defaultSpacing: Int64 = 4 << 20

    public var spacing: Int64
    /// Whether to count lines (gztool's format records them).
    public var countsLines: Bool

    public init(spacing: Int64 = defaultSpacing, countsLines: Bool = false) {
        precondition(spacing > 0)
        self.spacing = spacing
        self.countsLines = countsLines
    }

    /// What `build` makes: the index, its windows (each up to 32 KiB: as many decoded bytes as
    /// there are before it), the lines if counted, and the archive's entries if it is one.
    struct Built {
        var index: CheckpointIndex
        var windows: [[UInt8]]
        var lines: LineCounts?
        var archiveEntries: [UInt8]?
        var entryCount: Int
    }

    /// The index of `file`, as indexed_gzip writes it, with squeeze's addition; its windows; and
    /// the sidecar section of the tar's entries, when the data is a tar.
    func build(_ file: ReadableFile) throws -> Built {
        let status = try file.status()
        var scanner = TarEntryScanner()
        var walk = try CheckpointWalk(file: file, memberOffset: 0, decodedOffset: 0)
        var checkpoints: [CheckpointIndex.Checkpoint] = []
        var windows: [[UInt8]] = []
        var spans: [UInt32] = []
        var span: UInt32 = 0
        var lines = countsLines ? LineCounts() : nil
        let spacing = spacing
        _ = try walk.run { event in
            switch event {
            case .bytes(let bytes):
                span = CRC32.update(span, bytes)
                scanner.observe(bytes)
                lines?.count(bytes)
            case .boundary(let bit, let decodedOffset, let window, let atMemberStart):
                guard checkpoints.last.map({ decodedOffset - $0.decodedOffset >= spacing }) ?? true else { break }
                if !checkpoints.isEmpty { spans.append(span) }
                span = 0
                checkpoints.append(.init(bit: bit, decodedOffset: decodedOffset, hasWindow: !atMemberStart))
                lines?.markCheckpoint()
                if !atMemberStart { windows.append(Array(window)) }
            }
            return true
        }
        spans.append(span)
        let index = CheckpointIndex(
            compressedSize: status.size, decodedSize: walk.decodedOffset, spacing: UInt32(clamping: spacing),
            checkpoints: checkpoints,
            verification: .init(
                sourceModificationTime: status.modificationTime, edgeChecksums: try .init(of: file, size: status.size),
                spanChecksums: spans))
        // Bytes after the last member (padding, garbage) make a full read say so: such an archive
        // is read in full, as it is listed.
        guard let entries = scanner.completeEntries, walk.compressedOffset == status.size else {
            return Built(index: index, windows: windows, lines: lines, archiveEntries: nil, entryCount: 0)
        }
        let section = try ArchiveEntryIndex.Sidecar.encoded(entries: entries, memberCount: walk.members, formatName: scanner.formatName)
        return Built(index: index, windows: windows, lines: lines, archiveEntries: section, entryCount: entries.count)
    }
}
