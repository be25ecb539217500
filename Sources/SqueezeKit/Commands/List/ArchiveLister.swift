/// Lists the entries of any archive libarchive reads (tar in every dialect, compressed or not,
/// zip, cpio, 7z, ISO...), reading headers only: entry data is skipped (without reading it at
/// all when the archive is an uncompressed file).
///
/// Errors are thrown as they come: a `LibarchiveError` for an archive libarchive cannot read
/// (not an archive, truncated, corrupt), a `SystemError` for a file that cannot be opened.
/// Entries before a damaged spot have already been handed to `body`.
public struct ArchiveLister: Sendable {
    public var openStream: DecodedStreamOpener

    /// `openStream` says how the archive's bytes reach libarchive. The default, unlike
    /// extraction's, is the raw file: seekable, so the data of entries is skipped unread.
    public init(openStream: @escaping DecodedStreamOpener = DecodedStreamOpeners.raw) {
        self.openStream = openStream
    }

    /// Calls `body` with each entry in archive order; returns what the archive turned out to be.
    @discardableResult
    public func forEachEntry(in archive: PathName, _ body: (ArchiveEntryMetadata) throws -> Void) throws -> ArchiveDescription {
        try forEachEntry(in: try openStream(archive), name: archive, body)
    }

    /// The same, from a stream already open (its owner can then ask it what the decoding found).
    @discardableResult
    public func forEachEntry(
        in stream: any DecodedStream, name archive: PathName, _ body: (ArchiveEntryMetadata) throws -> Void
    ) throws -> ArchiveDescription {
        try UTF8ThreadLocale.run {
            let reader = try ArchiveReadHandle(stream: stream, name: archive)
            let entry = ArchiveEntryHandle()
            var count = 0
            while try reader.nextHeader(into: entry) != .endOfFile {
                try body(ArchiveEntryMetadata(entry))
                count += 1
            }
            return ArchiveDescription(format: reader.formatName, filters: reader.filterNames, entryCount: count)
        }
    }

    /// Every entry, in archive order.
    public func entries(in archive: PathName) throws -> [ArchiveEntryMetadata] {
        var entries: [ArchiveEntryMetadata] = []
        try forEachEntry(in: archive) { entries.append($0) }
        return entries
    }
}
