extension ArchiveEntryMetadata {
    /// An entry as its tar header (kept in an archive's entry index) describes it, as libarchive
    /// would give it from the same header: a hard link is a regular file with its target.
    init(_ header: TarHeader) {
        let kind: FileKind = switch header.typeflag {
        case UInt8(ascii: "2"): .symbolicLink
        case UInt8(ascii: "3"): .characterDevice
        case UInt8(ascii: "4"): .blockDevice
        case UInt8(ascii: "5"), UInt8(ascii: "D"): .directory
        case UInt8(ascii: "6"): .fifo
        default: .regular
        }
        let linkName = header.linkName.isEmpty ? nil : PathName(bytes: header.linkName)
        self.init(
            name: PathName(bytes: header.name), kind: kind, size: header.size, permissions: header.mode & 0o7777,
            modificationTime: FileTime(seconds: header.modificationTime), owner: header.owner, group: header.group,
            // An empty name field is an empty name, as libarchive reads it from the same header.
            ownerName: String(decoding: header.ownerName, as: UTF8.self), groupName: String(decoding: header.groupName, as: UTF8.self),
            symbolicLinkTarget: kind == .symbolicLink ? linkName : nil,
            hardLinkTarget: header.typeflag == UInt8(ascii: "1") ? linkName : nil)
    }
}
