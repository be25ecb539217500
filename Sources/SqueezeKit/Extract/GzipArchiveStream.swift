/// A gzip-compressed archive as squeeze decodes it, for libarchive to parse as an uncompressed
/// one: squeeze's own `.tar.gz` member by member in parallel, any other gzip as a stream (both
/// through `GzipDecodedStream`, in the background, a bounded amount ahead of the parser). Unlike
/// libarchive's gzip filter, every member's CRC-32 and length are checked, up to the end of the
/// file, once `finishReading()` has run.
public final class GzipArchiveStream: DecodedStream {
    private let decoded: GzipDecodedStream
    private var chunk: [UInt8] = []
    private var position = 0
    private var isAtEnd = false

    public init(_ path: PathName, scheduling: SchedulingOptions) throws(SystemError) {
        // Open once here so that a missing file fails now, on the caller's thread, by name.
        _ = try ReadableFile(path)
        decoded = GzipDecodedStream(path: path, scheduling: scheduling)
    }

    deinit { decoded.close() }

    public var bytesConsumed: Int64 { decoded.bytesConsumed }

    /// What the decode found, once the stream has been read to its end.
    public var summary: GzipDecodeSummary? { decoded.summary }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while position == chunk.count {
            if isAtEnd { return 0 }
            guard let next = try decoded.next() else {
                isAtEnd = true
                return 0
            }
            chunk = next
            position = 0
        }
        let count = min(buffer.count, chunk.count - position)
        chunk.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + count]))
        }
        position += count
        return count
    }

    public func finishReading() throws -> String? {
        while !isAtEnd {
            position = chunk.count
            if try decoded.next() == nil { isAtEnd = true }
        }
        return decoded.summary?.trailing.warning
    }
}
