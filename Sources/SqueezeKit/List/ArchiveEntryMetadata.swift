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
