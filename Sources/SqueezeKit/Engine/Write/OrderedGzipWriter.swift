import Glibc

/// Writes a gzip file from blocks encoded in any order: puts them back in order, writes the
/// encoder's prologue before the first, combines the blocks' checksums, counts bytes, and ends with the
/// epilogue when committed. What compress (one file) and archive (one tar stream)
/// share. A value kept under its task's lock; the output is made when the first block is written.
struct OrderedGzipWriter {
    private let encoder: any BlockEncoder
    private let origin: GzipOrigin
    private let makeOutput: () throws -> any OutputFile
    private var blocks = BlockReorderBuffer<EncodedBlock>()
    private var output: (any OutputFile)?
    private var checksum: UInt32 = 0
    /// Each written block's lengths, kept only for an encoder that lists them (zstd's seek table).
    private var blockLengths: [EncodedBlockLengths] = []
    /// Uncompressed bytes written so far.
    private(set) var bytesIn: Int64 = 0
    /// Compressed bytes written so far.
    private(set) var bytesOut: Int64 = 0
    /// The first error; blocks after it are dropped.
    private(set) var failure: (any Error)?
    /// The epilogue is written: a reader sees the whole stream.
    private var isWhole = false

    /// Whether `discard()` ends the output with the truncation mark even when no block was written.
    private let marksEmptyStream: Bool

    init(
        encoder: any BlockEncoder, origin: GzipOrigin, marksEmptyStream: Bool = false,
        makeOutput: @escaping () throws -> any OutputFile
    ) {
        self.encoder = encoder
        self.origin = origin
        self.marksEmptyStream = marksEmptyStream
        self.makeOutput = makeOutput
    }

    /// Blocks written or dropped so far (all of them come before any that waits).
    var blocksPassed: Int { blocks.nextIndex }

    /// Whether a failure came other than a wait ended by an interrupt (EINTR, `InterruptibleCalls`):
    /// an interrupted run reports only those.
    var hasFailedOnItsOwn: Bool { failure.map { ($0 as? SystemError)?.code != EINTR } ?? false }

    mutating func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// Takes block `index` (nil: dropped) and writes every block now in order; returns the indices
    /// of the blocks this passed, written or dropped, whose window credits may now go back.
    mutating func deposit(_ block: EncodedBlock?, at index: Int) -> Range<Int> {
        let first = blocks.nextIndex
        blocks.insert(block, at: index)
        while true {
            let position = blocks.nextIndex
            guard let next = blocks.popNext() else { break }
            guard let block = next, failure == nil else { continue }
            do {
                try write(block, isFirst: position == 0)
            } catch {
                fail(error)
            }
        }
        return first..<blocks.nextIndex
    }

    private mutating func write(_ block: EncodedBlock, isFirst: Bool) throws {
        if output == nil {
            let output = try makeOutput()
            self.output = output
            let prologue = encoder.prologue(for: origin)
            try output.write(prologue)
            bytesOut += Int64(prologue.count)
        }
        try output!.write(block.bytes)
        checksum = isFirst ? block.checksum : encoder.combine(checksum, block.checksum, secondLength: Int64(block.inputLength))
        bytesIn += Int64(block.inputLength)
        bytesOut += Int64(block.bytes.count)
        if encoder.needsBlockLengths { blockLengths.append(EncodedBlockLengths(compressed: block.bytes.count, decompressed: block.inputLength)) }
    }

    /// Ends the file (epilogue) and gives it its final name, with `attributes`; on any error, or
    /// after an earlier failure, discards it and throws.
    mutating func commit(attributes: FileStatus, replacingExisting: Bool) throws {
        do {
            if let failure { throw failure }
            guard let output else { preconditionFailure("commit before any block was written") }
            let epilogue = encoder.epilogue(
                checksum: checksum, length: bytesIn, written: bytesOut, origin: origin, blocks: blockLengths)
            try output.write(epilogue)
            bytesOut += Int64(epilogue.count)
            isWhole = true
            try output.commit(attributes: attributes, replacingExisting: replacingExisting)
        } catch {
            discard()
            throw error
        }
    }

    /// Removes whatever was written (nothing, once committed); the destination is untouched.
    /// Where the bytes written cannot be taken back (`keepsWrittenBytes`: standard output, a FIFO),
    /// a stream cut short (an interrupt, a failed read) ends with the encoder's `truncationMark`
    /// (`GzipHeader.truncationMark`, or a cut zstd frame header) instead, so that no reader takes what it got for the whole: without it, a stream of
    /// several blocks cut between two would read as complete, each block being a whole member.
    /// This is the one place it is written, for every stream and file output; a stream's writer
    /// (`marksEmptyStream`) writes it even when no block came, as what went before on the same
    /// standard output (`compress -c a b`) must not read as all. When the output itself is what
    /// failed (a reader gone, a full device, a reader stalled past an interrupt's grace), the mark
    /// cannot be written either, and is not retried: what did arrive then ends where it was cut.
    mutating func discard() {
        if output == nil && marksEmptyStream && !isWhole { output = try? makeOutput() }
        if let output, output.keepsWrittenBytes, !isWhole { try? output.write(encoder.truncationMark) }
        output?.discard()
        output = nil
    }

    /// The output's CRC-32 when nothing is kept (`--discard`), for comparing runs.
    var discardedChecksum: UInt32? { (output as? DiscardedOutput)?.checksum }
}

/// Puts blocks that finish in any order back in order: blocks go in by index, and come out
/// only as the next one in sequence is present. A nil block stands for one that was dropped
/// (after a failure or an interrupt) and still counts as passed.
struct BlockReorderBuffer<Block> {
    private var pending: [Int: Block?] = [:]
    /// The block at `nextIndex` when it came in order: kept out of `pending`, so that a file of one
    /// block (most files of a tree) never allocates the dictionary.
    private var inOrder: Block?? = nil
    /// The index of the next block to come out.
    private(set) var nextIndex = 0

    mutating func insert(_ block: Block?, at index: Int) {
        precondition(index >= nextIndex && pending[index] == nil && (index > nextIndex || inOrder == nil), "block \(index) inserted twice")
        if index == nextIndex {
            inOrder = .some(block)
        } else {
            pending[index] = .some(block)
        }
    }

    /// The next block in sequence if it is present (`.some(nil)` for a dropped one), else nil.
    mutating func popNext() -> Block?? {
        if let block = inOrder {
            inOrder = nil
            nextIndex += 1
            return .some(block)
        }
        guard let block = pending.removeValue(forKey: nextIndex) else { return nil }
        nextIndex += 1
        return .some(block)
    }

    /// How many blocks wait for an earlier one.
    var waitingCount: Int { pending.count }
}

extension BlockReorderBuffer: Sendable where Block: Sendable {}
