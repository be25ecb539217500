import Glibc

/// The bytes libarchive parses when squeeze extracts or lists an archive: the archive file as it
/// is (libarchive's own filters then undo gzip, xz, bzip2, zstd...), or the archive already
/// decompressed by squeeze (a squeeze .tar.gz decoded in parallel), which libarchive then reads
/// as a plain tar.
///
/// Used by one thread at a time: the one running libarchive.
public protocol DecodedStream: AnyObject {
    /// Fills the start of `buffer` with the next bytes; returns how many, 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// The next bytes, as `read(into:)` gives them, but where the stream holds them when it does
    /// (a decoded chunk), so that libarchive parses them without a copy; otherwise read into
    /// `buffer`. Valid until the next read. Empty only at the end.
    func read(lendingOr buffer: UnsafeMutableRawBufferPointer) throws -> UnsafeRawBufferPointer

    /// Bytes of the archive file consumed so far, for progress and the report's bytes in.
    var bytesConsumed: Int64 { get }

    /// Reads what the parser left (after an archive's end marker) so that the whole file is
    /// checked, and returns a warning the run should report (trailing garbage), if any.
    func finishReading() throws -> String?

    /// Whether the stream's bytes before `offset` (counted from the start of what `read` returns)
    /// are known to be what was compressed: their checksums have been checked. Until they are,
    /// what is made from them must not take its final name.
    func hasVerified(through offset: Int64) -> Bool

    /// The chunk that holds `bytes`, when they are bytes this stream lent (`read(lendingOr:)`) and
    /// still holds: a file's data can then be kept without a copy, beyond the next read. Nil for
    /// bytes anywhere else (libarchive's own buffer, a stream that does not lend).
    func lentChunk(holding bytes: UnsafeRawBufferPointer) -> LentChunk?
}

/// Part of a chunk a stream lent, kept as the chunk itself (an array the stream never changes once
/// it has lent it) and where the bytes are in it. `number` counts the stream's chunks from 0, so
/// that what keeps chunks alive can count each once.
public struct LentChunk: Sendable {
    public var chunk: [UInt8]
    public var range: Range<Int>
    public var number: Int
}

extension DecodedStream {
    public func read(lendingOr buffer: UnsafeMutableRawBufferPointer) throws -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[..<(try read(into: buffer))])
    }

    /// Streams whose decoder (libarchive's) checks what it reads need not read further.
    public func finishReading() throws -> String? { nil }

    /// Streams that squeeze does not decode itself: the file as it is, or libarchive's filters,
    /// which check what they check (xz, zstd and bzip2 their blocks) as they go, and which squeeze
    /// cannot ask.
    public func hasVerified(through offset: Int64) -> Bool { true }

    public func lentChunk(holding bytes: UnsafeRawBufferPointer) -> LentChunk? { nil }
}

/// Opens the stream for an archive file: how extract and list choose their decoder.
public typealias DecodedStreamOpener = @Sendable (PathName) throws -> any DecodedStream

/// A stream that can move: libarchive then reads formats that need random access (zip's central
/// directory, 7z, ISO) and skips the data of entries it does not need without reading it.
public protocol SeekableDecodedStream: DecodedStream {
    /// Moves to `offset` from the start (SEEK_SET), the current position (SEEK_CUR) or the end
    /// (SEEK_END); returns the new position from the start.
    func seek(to offset: Int64, from whence: Int32) throws -> Int64

    /// Moves forward by up to `count` bytes (fewer at the end); returns how many.
    func skip(_ count: Int64) throws -> Int64
}

/// An archive file as it is on disk: libarchive detects and undoes any compression itself.
public final class RawFileStream: SeekableDecodedStream {
    private let file: ReadableFile
    private let size: Int64
    private var position: Int64 = 0
    /// Ends a read that waits for a pipe's writer (see `ReadableFile.read(into:at:until:)`).
    private let cancellation: CancellationFlag?

    public convenience init(_ path: PathName) throws(SystemError) {
        try self.init(file: ReadableFile(path))
    }

    init(file: ReadableFile, readingUntil cancellation: CancellationFlag? = nil) throws(SystemError) {
        self.file = file
        self.cancellation = cancellation
        size = try file.status().size
    }

    public var bytesConsumed: Int64 { position }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try file.read(into: buffer, at: position, until: cancellation)
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
