/// The bytes libarchive parses when squeeze extracts or lists an archive: the archive file as it
/// is (libarchive's own filters then undo gzip, xz, bzip2, zstd...), or the archive already
/// decompressed by squeeze (a squeeze .tar.gz decoded in parallel), which libarchive then reads
/// as a plain tar.
///
/// Used by one thread at a time: the one running libarchive.
public protocol DecodedStream: AnyObject {
    /// Fills the start of `buffer` with the next bytes; returns how many, 0 only at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Bytes of the archive file consumed so far, for progress and the report's bytes in.
    var bytesConsumed: Int64 { get }

    /// Reads what the parser left (after an archive's end marker) so that the whole file is
    /// checked, and returns a warning the run should report (trailing garbage), if any.
    func finishReading() throws -> String?
}

extension DecodedStream {
    /// Streams whose decoder (libarchive's) checks what it reads need not read further.
    public func finishReading() throws -> String? { nil }
}

/// Opens the stream for an archive file: how extract and list choose their decoder.
public typealias DecodedStreamOpener = @Sendable (PathName) throws -> any DecodedStream
