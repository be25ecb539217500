/// How a single-member gzip file with a checkpoint index (`squeeze index`, indexed_gzip's, a
/// rapidgzip export) is cut for parallel decoding: into blocks of consecutive spans between its
/// checkpoints, each decoded by one worker from its first checkpoint's bit and window up to the
/// next block's first checkpoint (`CheckpointSpanDecoder`), and written in order through the
/// parallel path's delivery (`GzipDecodingTask`), which combines the blocks' CRC-32s and checks the
/// member's trailer, as it does for speculative stretches.
///
/// Only a file the index describes as one member whose data ends the file is planned so: the
/// first checkpoint is the member's first block, right after its header; every other checkpoint
/// has a window (none is at another member's start); and the file's last four bytes, the
/// trailer's length, are the index's decoded size. Anything else (several members, trailing
/// bytes) is decoded as it is without an index: squeeze's members and concatenated members are
/// decoded in parallel there already.
struct CheckpointSpans: Sendable {
    /// Consecutive spans decoded by one worker.
    struct Block: Equatable, Sendable {
        /// The checkpoint the block starts at (0: the member's first block, read from the file's
        /// start so that its header is parsed), and where it ends: the bit of the next block's
        /// first checkpoint, or nil for the last block, which ends with the member.
        var checkpoint: Int
        var startBit: Int64
        var endBit: Int64?
        var decodedLength: Int64
        /// squeeze's index: the CRC-32 of the block's decoded bytes, combined from its spans'.
        var checksum: UInt32?
    }

    /// Blocks gather spans up to at least this many decoded bytes: an index made with a small
    /// spacing (indexed_gzip's is 1 MiB; tests use less) would otherwise cost a window per span.
    static let blockLength: Int64 = 1 << 20

    let opened: OpenCheckpointIndex
    let blocks: [Block]
    let fileSize: Int64

    /// The plan of `file` through `opened`, or nil if the index does not describe it as one
    /// member that ends the file, has a span longer than a block may decode to
    /// (`CheckpointSpanDecoder.outputLimit`), or would give fewer than two blocks. `blockLength`:
    /// `Self.blockLength` (tests make it small).
    init?(file: ReadableFile, size: Int64, index opened: OpenCheckpointIndex, blockLength: Int64 = blockLength) {
        let index = opened.index
        let checkpoints = index.checkpoints
        guard checkpoints.count >= 2, index.decodedSize > 0, index.compressedSize.map({ $0 == size }) ?? true, let first = checkpoints.first,
              !first.hasWindow, first.decodedOffset == 0, first.bit % 8 == 0,
              checkpoints.dropFirst().allSatisfy(\.hasWindow)
        else { return nil }
        guard let head = try? file.read(count: Int(min(size, 1 << 16)), at: 0),
              case .header(_, let headerLength) = head.withUnsafeBytes({ GzipHeader.parse($0) }),
              Int64(headerLength) * 8 == first.bit,
              let tail = try? file.read(count: 4, at: size - 4), tail.count == 4,
              tail.withUnsafeBytes({ $0.loadUnaligned(as: UInt32.self) }) == UInt32(truncatingIfNeeded: index.decodedSize).littleEndian
        else { return nil }
        let spanChecksums = index.verification?.spanChecksums
        var blocks: [Block] = []
        var current: Block?
        for (number, checkpoint) in checkpoints.enumerated() {
            let end = number + 1 < checkpoints.count ? checkpoints[number + 1].decodedOffset : index.decodedSize
            let length = end - checkpoint.decodedOffset
            guard length <= Int64(CheckpointSpanDecoder.outputLimit) else { return nil }
            if var block = current, block.decodedLength < blockLength,
               block.decodedLength + length <= Int64(CheckpointSpanDecoder.outputLimit) {
                block.decodedLength += length
                block.checksum = block.checksum.map { CRC32.combine($0, spanChecksums![number], secondLength: length) }
                current = block
                continue
            }
            if var block = current {
                block.endBit = checkpoint.bit
                blocks.append(block)
            }
            current = Block(checkpoint: number, startBit: checkpoint.bit, endBit: nil, decodedLength: length, checksum: spanChecksums?[number])
        }
        blocks.append(current!)
        guard blocks.count >= 2 else { return nil }
        self.opened = opened
        self.blocks = blocks
        fileSize = size
    }

    /// The file offset block `number`'s part of the file ends at: the byte holding its end bit,
    /// or the end of the file for the last (the stream judges what follows the member, if the
    /// delivery does not reach it).
    func end(ofBlock number: Int) -> Int64 {
        blocks[number].endBit.map { $0 / 8 } ?? fileSize
    }

    /// What the file contradicting the index at `checkpoint` fails with, the index named.
    func mismatch(atCheckpoint checkpoint: Int, _ detail: String) -> CheckpointIndexError {
        .mismatch("index \(opened.path.escapedForTerminal), checkpoint \(checkpoint): \(detail)")
    }

    /// The bytes of the file block `number` stands for in the progress shown: from where the
    /// block before ends (the byte holding a block's end bit is read by both) to where it ends.
    func progressLength(ofBlock number: Int) -> Int64 {
        end(ofBlock: number) - (number == 0 ? 0 : end(ofBlock: number - 1))
    }

    /// The bytes of the file block `number` reads: from its start (the file's, for the first, whose
    /// header is parsed) to the byte holding its end bit, or to the end of the file for the last.
    func compressedRange(ofBlock number: Int) -> Range<Int64> {
        let block = blocks[number]
        return (number == 0 ? 0 : block.startBit / 8)..<(block.endBit.map { ($0 + 7) / 8 } ?? fileSize)
    }
}
