import Glibc

/// Writes a gzip file from blocks encoded in any order: puts them back in order, writes the
/// encoder's prologue before the first, combines the blocks' checksums, counts bytes, and ends with the
/// epilogue when committed. What compress (one file) and archive (one tar stream)
/// share. A value kept under its task's lock, or owned by the one thread that runs a file of one
/// block (compress's task of one block); the output is made when the first block is written. Blocks are
/// written outside that lock, by the holder of the writing turn (`WritingTurn`).
struct OrderedGzipWriter {
    private var turn = WritingTurn<EncodedBlock>()
    /// Touched by the holder of the writing turn only, or under the lock while nobody holds it (by
    /// the owning thread, for a file of one block).
    private let output: GzipOutputInProgress
    /// The first error; blocks after it are dropped.
    private(set) var failure: (any Error)?

    /// Whether `discard()` ends the output with the truncation mark even when no block was written.
    private let marksEmptyStream: Bool

    init(
        encoder: any BlockEncoder, origin: GzipOrigin, marksEmptyStream: Bool = false,
        makeOutput: @escaping () throws -> any OutputFile
    ) {
        self.init(encoder: encoder, origin: origin, marksEmptyStream: marksEmptyStream, outputMaker: OutputClosure(make: makeOutput))
    }

    init(encoder: any BlockEncoder, origin: GzipOrigin, marksEmptyStream: Bool = false, outputMaker: some OutputMaker) {
        output = GzipOutputInProgress(encoder: encoder, origin: origin, outputMaker: outputMaker)
        self.marksEmptyStream = marksEmptyStream
    }

    /// Blocks written or dropped so far (all of them come before any that waits).
    var blocksPassed: Int { turn.blocksPassed }

    /// Uncompressed bytes written so far.
    var bytesIn: Int64 { precondition(!turn.isHeld); return output.bytesIn }
    /// Compressed bytes written so far.
    var bytesOut: Int64 { precondition(!turn.isHeld); return output.bytesOut }

    /// Whether a failure came other than a wait ended by an interrupt (EINTR, `InterruptibleCalls`):
    /// an interrupted run reports only those.
    var hasFailedOnItsOwn: Bool { failure.map { ($0 as? SystemError)?.code != EINTR } ?? false }

    mutating func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// `WritingTurn.insert`.
    fileprivate mutating func insert(_ block: EncodedBlock?, at index: Int) -> Bool { turn.insert(block, at: index) }

    /// `WritingTurn.nextInOrder`, with every block after a failure dropped.
    fileprivate mutating func nextInOrder() -> (index: Int, block: EncodedBlock?)? {
        guard let next = turn.nextInOrder() else { return nil }
        return (next.index, failure == nil ? next.block : nil)
    }

    /// Writes the only block of a file whose one worker owns its writer (nil: dropped), on this
    /// thread at once: no other block can come, so the writing turn is taken and given back here,
    /// with no lock. A failed write is the writer's failure, as in `depositInOrder`.
    mutating func writeAlone(_ block: EncodedBlock?) {
        let isTheTurns = turn.insert(block, at: 0)
        precondition(isTheTurns, "a block written alone after another")
        // The one block (nil when dropped or after a failure), then the end of the turn.
        while let next = nextInOrder() {
            guard let written = next.block else { continue }
            do {
                try output.write(written, isFirst: next.index == 0)
            } catch {
                fail(error)
            }
        }
    }

    /// The output the turn's holder writes to.
    fileprivate var outputForTurn: GzipOutputInProgress { output }

    /// Ends the file (epilogue) and gives it its final name, with `attributes`; on any error, or
    /// after an earlier failure, discards it and throws.
    mutating func commit(attributes: FileStatus, replacingExisting: Bool) throws {
        precondition(!turn.isHeld, "committed while a block is being written")
        do {
            if let failure { throw failure }
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
        precondition(!turn.isHeld, "discarded while a block is being written")
        output.discard(markingEvenIfEmpty: marksEmptyStream)
    }

    /// The output's CRC-32 when nothing is kept (`--discard`), for comparing runs.
    var discardedChecksum: UInt32? { output.discardedChecksum }
}

/// What makes a writer's output when its first block is written. A value rather than a closure:
/// a compressed file's task gives its destination, directory and context, held inline in the
/// writer, where a closure capturing them took an allocation of its own for every file.
protocol OutputMaker {
    func makeOutput() throws -> any OutputFile
}

/// An output made by a closure.
private struct OutputClosure: OutputMaker {
    let make: () throws -> any OutputFile

