import Glibc

/// The files a scan selected, stored compactly so that a million of them cost tens of megabytes,
/// not hundreds: every path's bytes in one arena and a fixed record of integers per file, instead
/// of a `ScannedFile` (two heap-allocated paths and a `FileStatus`) each. A `ScannedFile` is made
/// again when one is read (`self[index]`), which is when a task is about to start on it.
public struct ScannedFiles: RandomAccessCollection, Sendable {
    /// Path bytes, one after another, in chunks of `arenaChunkSize` (a longer path gets a chunk of
    /// its own): chunks that never move, so that growing the store never copies what it holds,
    /// which a single array doubling its capacity would (half again as much memory at the peak).
    private var arena: [[UInt8]] = []
    /// The records, `recordsPerChunk` to a chunk, for the same reason.
    private var records: [[Record]] = []
    public private(set) var count = 0

    static let arenaChunkSize = 1 << 20
    static let recordsPerChunk = 1 << 14

    /// One file: where its path bytes are, and the parts of its status a run uses.
    private struct Record {
        var status: PackedFileStatus
        var chunk: UInt32
        var pathStart: UInt32
        var pathLength: UInt32
        /// Where the relative path starts, from the path's start: inside the path (its tail), or
        /// just after it when stored apart.
        var relativeStart: UInt32
        var relativeLength: UInt32
    }

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> ScannedFile {
        let record = record(index)
        let bytes = arena[Int(record.chunk)]
        let start = Int(record.pathStart)
        let path = PathName(bytes: bytes[start..<(start + Int(record.pathLength))])
        // The relative path is made only where it is stored apart (a tail is the path's own).
        if record.relativeStart + record.relativeLength <= record.pathLength {
            return ScannedFile(path: path, relativeTailLength: Int(record.relativeLength), status: record.status.unpacked)
        }
        let relativeStart = start + Int(record.relativeStart)
        return ScannedFile(
            path: path, relativePath: PathName(bytes: bytes[relativeStart..<(relativeStart + Int(record.relativeLength))]),
            status: record.status.unpacked)
    }

    /// The size of file `index`, without making its paths.
    public func size(at index: Int) -> Int64 { record(index).status.size }

    /// The status of file `index`, without making its paths.
    public func status(at index: Int) -> FileStatus { record(index).status.unpacked }

    /// Compares the paths of two files, byte by byte, without making them.
    func pathPrecedes(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (record(first), record(second))
        return arena[Int(a.chunk)][Int(a.pathStart)..<Int(a.pathStart + a.pathLength)]
            .lexicographicallyPrecedes(arena[Int(b.chunk)][Int(b.pathStart)..<Int(b.pathStart + b.pathLength)])
    }

    private func record(_ index: Int) -> Record {
        records[index / Self.recordsPerChunk][index % Self.recordsPerChunk]
    }

    public mutating func append(_ file: ScannedFile) {
        if let tail = file.relativeTail {
            append(path: file.path.bytes, relative: [], relativeTail: tail, status: file.status)
        } else {
            append(path: file.path, relativePath: file.relativePath, status: file.status)
        }
    }

    /// Adds a file; `relativePath` is stored once more only when it is not the tail of `path`.
    public mutating func append(path: PathName, relativePath: PathName, status: FileStatus) {
        let (path, relative) = (path.bytes, relativePath.bytes)
        let isTail = relative.withUnsafeBufferPointer { PathName.hasSuffix(path, $0) }
        append(path: path, relative: isTail ? [] : relative, relativeTail: isTail ? relative.count : nil, status: status)
    }

    /// Adds a file whose relative path is the last `relativeTail` bytes of `path`, or, when that
    /// is nil, `relative`, stored after it.
    private mutating func append(path: [UInt8], relative: [UInt8], relativeTail: Int?, status: FileStatus) {
        let length = path.count + relative.count
        if arena.isEmpty || arena[arena.count - 1].count + length > Self.arenaChunkSize {
            arena.append([])
            arena[arena.count - 1].reserveCapacity(Swift.max(length, Self.arenaChunkSize))
        }
        let chunk = arena.count - 1
        let start = arena[chunk].count
        arena[chunk].append(contentsOf: path)
        arena[chunk].append(contentsOf: relative)
        if records.isEmpty || records[records.count - 1].count == Self.recordsPerChunk {
            records.append([])
            records[records.count - 1].reserveCapacity(Self.recordsPerChunk)
        }
        records[records.count - 1].append(Record(
            status: PackedFileStatus(status), chunk: UInt32(chunk), pathStart: UInt32(start), pathLength: UInt32(path.count),
            relativeStart: UInt32(relativeTail.map { path.count - $0 } ?? path.count),
            relativeLength: UInt32(relativeTail ?? relative.count)))
        count += 1
    }

    /// Indices of the files, largest first, equal sizes by path: the order work is planned in
    /// (as `sortedLargestFirst`), sorted without making a path.
    func indicesLargestFirst(_ indices: [Int32]) -> [Int32] {
        indices.sorted { first, second in
            let (firstSize, secondSize) = (size(at: Int(first)), size(at: Int(second)))
            return firstSize != secondSize ? firstSize > secondSize : pathPrecedes(Int(first), Int(second))
        }
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
