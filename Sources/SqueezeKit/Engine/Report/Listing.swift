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
    /// Why an index beside the file was not used (it is stale), when it was not: a warning.
    public var notice: String?

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
        case .garbage(let count): (trailingZeroBytes, trailingGarbageBytes) = (0, count ?? 0)
        }
    }

    /// Uncompressed bytes per compressed byte, as the run report gives it.
    public var ratio: Double {
        compressedBytes > 0 ? Double(uncompressedBytes) / Double(compressedBytes) : 0
    }
}

/// What `squeeze list` tells about an archive's contents: its format and every entry, as
/// `tar tv` would show them.
public struct ArchiveListing: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        /// The name as stored; bytes that are not UTF-8 show as U+FFFD.
        public var name: String
        public var kind: FileKind
        public var size: Int64
        public var permissions: UInt32
        public var modificationTime: Int64
        public var owner: String
        public var group: String
        /// Where a symbolic link points, or the earlier entry a hard link shares data with.
        public var linkTarget: String?
        public var isHardLink: Bool

        init(_ entry: ArchiveEntryMetadata) {
            name = "\(entry.name)"
            kind = entry.kind
            size = entry.size
            permissions = entry.permissions
            modificationTime = entry.modificationTime.seconds
            owner = entry.ownerName ?? "\(entry.owner)"
            group = entry.groupName ?? "\(entry.group)"
            linkTarget = (entry.hardLinkTarget ?? entry.symbolicLinkTarget).map { "\($0)" }
            isHardLink = entry.hardLinkTarget != nil
        }
    }

    /// libarchive's name for the format, e.g. "POSIX pax interchange format".
    public var format: String
    /// Compression undone before the format was read, outermost first (e.g. ["gzip"]).
    public var filters: [String]
    public var entries: [Entry]
}

/// Takes the entries of the archive at a path as `list` reads them, in archive order, instead of
/// the archive's `ArchiveListing` keeping them: called on the worker listing that archive, so
/// entries of different archives may come at once from different threads.
public typealias ArchiveEntryHandler = @Sendable (_ archive: PathName, _ entry: ArchiveListing.Entry) -> Void

/// One entry of an archive as `squeeze list` shows it: what `tar tv` prints.
public struct ArchiveEntryMetadata: Equatable, Sendable {
    /// The name as stored, byte for byte (it need not be UTF-8, nor safe to extract).
    public var name: PathName
    /// What the entry is. A hard link is `.regular` with `hardLinkTarget` set.
    public var kind: FileKind
    /// Data bytes stored for it (0 for directories, links and devices).
    public var size: Int64
    /// Permission bits, including setuid, setgid and sticky.
    public var permissions: UInt32
    public var modificationTime: FileTime
    public var owner: Int64
    public var group: Int64
    public var ownerName: String?
    public var groupName: String?
    /// What a symbolic link points to.
    public var symbolicLinkTarget: PathName?
    /// The earlier entry a hard link shares its data with.
    public var hardLinkTarget: PathName?

    public init(
        name: PathName, kind: FileKind, size: Int64, permissions: UInt32, modificationTime: FileTime,
        owner: Int64 = 0, group: Int64 = 0, ownerName: String? = nil, groupName: String? = nil,
        symbolicLinkTarget: PathName? = nil, hardLinkTarget: PathName? = nil
    ) {
        self.name = name
        self.kind = kind
        self.size = size
        self.permissions = permissions
        self.modificationTime = modificationTime
        self.owner = owner
        self.group = group
        self.ownerName = ownerName
        self.groupName = groupName
        self.symbolicLinkTarget = symbolicLinkTarget
        self.hardLinkTarget = hardLinkTarget
    }

    init(_ entry: ArchiveEntryHandle) {
        let hardLink = entry.hardLinkTarget
        self.init(
            name: entry.pathname, kind: hardLink == nil ? entry.kind : .regular, size: entry.size,
            permissions: UInt32(entry.permissions), modificationTime: entry.modificationTime,
            owner: entry.owner, group: entry.group, ownerName: entry.ownerName, groupName: entry.groupName,
            symbolicLinkTarget: entry.symbolicLinkTarget, hardLinkTarget: hardLink)
    }
}

/// What libarchive found an archive to be, once its entries have been read.
public struct ArchiveDescription: Equatable, Sendable {
    /// The format, in libarchive's words: "POSIX pax interchange format", "GNU tar format", "ZIP 2.0 (deflation)".
    public var format: String
    /// Compressions undone by libarchive, outermost first ("gzip", "xz"); empty when the archive
    /// was not compressed or was decoded before libarchive saw it.
    public var filters: [String]
    public var entryCount: Int
}
