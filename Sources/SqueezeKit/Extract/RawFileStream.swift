/// An archive file as it is on disk, read in order: libarchive detects and undoes any compression.
public final class RawFileStream: DecodedStream {
    private let file: ReadableFile
    public private(set) var bytesConsumed: Int64 = 0

    public init(_ path: PathName) throws(SystemError) {
        file = try ReadableFile(path)
    }

    /// The opener that reads every archive this way.
    public static let opener: DecodedStreamOpener = { path in try RawFileStream(path) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try file.read(into: buffer, at: bytesConsumed)
        bytesConsumed += Int64(count)
        return count
    }
}
