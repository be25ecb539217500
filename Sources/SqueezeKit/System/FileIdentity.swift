/// What makes two paths the same file: device and inode.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
    }
}
