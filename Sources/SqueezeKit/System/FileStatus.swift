import Glibc

/// The parts of `stat` squeeze uses: what a file is, how big, its permissions, times and identity.
public struct FileStatus: Equatable, Sendable {
    public var kind: FileKind
    public var size: Int64
    /// Permission bits, including setuid, setgid and sticky.
    public var permissions: mode_t
    public var modificationTime: FileTime
    public var accessTime: FileTime
    public var device: UInt64
    public var inode: UInt64
    public var linkCount: UInt64
    public var owner: uid_t
    public var group: gid_t
    /// The device a character or block device file stands for (`st_rdev`); 0 for other kinds.
    public var specialDevice: UInt64

    init(_ raw: stat) {
        kind = FileKind(mode: raw.st_mode)
        size = Int64(raw.st_size)
        permissions = raw.st_mode & 0o7777
        modificationTime = FileTime(raw.st_mtim)
        accessTime = FileTime(raw.st_atim)
        device = UInt64(raw.st_dev)
        inode = UInt64(raw.st_ino)
        linkCount = UInt64(raw.st_nlink)
        owner = raw.st_uid
        group = raw.st_gid
        specialDevice = UInt64(raw.st_rdev)
    }

    /// `stat` (following symbolic links) or `lstat` (not following) of `path`.
    public static func of(_ path: PathName, followingSymlinks: Bool) throws(SystemError) -> FileStatus {
        var raw = stat()
        try systemCall("stat", path) {
            path.withCString { followingSymlinks ? stat($0, &raw) : lstat($0, &raw) }
        }
        return FileStatus(raw)
    }

    public static func of(descriptor: Int32, path: PathName) throws(SystemError) -> FileStatus {
        var raw = stat()
        try systemCall("stat", path) { fstat(descriptor, &raw) }
        return FileStatus(raw)
    }

    /// Whether `path` exists at all (a dangling symbolic link exists).
    public static func exists(_ path: PathName) -> Bool {
        var raw = stat()
        return path.withCString { lstat($0, &raw) } == 0
    }

    /// True when a file still has the size, modification time and identity it had when scanned;
    /// anything else means it changed while squeeze was reading it.
    public func isUnchanged(since earlier: FileStatus) -> Bool {
        size == earlier.size && modificationTime == earlier.modificationTime
            && inode == earlier.inode && device == earlier.device
    }
}
