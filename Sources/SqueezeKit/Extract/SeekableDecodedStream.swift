/// A stream that can move: libarchive then reads formats that need random access (zip's central
/// directory, 7z, ISO) and skips the data of entries it does not need without reading it.
public protocol SeekableDecodedStream: DecodedStream {
    /// Moves to `offset` from the start (SEEK_SET), the current position (SEEK_CUR) or the end
    /// (SEEK_END); returns the new position from the start.
    func seek(to offset: Int64, from whence: Int32) throws -> Int64

    /// Moves forward by up to `count` bytes (fewer at the end); returns how many.
    func skip(_ count: Int64) throws -> Int64
}
