import Glibc

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
