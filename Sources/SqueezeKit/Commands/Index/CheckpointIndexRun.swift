import Glibc

/// `squeeze index FILE.gz`: builds the file's checkpoint index and writes it beside it (or where
/// asked), whole or not at all, in indexed_gzip's format or gztool's.
public struct CheckpointIndexRun: Sendable {
    public let source: PathName
    public let destination: PathName
    public let format: CheckpointIndexFormat
    public let builder: CheckpointIndexBuilder

    /// Without a destination, the index goes where its format's tool looks for it: `FILE.gzidx`
    /// for indexed_gzip's, gztool's name (`FILE.gzi` for `FILE.gz`) for gztool's.
    public init(
        source: PathName, destination: PathName? = nil, format: CheckpointIndexFormat = .indexedGzip,
        builder: CheckpointIndexBuilder = CheckpointIndexBuilder()
    ) {
        self.source = source
        self.format = format
        self.destination = destination ?? (format == .gztool ? source.gztoolIndexSidecar : source.checkpointIndexSidecar)
        var builder = builder
        builder.countsLines = format == .gztool
        self.builder = builder
    }

    /// What was written.
    public struct Summary: Equatable, Sendable {
        public var checkpoints: Int
        public var decodedBytes: Int64
        /// The entries of the tar the file holds, when it is one squeeze understood to its end.
        public var archiveEntries: Int?
        public var indexBytes: Int64
    }

    /// Builds and writes the index; throws `GzipFormatError` for a damaged file (nothing written),
    /// `SystemError` for one that cannot be read or an index that cannot be written.
    public func run() throws -> Summary {
        if FileStatus.exists(destination), try FileStatus.of(destination, followingSymlinks: false).kind != .regular {
            throw CheckpointIndexRunError.notRegular(destination)
        }
        let file = try ReadableFile(source)
        let sourceStatus = try file.status()
        let built = try builder.build(file)
        let output = try AtomicFileWriter(destination: destination, registry: TemporaryFileRegistry())
        var written: Int64 = 0
        let write = { (bytes: [UInt8]) in
            try bytes.withUnsafeBytes { try output.write($0) }
            written += Int64(bytes.count)
        }
        do {
            try built.index.encode(as: format, windows: built.windows, lines: built.lines, to: write)
            if let entries = built.archiveEntries { try write(entries) }
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
        return Summary(
            checkpoints: built.index.checkpoints.count, decodedBytes: built.index.decodedSize,
            archiveEntries: built.archiveEntries == nil ? nil : built.entryCount, indexBytes: written)
    }
}

public enum CheckpointIndexRunError: Error, Equatable, CustomStringConvertible {
    /// Only a regular file is ever replaced by an index.
    case notRegular(PathName)

    public var description: String {
        switch self {
        case .notRegular(let path): "'\(path)' exists and is not a regular file: not replaced"
        }
    }
}
