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