    func makeOutput() throws -> any OutputFile { try make() }
}

/// A task's state that holds its `OrderedGzipWriter`.
protocol OrderedWriterHolder: WritingTurnHolder where Block == EncodedBlock {
    var writer: OrderedGzipWriter { get set }
}

extension OrderedWriterHolder {
    mutating func insert(_ block: EncodedBlock?, at index: Int) -> Bool { writer.insert(block, at: index) }
    mutating func nextInOrder() -> (index: Int, block: EncodedBlock?)? { writer.nextInOrder() }
}

extension Locked where Value: OrderedWriterHolder {
    /// Hands block `index` (nil: dropped) to the task's writer, through the writing turn
    /// (`WritingTurn`): the holder writes it to the output outside the lock. `passed` is called
    /// under the lock for each block written or dropped (its window credits go back); true when
    /// the turn ends with `isComplete` (the task is then to finish, and exactly one deposit sees it).
    func depositInOrder(
        _ block: EncodedBlock?, at index: Int, passed: (inout Value, Int) -> Void, isComplete: (Value) -> Bool
    ) -> Bool {
        depositInOrder(
            block, at: index,
            take: { value, index, block in (block, index == 0, value.writer.outputForTurn) },
            write: { block, isFirst, output -> (any Error)? in
                guard let block else { return nil }
                do {
                    try output.write(block, isFirst: isFirst)
                    return nil
                } catch {
                    return error
                }
            },
            passed: { value, index, failure in
                if let failure { value.writer.fail(failure) }
                passed(&value, index)
            },
            isComplete: isComplete)
    }
}

/// The bytes of one gzip output as they are written: the output (made at the first block), the
/// checksum so far, the counts.
///
/// `@unchecked Sendable`: the output (not `Sendable`) and the counts are touched by one thread at
/// a time, the holder of the writing turn or its task's lock while nobody holds the turn; the turn
/// is taken and given back under that lock, which orders each holder after the one before. A file
/// of one block's is touched only by the thread that runs it (compress's task of one block),
/// after the scheduler's hand-off from the feeder.
final class GzipOutputInProgress: @unchecked Sendable {
    private let encoder: any BlockEncoder
    private let origin: GzipOrigin
    private let outputMaker: any OutputMaker
    private var output: (any OutputFile)?
    private var checksum: UInt32 = 0
    /// Each written block's lengths, kept only for an encoder that lists them (zstd's seek table).
    private var blockLengths: [EncodedBlockLengths] = []
    private(set) var bytesIn: Int64 = 0
    private(set) var bytesOut: Int64 = 0
    /// The epilogue is written: a reader sees the whole stream.
    private var isWhole = false

    init(encoder: any BlockEncoder, origin: GzipOrigin, outputMaker: any OutputMaker) {
        self.encoder = encoder
        self.origin = origin
        self.outputMaker = outputMaker
    }

    func write(_ block: EncodedBlock, isFirst: Bool) throws {
        if output == nil {
            let output = try outputMaker.makeOutput()
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

    /// The epilogue, then the final name.
    func commit(attributes: FileStatus, replacingExisting: Bool) throws {
        guard let output else { preconditionFailure("commit before any block was written") }
        let epilogue = encoder.epilogue(checksum: checksum, length: bytesIn, written: bytesOut, origin: origin, blocks: blockLengths)
        try output.write(epilogue)
        bytesOut += Int64(epilogue.count)
        isWhole = true
        try output.commit(attributes: attributes, replacingExisting: replacingExisting)
    }

    /// See `OrderedGzipWriter.discard`: the mark where it is due, then the output dropped.
    func discard(markingEvenIfEmpty evenIfEmpty: Bool) {
        if output == nil && evenIfEmpty && !isWhole { output = try? outputMaker.makeOutput() }
        if let output, output.keepsWrittenBytes, !isWhole { try? output.write(encoder.truncationMark) }
        output?.discard()
        output = nil
    }

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

    /// Whether the next block in sequence is present.
    var hasNext: Bool { inOrder != nil || pending[nextIndex] != nil }

    /// How many blocks wait for an earlier one.
    var waitingCount: Int { pending.count }
}

extension BlockReorderBuffer: Sendable where Block: Sendable {}
