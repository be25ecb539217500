import Glibc

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
///
/// `decompress --write-index` and `test --write-index` build the same index from their one decode
/// of the file: the walk's decoded bytes are their output, and the stream decoder judges only
/// what follows the members the walk read (`Built.membersEnd`).
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
        /// Where the walk stopped: the end of the members it read (the file's size, but for bytes
        /// after them), how many there were, and the first one's header.
        var membersEnd: Int64
        var members: Int
        var firstHeader: GzipHeader?
    }

    /// The index of `file`, as indexed_gzip writes it, with squeeze's addition; its windows; and
    /// the sidecar section of the tar's entries, when the data is a tar. `decoded` gets every
    /// decoded byte, in order (a member's bytes before its trailer is checked: after a throw,
    /// what it got is incomplete).
    func build(_ file: ReadableFile, decoded: (UnsafeRawBufferPointer) throws -> Void = { _ in }) throws -> Built {
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
                try decoded(bytes)
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
        var built = Built(
            index: index, windows: windows, lines: lines, archiveEntries: nil, entryCount: 0, membersEnd: walk.compressedOffset,
            members: walk.members, firstHeader: walk.firstHeader)
        // Bytes after the last member (padding, garbage) make a full read say so: such an archive
        // is read in full, as it is listed.
        guard let entries = scanner.completeEntries, walk.compressedOffset == status.size else { return built }
        built.archiveEntries = try ArchiveEntryIndex.Sidecar.encoded(entries: entries, memberCount: walk.members, formatName: scanner.formatName)
        built.entryCount = entries.count
        return built
    }
}

extension CheckpointIndexBuilder.Built {
    /// Writes the index to `destination` in `format`, whole or not at all (a temporary renamed
    /// over it, known to `registry` meanwhile, so that an interrupted run removes it), with the
    /// source's permissions and the time of now; returns its size. Only a regular file is ever replaced.
    func write(
        as format: CheckpointIndexFormat, to destination: PathName, sourceStatus: FileStatus,
        registry: TemporaryFileRegistry = TemporaryFileRegistry()
    ) throws -> Int64 {
        try Self.checkReplaceable(destination)
        let output = try AtomicFileWriter(destination: destination, registry: registry)
        var written: Int64 = 0
        let write = { (bytes: [UInt8]) in
            try bytes.withUnsafeBytes { try output.write($0) }
            written += Int64(bytes.count)
        }
        do {
            try index.encode(as: format, windows: windows, lines: lines, to: write)
            if let archiveEntries { try write(archiveEntries) }
            // The index's own times are now, not the source's: a later change of the source makes it
            // the newer of the two, as `make` and users expect.
            var attributes = sourceStatus
            attributes.permissions = sourceStatus.permissions & 0o666
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            attributes.modificationTime = FileTime(seconds: Int64(now.tv_sec), nanoseconds: Int64(now.tv_nsec))
            attributes.accessTime = attributes.modificationTime
            try output.commit(attributes: attributes, replacingExisting: true)
        } catch {
            output.discard()
            throw error
        }
        return written
    }

    /// Throws unless `destination` is absent or a regular file: only a regular file is ever
    /// replaced by an index (`squeeze index` asks before its decode, not to decode for nothing).
    static func checkReplaceable(_ destination: PathName) throws {
        if FileStatus.exists(destination), try FileStatus.of(destination, followingSymlinks: false).kind != .regular {
            throw CheckpointIndexWriteError.notRegular(destination)
        }
    }
}

public enum CheckpointIndexWriteError: Error, Equatable, CustomStringConvertible {
    /// Only a regular file is ever replaced by an index.
    case notRegular(PathName)

    public var description: String {
        switch self {
        case .notRegular(let path): "'\(path)' exists and is not a regular file: not replaced"
        }
    }
}
