import FoundationEssentials
import Glibc

/// The parts of `stat` squeeze uses: what a file is, how big, its permissions, times and identity.
public struct FileStatus: Equatable, Sendable {
    public var kind: FileKind
    public var size: Int64
    /// Permission bits, including setuid, setgid and sticky.
    public var permissions: mode_t
    public var modificationTime: FileTime
    public var accessTime: FileTime
    /// When the inode last changed (`st_ctim`): a write or a `utimensat` moves it, and nothing
    /// but the kernel can set it back.
    public var changeTime: FileTime
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
        changeTime = FileTime(raw.st_ctim)
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

    /// True when a file still has the size, times and identity it had when scanned; anything else
    /// means it changed while squeeze was reading it. The change time catches a rewrite in place
    /// whose modification time was put back (`rsync --inplace -t`, `touch -r`).
    public func isUnchanged(since earlier: FileStatus) -> Bool {
        size == earlier.size && modificationTime == earlier.modificationTime && changeTime == earlier.changeTime
            && inode == earlier.inode && device == earlier.device
    }
}

extension FileStatus {
    /// The attributes of a file this process creates now, as `open(..., 0666)` would give it:
    /// owned by the process, mode 0666 less the umask, modified now.
    static func newFile() -> FileStatus {
        var raw = stat()
        raw.st_mode = S_IFREG | (0o666 & ~creationMask)
        raw.st_nlink = 1
        raw.st_uid = geteuid()
        raw.st_gid = getegid()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        raw.st_mtim = now
        raw.st_atim = now
        return FileStatus(raw)
    }

    /// The process's umask, read from /proc: `umask()` can only be read by setting it, which would
    /// race with files other threads create meanwhile. 022 if /proc does not say.
    private static var creationMask: mode_t { processCreationMask ?? 0o022 }

    /// The process's umask as /proc says it; nil where it does not.
    static var processCreationMask: mode_t? {
        KernelFile.ownStatus("Umask").flatMap { mode_t($0, radix: 8) }
    }
}

/// What kind of object a directory entry is, from `st_mode`.
public enum FileKind: String, Sendable, Codable {
    case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .unknown
        }
    }

    /// The `S_IFMT` bits of this kind (0 for `unknown`).
    var modeBits: mode_t {
        switch self {
        case .regular: S_IFREG
        case .directory: S_IFDIR
        case .symbolicLink: S_IFLNK
        case .fifo: S_IFIFO
        case .socket: S_IFSOCK
        case .characterDevice: S_IFCHR
        case .blockDevice: S_IFBLK
        case .unknown: 0
        }
    }

    /// How messages name this kind: "a FIFO", "a socket".
    public var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "an unknown kind of file"
        }
    }
}

/// A file timestamp with nanoseconds, as `stat` reports it.
public struct FileTime: Equatable, Hashable, Sendable, Codable {
    public var seconds: Int64
    public var nanoseconds: Int64

    public init(seconds: Int64, nanoseconds: Int64 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ time: timespec) { self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec)) }

    var timespec: Glibc.timespec { Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)) }

    /// The gzip header's MTIME: whole seconds since the epoch, or 0 ("none") when out of its range.
    public var gzipModificationTime: UInt32 {
        seconds > 0 && seconds <= Int64(UInt32.max) ? UInt32(seconds) : 0
    }
}

/// What makes two paths the same file: device and inode.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ status: FileStatus) {
        device = status.device
        inode = status.inode
    }
}
