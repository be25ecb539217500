/// The encoder of a `.tar.gz` that `squeeze archive` writes: the run's own encoder (members of
/// libdeflate or ISA-L, one per block), whose epilogue is followed by the archive's entry index
/// (`ArchiveEntryIndex`), built from the blocks' lengths and the entries the producer saw.
///
/// The entries are handed over by the producer thread before its last block goes in, and read by
/// whichever worker writes the epilogue after that block: `Locked` orders the two.
struct EntryIndexingEncoder: BlockEncoder {
    let inner: any BlockEncoder
    /// Set once the whole tar has gone through the tracker; nil leaves the archive without index.
    let entries: Locked<EntryRecords?>

    var contextLength: Int { inner.contextLength }
    var needsBlockLengths: Bool { true }
    var truncationMark: [UInt8] { inner.truncationMark }

    func prologue(for origin: GzipOrigin) -> [UInt8] { inner.prologue(for: origin) }

    func encode(
        _ input: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer, block: Int, of blockCount: Int, origin: GzipOrigin
    ) throws -> EncodedBlock {
        try inner.encode(input, context: context, block: block, of: blockCount, origin: origin)
    }

    func combine(_ first: UInt32, _ second: UInt32, secondLength: Int64) -> UInt32 {
        inner.combine(first, second, secondLength: secondLength)
    }

    func epilogue(checksum: UInt32, length: Int64, written: Int64, origin: GzipOrigin, blocks: [EncodedBlockLengths]) -> [UInt8] {
        let epilogue = inner.epilogue(
            checksum: checksum, length: length, written: written, origin: origin, blocks: inner.needsBlockLengths ? blocks : [])
        guard let entries = entries.withLock({ $0 }) else { return epilogue }
        // Each block is one member; the first starts after the prologue. An empty block (a
        // stream that ends on a block boundary) holds no entry's bytes: it stays part of the
        // member before it, whose reader decodes both.
        var members: [ArchiveEntryIndex.Member] = []
        var compressed = written - blocks.reduce(0) { $0 + Int64($1.compressed) }
        var decoded: Int64 = 0
        for block in blocks {
            if block.decompressed > 0 {
                members.append(ArchiveEntryIndex.Member(compressedOffset: compressed, decodedOffset: decoded))
            }
            compressed += Int64(block.compressed)
            decoded += Int64(block.decompressed)
        }
        // An index that cannot be encoded (out of memory) leaves the archive as tar alone would be.
        let index = try? ArchiveEntryIndex.encodedMembers(
            entries: entries, members: members, decodedLength: length, indexOffset: written + Int64(epilogue.count))
        return epilogue + (index ?? [])
    }
}
