/// What decoding a whole gzip file found.
public struct GzipDecodeSummary: Equatable, Sendable {
    /// Complete members decoded and verified (CRC-32 and length).
    public var members: Int
    /// Bytes of the file that were members (the file's size less `trailing`).
    public var compressedBytes: Int64
    /// Exact decoded length (not modulo 2^32).
    public var uncompressedBytes: Int64
    /// The first member's header: the original name and modification time, when it has them.
    public var firstHeader: GzipHeader?
    public var trailing: TrailingBytes
    /// Whether the file was decoded member by member in parallel through its index.
    public var decodedInParallel: Bool

    public init(
        members: Int, compressedBytes: Int64, uncompressedBytes: Int64, firstHeader: GzipHeader?,
        trailing: TrailingBytes, decodedInParallel: Bool
    ) {
        self.members = members
        self.compressedBytes = compressedBytes
        self.uncompressedBytes = uncompressedBytes
        self.firstHeader = firstHeader
        self.trailing = trailing
        self.decodedInParallel = decodedInParallel
    }
}
