/// `--rsyncable`: a split file's work is still cut into blocks of `--block-size` (so that workers
/// share it as for any file), but its members start where `ContentBoundaries` says. Block `index`
/// encodes the members that start in it, each to the next start, which may lie in a later block;
/// a block in which none starts writes nothing. Every member depends on its own bytes alone (and
/// on being the first, which has the name, and one of several, which are indexed), so the file
/// is the same bytes whichever worker encodes what, and the same as a stream of its bytes cut by
/// `StreamBlockCutter`.
extension CompressionTask {
    func encodeMembersStarting(
        inBlock index: Int, from reader: ReadableFile, boundaries: ContentBoundaries, encoder: any MemberEncoder
    ) throws -> EncodedBlock {
        let range = layout.range(ofBlock: index)
        let fileSize = layout.fileSize
        let found = try boundaries.boundaries(from: range.offset, to: range.offset + Int64(range.length), fileSize: fileSize) { offset, count in
            try reader.read(count: count, at: offset)
        }
        let starts = (index == 0 ? [0] : []) + found.inside
        guard let first = starts.first else { return EncodedBlock(bytes: [], checksum: 0, inputLength: 0) }
        let length = Int(found.next - first)
        let bytes = try reader.read(count: length, at: first)
        guard bytes.count == length else { throw SourceChangedError(path: source.path, detail: "it shrank") }
        // A file none of whose positions is a boundary is one member, as a stream of it is.
        let isIndexed = !(index == 0 && found.inside.isEmpty && found.next == fileSize)
        let ends = starts.dropFirst() + [found.next]
        var block = EncodedBlock(bytes: [], checksum: 0, inputLength: 0)
        try bytes.withUnsafeBytes { buffer in
            for (start, end) in zip(starts, ends) {
                let member = try encoder.encodeMember(
                    UnsafeRawBufferPointer(rebasing: buffer[Int(start - first)..<Int(end - first)]),
                    isFirst: start == 0, isIndexed: isIndexed, origin: origin)
                block.bytes += member.bytes
                block.checksum = block.inputLength == 0
                    ? member.checksum : CRC32.combine(block.checksum, member.checksum, secondLength: Int64(member.inputLength))
                block.inputLength += member.inputLength
            }
        }
        return block
    }
}
