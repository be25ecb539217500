/// The chosen entries of a `.tar.gz`, read through its entry index (inside squeeze's archives,
/// in the sidecar `squeeze index` writes for others'), as a tar for libarchive to parse: each
/// chosen entry's header and data, in archive order, then the end-of-archive blocks. Only the
/// members (or checkpoint spans) that hold them are read and decoded, each once while no more
/// than `IndexedEntryReader.keptLimit` of them hold chosen headers.
///
/// `open` checks every chosen entry's header against the index before anything is handed out
/// (`IndexedEntryReader.verifiedSpan`), so that a stale index is found before an entry is
/// extracted; every byte handed out comes from a member whose CRC-32 was checked first, or from
/// a checkpoint span checked against the sidecar (its CRC-32, recorded from a full, checked
/// decode when squeeze built it; where it ends; its window), so `hasVerified` always holds.
final class IndexedArchiveStream: DecodedStream {
    private let reader: IndexedEntryReader
    private var spans: [Range<Int64>]
    private var chunk: [UInt8] = []
    private var position = 0
    private var endWritten = false
    /// At most this much is decoded ahead of the parser at once: a member's worth.
    private static let chunkLimit: Int64 = 1 << 20

    private init(reader: IndexedEntryReader, spans: [Range<Int64>]) {
        self.reader = reader
        self.spans = spans
    }

    /// The stream of `file`'s entries that `selection` selects, if the file has an entry index
    /// (inside, or in a sidecar); nil if it has none. Throws `StaleEntryIndex` if the index is
    /// stale or does not match the archive.
    static func open(_ file: ReadableFile, selecting selection: EntrySelection) throws -> IndexedArchiveStream? {
        guard let reader = try IndexedEntryReader.open(file) ?? IndexedEntryReader.openSidecar(of: file)?.reader else { return nil }
        var spans: [Range<Int64>] = []
        for entry in reader.index.entries where selection.selects(entry.header.name) {
            let span = try reader.verifiedSpan(of: entry)
            // Neighbours become one span: fewer, larger reads.
            if let last = spans.last, last.upperBound == span.lowerBound {
                spans[spans.count - 1] = last.lowerBound..<span.upperBound
            } else {
                spans.append(span)
            }
        }
        spans.reverse()
        return IndexedArchiveStream(reader: reader, spans: spans)
    }

    var bytesConsumed: Int64 { reader.bytesRead }

    /// Members or checkpoint spans decoded so far.
    var piecesDecoded: Int { reader.piecesDecoded }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while position == chunk.count {
            guard try refill() else { return 0 }
        }
        let count = min(buffer.count, chunk.count - position)
        chunk.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + count]))
        }
        position += count
        return count
    }

    private func refill() throws -> Bool {
        position = 0
        if let span = spans.popLast() {
            let end = min(span.upperBound, span.lowerBound + Self.chunkLimit)
            chunk = try reader.decoded(span.lowerBound..<end)
            if end < span.upperBound { spans.append(end..<span.upperBound) }
            return true
        }
        guard !endWritten else { return false }
        endWritten = true
        chunk = [UInt8](repeating: 0, count: 2 * TarHeader.blockSize)
        return true
    }
}
