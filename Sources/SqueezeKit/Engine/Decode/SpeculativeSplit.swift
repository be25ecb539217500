/// How a gzip file without length fields is cut for speculative decoding: into chunks of
/// `chunkLength` compressed bytes, each decoded by one worker from the first member start it
/// finds in its chunk (`SpeculativeMemberDecoder`), kept only where the chunk before it ended
/// exactly there (`GzipDecodingTask`).
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

    /// The split of `file`, or nil when its second and third chunks hold no plausible member start:
    /// a file of one member (what gzip, pigz and igzip write) or of members too large for a
    /// chunk's output is then streamed at once, after reading two chunks more than streaming would.
    static func probe(_ file: ReadableFile, size: Int64, chunkLength: Int64 = chunkLength) throws -> SpeculativeSplit? {
        guard size >= 2 * chunkLength else { return nil }
        let bytes = try file.read(count: Int(min(size, 3 * chunkLength) - chunkLength), at: chunkLength)
        var position = 0
        let found = bytes.withUnsafeBytes { bytes in
            while let candidate = bytes[position...].firstIndex(of: GzipHeader.magic[0]) {
                if MemberStartCandidate.isPlausible(UnsafeRawBufferPointer(rebasing: bytes[candidate...])) { return true }
                position = candidate + 1
            }
            return false
        }
        return found ? SpeculativeSplit(fileSize: size, chunkLength: chunkLength) : nil
    }
}
