import Dispatch

/// Compresses one stream whose length is not known in advance (standard input, a file read front
/// to back, an archive's tar) into one gzip output: its blocks arrive from the run's feeder as
/// `StreamBlockCutter` cuts them, are encoded independently (possibly on several threads at once),
/// then written in order by an `OrderedGzipWriter`, which `finish()` completes. The same encoders
/// and block layout as a file, so a stream and its file give the same bytes.
///
/// `@unchecked Sendable`: `state` holds the writer's output, which is not `Sendable`; it is used
/// only inside `state.withLock`, or by the holder of the writing turn, which the lock hands over
/// (`OrderedGzipWriter`). The other fields are `let` and `Sendable`.
final class StreamedGzipTask: BlockTask, @unchecked Sendable {
    /// How the stream ended, told to the task's owner from `finish()`.
    enum Ending {
        /// Every block written and the output committed.
        case committed(bytesIn: Int64, bytesOut: Int64, seconds: Double)
        /// The output was discarded (or, on standard output, left incomplete) because of this.
        case failed(any Error, seconds: Double)
        /// The run was interrupted.
        case cancelled
    }

    private let encoder: any BlockEncoder
    private let origin: GzipOrigin
    private let context: TaskContext
    /// What the stream holds, as every work item's task size (for operation mode's priorities).
    private let taskSize: Int64
    private let attributes: FileStatus
    private let ended: @Sendable (Ending) -> Void
    private let state: Locked<State>
    /// The storage of blocks encoded, for the cutter's next ones.
    private let recycler = BlockStorageRecycler()

    /// Reached only inside `state.withLock`; the writer's output (not `Sendable`) leaves it only to
    /// the holder of the writing turn (`OrderedGzipWriter`).
    private struct State: OrderedWriterHolder {
        /// Blocks handed in and not yet taken by a worker.
        var inputs: [Int: StreamedBlock] = [:]
        /// The window credits each block holds until it is written.
        var weights: [Int: Int] = [:]
        var blocksHandedIn = 0
        var lastBlockHandedIn = false
        var writer: OrderedGzipWriter
        var startTime = MonotonicClock.now()
        /// `finish()` or `abandon()` has told `ended`.
        var hasEnded = false
    }

    /// `output` is where the gzip bytes go; the task owns it from now on. `attributes` are those
    /// it is committed with; `ended` hears how the stream ended, once.
    init(
        output: any OutputFile, encoder: any BlockEncoder, origin: GzipOrigin, context: TaskContext,
        taskSize: Int64 = 0, attributes: FileStatus = FileStatus.newFile(),
        ended: @escaping @Sendable (Ending) -> Void
    ) {
        self.encoder = encoder
        self.origin = origin
        self.context = context
        self.taskSize = taskSize
        self.attributes = attributes
        self.ended = ended
        state = Locked(State(writer: OrderedGzipWriter(encoder: encoder, origin: origin, marksEmptyStream: output.keepsWrittenBytes) {
            output
        }))
    }

    /// The blocks known so far: every block handed in, plus one while the stream goes on. Exact
    /// once the last block is in; before that, larger than the index of any block handed out, so
    /// that a scheduler sees `block == blockCount - 1` exactly for the last block, and
    /// `blockCount > 1` for every block of a stream of several.
    var blockCount: Int {
        state.withLock { $0.blocksHandedIn + ($0.lastBlockHandedIn ? 0 : 1) }
    }

    /// The first failure, if any: the producer stops early rather than feed a task that failed.
    var failure: (any Error)? { state.withLock { $0.writer.failure } }

    /// A cutter that hands each block to this task and to `feeder` as the producer (the feeder's
    /// thread) cuts it (where `boundaries` say, for `--rsyncable`).
    func makeCutter(blockSize: Int, boundaries: ContentBoundaries? = nil, feeding feeder: Feeder) -> StreamBlockCutter {
        StreamBlockCutter(blockSize: blockSize, contextLength: encoder.contextLength, boundaries: boundaries, recycler: recycler) { [self] block in
            try handIn(block, to: feeder)
        }
    }

