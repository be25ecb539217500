import Glibc

/// The files a scan selected, stored compactly so that a million of them cost tens of megabytes,
/// not hundreds: every path's bytes in one arena and a fixed record of integers per file, instead
/// of a `ScannedFile` (two heap-allocated paths and a `FileStatus`) each. A `ScannedFile` is made
/// again when one is read (`self[index]`), which is when a task is about to start on it.
public struct ScannedFiles: RandomAccessCollection, Sendable {
    /// Every file's path bytes, one after another (and its relative path's, when that is not the
    /// path's own tail).
    private var arena: [UInt8] = []
    private var records: [Record] = []

    /// One file: where its bytes are, and the parts of its status a run uses.
    private struct Record {
        var pathStart: Int
        var pathLength: UInt32
        /// Where the relative path starts in the arena: inside the path (its tail) for a scan.
        var relativeLength: UInt32
        var relativeStart: Int
        var status: PackedFileStatus
    }

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(index: Int) -> ScannedFile {
        let record = records[index]
        return ScannedFile(
            path: bytes(record.pathStart, record.pathLength),
            relativePath: bytes(record.relativeStart, record.relativeLength),
            status: record.status.unpacked)
    }

    /// The size of file `index`, without making its paths.
    public func size(at index: Int) -> Int64 { records[index].status.size }

    /// The status of file `index`, without making its paths.
    public func status(at index: Int) -> FileStatus { records[index].status.unpacked }

    /// Compares the paths of two files, byte by byte, without making them.
    func pathPrecedes(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (records[first], records[second])
        return arena[a.pathStart..<(a.pathStart + Int(a.pathLength))]
            .lexicographicallyPrecedes(arena[b.pathStart..<(b.pathStart + Int(b.pathLength))])
    }

    public mutating func append(_ file: ScannedFile) {
        append(path: file.path, relativePath: file.relativePath, status: file.status)
    }

    /// Adds a file; `relativePath` is stored once more only when it is not the tail of `path`.
    public mutating func append(path: PathName, relativePath: PathName, status: FileStatus) {
        let pathStart = arena.count
        arena.append(contentsOf: path.bytes)
        let relativeStart: Int
        if path.bytes.count >= relativePath.bytes.count && path.bytes.suffix(relativePath.bytes.count).elementsEqual(relativePath.bytes) {
            relativeStart = arena.count - relativePath.bytes.count
        } else {
            relativeStart = arena.count
            arena.append(contentsOf: relativePath.bytes)
        }
        records.append(Record(
            pathStart: pathStart, pathLength: UInt32(path.bytes.count), relativeLength: UInt32(relativePath.bytes.count),
            relativeStart: relativeStart, status: PackedFileStatus(status)))
    }

    /// Indices of the files, largest first, equal sizes by path: the order work is planned in
    /// (as `sortedLargestFirst`), sorted without making a path.
    func indicesLargestFirst(_ indices: [Int32]) -> [Int32] {
        indices.sorted { first, second in
            let (firstSize, secondSize) = (size(at: Int(first)), size(at: Int(second)))
            return firstSize != secondSize ? firstSize > secondSize : pathPrecedes(Int(first), Int(second))
        }
    }

    private func bytes(_ start: Int, _ length: UInt32) -> PathName {
        PathName(bytes: arena[start..<(start + Int(length))])
    }
}

/// The fields of `stat` that `FileStatus` keeps, in 80 bytes instead of its 112 (no padding, and
/// nanoseconds in 32 bits).
struct PackedFileStatus {
    var size: Int64
    var modificationSeconds: Int64
    var accessSeconds: Int64
    var changeSeconds: Int64
    var device: UInt64
    var inode: UInt64
    var specialDevice: UInt64
    var modificationNanoseconds: UInt32
    var accessNanoseconds: UInt32
    var changeNanoseconds: UInt32
    var mode: mode_t
    var linkCount: UInt32
    var owner: uid_t
    var group: gid_t

    init(_ status: FileStatus) {
        size = status.size
        modificationSeconds = status.modificationTime.seconds
        accessSeconds = status.accessTime.seconds
        changeSeconds = status.changeTime.seconds
        modificationNanoseconds = UInt32(truncatingIfNeeded: status.modificationTime.nanoseconds)
        accessNanoseconds = UInt32(truncatingIfNeeded: status.accessTime.nanoseconds)
        changeNanoseconds = UInt32(truncatingIfNeeded: status.changeTime.nanoseconds)
        device = status.device
        inode = status.inode
        specialDevice = status.specialDevice
        mode = status.kind.modeBits | status.permissions
        linkCount = UInt32(clamping: status.linkCount)
        owner = status.owner
        group = status.group
    }

    var unpacked: FileStatus {
        var raw = stat()
        raw.st_size = Int(size)
        raw.st_mtim = timespec(tv_sec: Int(modificationSeconds), tv_nsec: Int(modificationNanoseconds))
        raw.st_atim = timespec(tv_sec: Int(accessSeconds), tv_nsec: Int(accessNanoseconds))
        raw.st_ctim = timespec(tv_sec: Int(changeSeconds), tv_nsec: Int(changeNanoseconds))
        raw.st_dev = UInt(device)
        raw.st_ino = UInt(inode)
        raw.st_rdev = UInt(specialDevice)
        raw.st_mode = mode
        raw.st_nlink = UInt(linkCount)
        raw.st_uid = owner
        raw.st_gid = group
        return FileStatus(raw)
    }
}

extension FileKind {
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
}
