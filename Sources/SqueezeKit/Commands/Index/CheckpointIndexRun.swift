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
        try CheckpointIndexBuilder.Built.checkReplaceable(destination)
        let file = try ReadableFile(source)
        let built = try builder.build(file)
        let written = try built.write(as: format, to: destination, sourceStatus: try file.status())
        return Summary(
            checkpoints: built.index.checkpoints.count, decodedBytes: built.index.decodedSize,
            archiveEntries: built.archiveEntries == nil ? nil : built.entryCount, indexBytes: written)
    }
}
