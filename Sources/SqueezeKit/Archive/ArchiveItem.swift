/// One path to store in an archive: where it is, the name it gets in the archive, and what it was
/// when the tree was scanned.
struct ArchiveItem: Sendable {
    var path: PathName
    var name: PathName
    var status: FileStatus
}