    /// The producer hands in the next block, which goes out as a work item once the window has
    /// room for it. A failed task refuses all but the last block, which it needs to finish.
    private func handIn(_ block: StreamedBlock, to feeder: Feeder) throws {
        if !block.isLast, let failure { throw failure }
        let weight = context.window.weight(ofLength: block.length)
        let fed = feeder.feed(weight: weight) {
            state.withLock { state in
                precondition(block.index == state.blocksHandedIn && !state.lastBlockHandedIn, "block \(block.index) out of order")
                state.inputs[block.index] = block
                state.weights[block.index] = weight
                state.blocksHandedIn += 1
                state.lastBlockHandedIn = block.isLast
            }
            return WorkItem(task: self, block: block.index, taskSize: taskSize, weight: weight)
        }
        // Cancelled, the block is not handed in: the run abandons the task.
        guard fed else { throw CancellationError() }
    }

    /// The producer failed: the output will be discarded once its last block is through.
    func fail(_ error: any Error) {
        state.withLock { $0.writer.fail(error) }
    }

    func runBlock(_ index: Int) -> Bool {
        let (block, hasFailed) = state.withLock { state in (state.inputs.removeValue(forKey: index), state.writer.failure != nil) }
        guard let block else { preconditionFailure("block \(index) run before it was handed in") }
        guard !context.cancellation.isCancelled && !hasFailed else { return deposit(nil, at: index) }
        do {
            let encoded = try block.storage.withUnsafeBytes { bytes in
                try encoder.encode(
                    UnsafeRawBufferPointer(rebasing: bytes[block.contextLength...]),
                    context: UnsafeRawBufferPointer(rebasing: bytes[..<block.contextLength]),
                    // Until the stream ends only a lower bound of the count is known: enough,
                    // as encoders only ask whether there are several blocks and which is last.
                    block: index, of: block.isLast ? index + 1 : index + 2, origin: origin)
            }
            recycler.giveBack(block.storage)
            return deposit(encoded, at: index)
        } catch {
            fail(error)
            return deposit(nil, at: index)
        }
    }

    func finish() {
        let ending = state.withLock { state -> Ending? in
            guard !state.hasEnded else { return nil }
            state.hasEnded = true
            if context.cancellation.isCancelled && !state.writer.hasFailedOnItsOwn {
                state.writer.discard()
                return .cancelled
            }
            let seconds = MonotonicClock.now() - state.startTime
            do {
                try state.writer.commit(attributes: attributes, replacingExisting: context.output.force)
                return .committed(bytesIn: state.writer.bytesIn, bytesOut: state.writer.bytesOut, seconds: seconds)
            } catch {
                return .failed(error, seconds: seconds)
            }
        }
        if let ending { ended(ending) }
    }

    /// The run stopped before the stream's last block was through (an interrupt, with the
    /// producer stopped mid-stream or blocks never run): the output is discarded now, as
    /// `finish()` would have, and the owner told so. Nothing, if `finish()` came first.
    func abandon() {
        let wasRunning = state.withLock { state -> Bool in
            guard !state.hasEnded else { return false }
            state.hasEnded = true
            state.writer.discard()
            return true
        }
        if wasRunning { ended(.cancelled) }
    }

    /// Hands block `index` to the ordered output (`depositInOrder`: written now by this thread,
    /// or by the one writing the stream); each passed block's window credit goes back. True when
    /// the last block has been written.
    private func deposit(_ block: EncodedBlock?, at index: Int) -> Bool {
        state.depositInOrder(
            block, at: index, passed: { [context] state, passed in context.window.release(state.weights.removeValue(forKey: passed) ?? 0) },
            isComplete: { state in state.lastBlockHandedIn && state.writer.blocksPassed == state.blocksHandedIn })
    }
}
