/// How a gzip file without length fields is cut for speculative decoding: into chunks of
/// `chunkLength` compressed bytes, each decoded by one worker from the first member start or flush
/// point it finds in its chunk (`SpeculativeStretchDecoder`), kept only where the chunk before it
/// ended exactly there (`GzipDecodingTask`).
struct SpeculativeSplit: Equatable, Sendable {
    static let chunkLength: Int64 = 1 << 20
    /// Smaller files are streamed: a worker decodes them in a moment.
    static let minimumFileSize: Int64 = 4 << 20

    var fileSize: Int64
    var chunkLength: Int64

    var chunkCount: Int { Int((fileSize + chunkLength - 1) / chunkLength) }

    func range(ofChunk index: Int) -> Range<Int64> {
        let start = Int64(index) * chunkLength
        return start..<min(fileSize, start + chunkLength)
    }

    /// The split of `file`, or nil when its second and third chunks hold neither a plausible
    /// member start nor a flush point whose data decodes without reaching back before it: a
    /// file of one member written without such points (gzip, igzip, plain pigz), or of members
    /// too large for a chunk's output, is then streamed at once, after reading two chunks more
    /// than streaming would.
    static func probe(_ file: ReadableFile, size: Int64, chunkLength: Int64 = chunkLength) throws -> SpeculativeSplit? {
        guard size >= 2 * chunkLength else { return nil }
        let bytes = try file.read(count: Int(min(size, 3 * chunkLength) - chunkLength), at: chunkLength)
        let found = bytes.withUnsafeBytes { bytes in
            MemberStartCandidate.first(in: bytes, from: 0, before: bytes.count) != nil || hasIndependentFlushPoint(bytes)
        }
        return found ? SpeculativeSplit(fileSize: size, chunkLength: chunkLength) : nil
    }

    /// Whether one of the first few flush points in `bytes` begins data that decodes, for 64 KiB
    /// or to its end, without an error (a distance reaching back before it, say).
    private static func hasIndependentFlushPoint(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let inflater = IsalInflater()
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { output.deallocate() }
        var offset = 0
        for _ in 0..<8 {
            guard let point = FlushPointCandidate.first(in: bytes, from: offset, before: bytes.count) else { return false }
            inflater.reset()
            if (try? inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[point..<min(bytes.count, point + (64 << 10))]), into: output)) != nil {
                return true
            }
            offset = point + 1
        }
        return false
    }
}
