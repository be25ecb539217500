/// `--rsyncable`: a split file's work is still cut into blocks of `--block-size` (so that workers
/// share it as for any file), but its members (or, for zlib's one stream, the stream's blocks)
/// start where `ContentBoundaries` says. Block `index` encodes the pieces that start in it, each
/// to the next start, which may lie in a later block; a block in which none starts writes
/// nothing. Every piece depends on its own bytes alone (and the 32 KiB before it, for a stream's
/// block), and on being the first and the last, so the file is the same bytes whichever worker
/// encodes what, and the same as a stream of its bytes cut by `StreamBlockCutter`.
extension CompressionTask {
    func encodePiecesStarting(inBlock index: Int, from reader: ReadableFile, boundaries: ContentBoundaries) throws -> EncodedBlock {
        let range = layout.range(ofBlock: index)
        let fileSize = layout.fileSize
        let found = try boundaries.boundaries(from: range.offset, to: range.offset + Int64(range.length), fileSize: fileSize) { offset, count in
            try reader.read(count: count, at: offset)
        }
        let starts = (index == 0 ? [0] : []) + found.inside
        guard let first = starts.first else { return EncodedBlock(bytes: [], checksum: 0, inputLength: 0) }
        let readStart = max(0, first - Int64(encoder.contextLength))
        let length = Int(found.next - readStart)
        let bytes = try reader.read(count: length, at: readStart)
        guard bytes.count == length else { throw SourceChangedError(path: source.path, detail: "it shrank") }
        let ends = starts.dropFirst() + [found.next]
        var block = EncodedBlock(bytes: [], checksum: 0, inputLength: 0)
        try bytes.withUnsafeBytes { buffer in
            for (start, end) in zip(starts, ends) {
                let (from, to) = (Int(start - readStart), Int(end - readStart))
                // An encoder asks only whether a piece is the first, the last, or one of several:
                // a file none of whose positions is a boundary is one piece, as a stream of it is.
                let place = start == 0 ? 0 : 1
                let piece = try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: buffer[from..<to]),
                    context: UnsafeRawBufferPointer(rebasing: buffer[max(0, from - encoder.contextLength)..<from]),
                    block: place, of: place + (end == fileSize ? 1 : 2), origin: origin)
                block.bytes += piece.bytes
                block.checksum = block.inputLength == 0
                    ? piece.checksum : encoder.combine(block.checksum, piece.checksum, secondLength: Int64(piece.inputLength))
                block.inputLength += piece.inputLength
            }
        }
        return block
    }
}
