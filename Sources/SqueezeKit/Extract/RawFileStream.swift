import Glibc

/// An archive file as it is on disk: libarchive detects and undoes any compression itself.
public final class RawFileStream: SeekableDecodedStream {
    private let file: ReadableFile
    private let size: Int64
    private var position: Int64 = 0

    public convenience init(_ path: PathName) throws(SystemError) {
        try self.init(file: ReadableFile(path))
    }

    init(file: ReadableFile) throws(SystemError) {
        self.file = file
        size = try file.status().size
    }

    public var bytesConsumed: Int64 { position }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try file.read(into: buffer, at: position)
        position += Int64(count)
        return count
    }

    public func seek(to offset: Int64, from whence: Int32) throws -> Int64 {
        let base: Int64 = switch whence {
        case SEEK_CUR: position
        case SEEK_END: size
        default: 0
        }
        guard base + offset >= 0 else { throw SystemError("seek in", file.path, code: EINVAL) }
        position = base + offset
        return position
    }

    public func skip(_ count: Int64) throws -> Int64 {
        let skipped = max(0, min(count, size - position))
        position += skipped
        return skipped
    }
}
