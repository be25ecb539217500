/// What `squeeze list` tells about one compressed file.
public struct FileListing: Codable, Sendable, Equatable {
    /// How the uncompressed size was found.
    public enum SizeSource: String, Codable, Sendable {
        /// From squeeze's member index, without inflating (exact; `squeeze test` verifies it).
        case index
        /// By decoding every member (exact and verified).
        case decoded
    }

    /// "gzip" (a lister for other formats names its own).
    public var format: String
    public var compressedBytes: Int64
    /// Exact, not modulo 2^32.
    public var uncompressedBytes: Int64
    public var members: Int
    /// The first header's original name (FNAME), for display; bytes that are not UTF-8 show as U+FFFD.
    public var originalName: String?
    /// The first header's MTIME, seconds since the epoch; nil when the header has none (0).
    public var modificationTime: UInt32?
    public var sizeSource: SizeSource
    /// Zero bytes after the last member (padding, ignored).
    public var trailingZeroBytes: Int64
    /// Other bytes after the last member (ignored with a warning).
    public var trailingGarbageBytes: Int64
    /// The entries, when the file is an archive.
    public var archive: ArchiveListing?

    public init(
        format: String, compressedBytes: Int64, uncompressedBytes: Int64, members: Int, originalName: String?,
        modificationTime: UInt32?, sizeSource: SizeSource, trailing: TrailingBytes = .none
    ) {
        self.format = format
        self.compressedBytes = compressedBytes
        self.uncompressedBytes = uncompressedBytes
        self.members = members
        self.originalName = originalName
        self.modificationTime = modificationTime
        self.sizeSource = sizeSource
        switch trailing {
        case .none: (trailingZeroBytes, trailingGarbageBytes) = (0, 0)
        case .zeroPadding(let count): (trailingZeroBytes, trailingGarbageBytes) = (count, 0)
        case .garbage(let count): (trailingZeroBytes, trailingGarbageBytes) = (0, count)
        }
    }

    /// Uncompressed bytes per compressed byte, as the run report gives it.
    public var ratio: Double {
        compressedBytes > 0 ? Double(uncompressedBytes) / Double(compressedBytes) : 0
    }
}
