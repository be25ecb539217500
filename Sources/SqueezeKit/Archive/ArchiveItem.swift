/// One path to store in an archive: where it is, the name it gets in the archive, and what it was
/// when the tree was scanned.
struct ArchiveItem: Sendable {
    var path: PathName
    var name: PathName
    var status: FileStatus
}

extension Array where Element == ArchiveItem {
    /// The bytes of data the archive will hold: its regular files' sizes.
    var dataBytes: Int64 { reduce(0) { $0 + ($1.status.kind == .regular ? $1.status.size : 0) } }
}
