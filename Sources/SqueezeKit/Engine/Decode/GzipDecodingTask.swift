/// Decodes one gzip file, as a `BlockTask` any scheduler can run.
///
/// Indexed files: one block per run of members (`MemberRun`), decoded in parallel
/// (`IndexedMemberDecoder`), put back in order and written by the holder of the writing turn
/// (`WritingTurn`), outside the task's lock; each run's window credit is given back once it is
/// written. If a run fails (damaged data, or an index that
/// lied), the runs before it are still written, those after it are dropped, and `finish()` decodes
/// the rest of the file as a stream from that run's offset: the output is then exactly what the
/// streaming path gives, and so is the error, if there is one. Either way every member is checked
/// against its index field as well as its trailer, and `context.verified` hears how many decoded
/// bytes have been checked so far.
///
/// Files of members without length fields (`cat a.gz b.gz`), or a member with flush points
/// (`pigz -i`), when such boundaries seem to lie past the first chunk: one block per chunk
/// (`SpeculativeSplit`), each decoded from the first member start or flush point it finds
/// (`SpeculativeStretchDecoder`). A chunk is written only if the chunk before it was and ended
/// exactly where this one starts (`ParallelDelivery`). A chunk whose stretch, started at a block
/// without its window, still reaches back into it past `SpeculativeSplit.lockstepLimit` is decoded
/// by the holder of the writing turn when its turn comes, once, from where the chunks written end
/// and with their window (`Part.atFrontier`); if the chunk after it already needs its window too,
/// the rest is streamed. At the first chunk that does not fit (none
/// of its starts decoded, or they spent its budget), the rest is streamed from where the chunks
/// written end, and the chunks after it that are still decoding stop: a false boundary (a gzip
/// member or a flush marker stored inside the data) can cost time, never a byte.
///
/// A single member with a checkpoint index (`CheckpointSpans`): one block per run of spans between
/// checkpoints, decoded from its checkpoint's bit and window (`CheckpointSpanDecoder`) and
/// delivered as stretches are, each block's window checked against the bytes before it, the
/// member's CRC-32 and length combined from the blocks' and checked against its trailer. Where
/// the index contradicts the file, the blocks before are written and the task fails with
/// `CheckpointIndexError.mismatch` (to standard output, those bytes stay written, as the stream
/// leaves what it decoded before damage); a window that differs only where the index has zeros,
/// a member ending inside a block, or bytes that cannot be read hand the rest to the stream.
///
/// Any other file: one block that streams the whole file (`GzipStreamDecoder`; a file that
/// starts with zstd's magic, `ZstdDecompressor`, whose parallel plans are `ZstdDecodingTask`'s). A file that
/// cannot seek (a pipe) first goes through a `PipedGzipReader`, which decodes its leading
/// indexed members on every worker; the stream takes over where it stops.
///
/// `@unchecked Sendable`: `state` holds the output file, which is not `Sendable`; it is used only
/// inside `state.withLock`, or by one thread that moved it out of the state (the state's
/// reference cleared): the holder of the writing turn while it writes a part, a stream's one
/// block while it decodes (each puts it back), or `finish()`.
/// The other fields are `let` and `Sendable`.
final class GzipDecodingTask: BlockTask, @unchecked Sendable {
    let path: PathName
    let plan: DecodingPlan
    private let destination: any DecodedFileDestination
    private let context: DecodingContext
    private let state: Locked<State>
    /// The window where the delivered stretches end (`ParallelDelivery.windowAtEnd`), for the
    /// stretch decoded after them: apart from `state`, as workers read it while the parts are
    /// being delivered.
    private let deliveredWindow = Locked<(bit: Int64, bytes: [UInt8])?>(nil)
    /// The block searches of this file's stretches, each one's end searched once for both
    /// neighbours.
    private let blockSearches = SharedBlockSearches()

    /// Reached only inside `state.withLock`. The output file (not `Sendable`) leaves it only by a
    /// move: to the holder of the writing turn while it writes a part, to the stream's block
    /// while it decodes (the streaming decoder writes into the output's own buffers, outside the
    /// lock), and in `finish()`, so that from then on only the finishing thread has it.
    private struct State: WritingTurnHolder {
        var reader: ReadableFile?
        var startTime: Double?
        var turn = WritingTurn<Part>()
        var output: (any OutputFile)?
        /// A failure no decoding can mend: the source cannot be opened, the output cannot be written.
        var failure: (any Error)?
        /// The lowest run known to have failed: later runs are not decoded.
        var failedMember: Int?
        /// The lowest block between checkpoints whose index the file contradicts: the task fails
        /// when the writer reaches it.
        var indexMismatch: (block: Int, error: CheckpointIndexError)?
        /// The first run not written, once the writer has passed a dropped one.
        var firstUndelivered: Int?
        /// The chunks whose stretches stopped for their window (`Part.atFrontier`).
        var chunksNeedingWindow = Set<Int>()
        /// What the parallel path has written so far.
        var delivery = ParallelDelivery()
        /// The streaming path's result.
        var streamResult: Result<GzipDecodeSummary, any Error>?
        var progressReported: Int64 = 0
        /// The checkpoint index an `.indexing` plan built, once its walk has read every member.
        var builtIndex: CheckpointIndexBuilder.Built?

        mutating func insert(_ block: Part?, at index: Int) -> Bool { turn.insert(block, at: index) }
        mutating func nextInOrder() -> (index: Int, block: Part?)? { turn.nextInOrder() }
    }

    /// What a block hands to the ordered output: its decoded bytes, or, for a chunk whose stretch
    /// needs its window (`SpeculationStopped.needsWindow`), its range, decoded by the holder of
    /// the writing turn from where the parts before it end.
    private enum Part: Sendable {
        case decoded(DecodedStretch)
        case atFrontier(Range<Int64>)
    }

    init(
        path: PathName, plan: DecodingPlan, reader: ReadableFile? = nil, destination: any DecodedFileDestination,
        context: DecodingContext
    ) {
        self.path = path
        self.plan = plan
        self.destination = destination
        self.context = context
        state = Locked(State(reader: reader))
    }

    var blockCount: Int { plan.blockCount }

    /// How many chunks stopped decoding in lockstep to wait for their window (for tests).
    var chunksThatNeededTheirWindow: Int { state.withLock { $0.chunksNeedingWindow.count } }

    /// Whether workers decode this file's members or chunks side by side (and the output gets
    /// whole decoded blocks), rather than one stream.
    private var isDecodedInParallel: Bool {
        switch plan {
        case .stream, .indexing: false
        case .indexed, .checkpoints, .speculative: true
        }
    }

    /// The window credits block `index` holds until it is written: an indexed run's compressed
    /// and decoded bytes. A stream holds only a pooled decoder, whose memory is bounded by the
    /// number of workers.
    func weight(ofBlock index: Int) -> Int {
        switch plan {
        case .indexed(let memberIndex):
            let run = memberIndex.runs[index]
            return context.window.weight(ofLength: run.length + run.uncompressedLength)
        case .checkpoints(let spans):
            let block = spans.blocks[index]
            return context.window.weight(ofLength: spans.compressedRange(ofBlock: index).count + Int(block.decodedLength))
        case .speculative(let split):
            return context.window.weight(ofLength: Int(split.chunkLength) + SpeculativeStretchDecoder.outputLimit)
        case .stream, .indexing:
            return context.window.weight(ofLength: 0)
        }
    }

    func runBlock(_ index: Int) -> Bool {
        guard !context.cancellation.isCancelled else { return deposit(nil, at: index) }
        switch plan {
        case .stream, .indexing:
            runStream()
            context.window.release(weight(ofBlock: index))
            return true
        case .indexed(let memberIndex):
            return runMember(index, of: memberIndex)
        case .checkpoints(let spans):
            return runSpans(index, of: spans)
        case .speculative(let split):
            return runStretch(index, of: split)
        }
    }

    func finish() {
        let (taken, delivery, streamResult, failure) = state.withLock { state in
            defer {
                state.output = nil
                state.reader = nil
            }
            let seconds = MonotonicClock.now() - (state.startTime ?? MonotonicClock.now())
            let finished = FinishedDecoding(
                result: .failure(CancellationError()), output: state.output, reader: state.reader,
                seconds: seconds, progressReported: state.progressReported, checkpointIndex: state.builtIndex)
            return (finished, state.delivery, state.streamResult, state.failure)
        }
        var finished = taken
        if let failure {
            finished.result = .failure(failure)
        } else if context.cancellation.isCancelled {
            finished.result = .failure(CancellationError())
        } else {
            switch plan {
            case .stream, .indexing:
                finished.result = streamResult ?? .failure(CancellationError())
            case .indexed, .checkpoints, .speculative:
                // Every block written ends exactly at the end of the file, after a whole member;
                // anything else is streamed from the last member's end.
                if !delivery.isComplete(at: plan.end(ofBlock: blockCount - 1)) {
                    finished.result = resumeStream(from: delivery, into: &finished)
                } else {
                    let whole = delivery.lastMemberEnd
                    finished.result = .success(GzipDecodeSummary(
                        members: whole.membersBefore, compressedBytes: whole.offset, uncompressedBytes: whole.uncompressedBytesBefore,
                        firstHeader: whole.firstHeader, trailing: .none, decodedInParallel: true))
                }
            }
        }
        // A valid file that decodes to nothing still gets its (empty) output.
        if case .success = finished.result, finished.output == nil {
            do {
                finished.output = try destination.makeOutput(decodedInParallel: isDecodedInParallel)
            } catch {
                finished.result = .failure(error)
            }
        }
        destination.complete(finished)
    }

    /// The source for part `index` (a member run or a chunk), or nil when it need not be decoded;
    /// a source that cannot be opened fails the task.
    private func source(forPart index: Int) -> ReadableFile? {
        do {
            return try openSource(unlessMemberFailedBefore: index)
        } catch {
            state.withLock { if $0.failure == nil { $0.failure = error } }
            return nil
        }
    }

    // MARK: - Indexed members

    private func runMember(_ index: Int, of memberIndex: MemberIndex) -> Bool {
        guard let reader = source(forPart: index) else { return deposit(nil, at: index) }
        let run = memberIndex.runs[index]
        do {
            let decoded = try context.pools.decode(run, from: reader)
            state.withLock { $0.progressReported += Int64(run.length) }
            context.progress(Int64(run.length))
            return deposit(
                .decoded(DecodedStretch(
                    bytes: decoded, start: run.offset, end: run.end, members: run.memberCount,
                    firstHeader: index == 0 ? memberIndex.firstHeader : nil)),
                at: index)
        } catch {
            state.withLock { $0.failedMember = min($0.failedMember ?? index, index) }
            return deposit(nil, at: index)
        }
    }

    // MARK: - Spans between checkpoints

    private func runSpans(_ index: Int, of spans: CheckpointSpans) -> Bool {
        guard let reader = source(forPart: index) else { return deposit(nil, at: index) }
        let decoded: DecodedStretch?
        do {
            decoded = try context.pools.spans.decode(index, of: spans, from: reader) { [context] in context.cancellation.isCancelled }
        } catch let error as CheckpointIndexError {
            // The index contradicts the file: the task fails there, once the blocks before it
            // are written (a block before it may still hand the rest to the stream).
            state.withLock { state in
                if state.indexMismatch.map({ index < $0.block }) ?? true { state.indexMismatch = (index, error) }
                state.failedMember = min(state.failedMember ?? index, index)
            }
            return deposit(nil, at: index)
        } catch {
            decoded = nil
        }
        let length = spans.progressLength(ofBlock: index)
        state.withLock { state in
            state.progressReported += length
            if decoded == nil { state.failedMember = min(state.failedMember ?? index, index) }
        }
        context.progress(length)
        return deposit(decoded.map(Part.decoded), at: index)
    }

    // MARK: - Speculative stretches

    private func runStretch(_ index: Int, of split: SpeculativeSplit) -> Bool {
        guard let reader = source(forPart: index) else { return deposit(nil, at: index) }
        let range = split.range(ofChunk: index)
        // A read error, like a stretch that does not decode or costs too much, leaves the chunk to
        // the stream. So does the stream taking over before it: it stops.
        var budget = split.budget(ofChunk: range) { [self] in
            context.cancellation.isCancelled || isStreamed(from: index)
        }
        let part: Part?
        do {
            part = try context.pools.stretches.decode(
                range, atFileStart: index == 0, search: split.search, of: reader, fileSize: split.fileSize,
                knownWindow: { [deliveredWindow] bit in deliveredWindow.withLock { $0?.bit == bit ? $0?.bytes : nil } },
                sharedSearches: blockSearches, lockstepLimit: split.lockstepLimit, budget: &budget
            ).map(Part.decoded)
        } catch SpeculationStopped.needsWindow {
            state.withLock { _ = $0.chunksNeedingWindow.insert(index) }
            part = .atFrontier(range)
        } catch {
            part = nil
        }
        state.withLock { $0.progressReported += Int64(range.count) }
        context.progress(Int64(range.count))
        return deposit(part, at: index)
    }

    /// The bytes of `part`: a chunk left for its window is decoded now, once, from where
    /// `delivery` ends, with the window it ends with. Nil if it cannot be (the parts before end
    /// between members or less than 32 KiB into one, it does not decode from there within the
    /// output limit and its budget, or the run was interrupted): the stream takes over.
    private func decodedBytes(of part: Part, after delivery: ParallelDelivery) -> DecodedStretch? {
        switch part {
        case .decoded(let stretch):
            return stretch
        case .atFrontier(let range):
            guard case .speculative(let split) = plan, let (bit, window) = delivery.windowAtEnd,
                  let reader = state.withLock({ $0.reader })
            else { return nil }
            var budget = split.budget(ofChunk: range) { [context] in context.cancellation.isCancelled }
            return try? context.pools.stretches.decode(
                range, fromBit: bit, window: window, of: reader, fileSize: split.fileSize, sharedSearches: blockSearches, budget: &budget)
        }
    }

    /// Whether part `index` need not be decoded: the task has failed, or the stream takes over
    /// before it.
    private func isStreamed(from index: Int) -> Bool {
        state.withLock { state in state.failure != nil || state.firstUndelivered.map { $0 < index } ?? false }
    }

    /// Opens the source on first use; nil when this member need not be decoded (the task has
    /// failed, or an earlier member did, or the stream takes over before it).
    private func openSource(unlessMemberFailedBefore index: Int) throws -> ReadableFile? {
        try state.withLock { state in
            if state.startTime == nil { state.startTime = MonotonicClock.now() }
            if state.failure != nil { return nil }
            if let failed = state.failedMember, failed < index { return nil }
            if let undelivered = state.firstUndelivered, undelivered < index { return nil }
            if let reader = state.reader { return reader }
            let reader = try ReadableFile(path)
            state.reader = reader
            return reader
        }
    }

    /// Hands block `index` to the ordered output (`depositInOrder`: written now by this thread, or
    /// by the holder of the writing turn). Each block in order that starts exactly where the parts
    /// written so far end is written; a dropped block, or one starting elsewhere, stops the writing
    /// (the rest is left to `finish()`), and a block whose part of the file lies within parts
    /// already written is passed by. Each block's window credit goes back once it has passed. True
    /// when every block has passed.
    private func deposit(_ part: Part?, at index: Int) -> Bool {
        state.depositInOrder(
            part, at: index,
            take: { state, index, part -> PartToWrite? in
                guard state.firstUndelivered == nil && state.failure == nil && state.delivery.end < plan.end(ofBlock: index) else { return nil }
                // Two chunks in a row that need their window: the data keeps reaching back (a
                // log, zero-heavy data), and the stream, which writes behind its decoder, takes
                // over; one alone is decoded by the writer, and the workers go on past it. The
                // next chunk may not have told yet (it depends on the workers' pace): either way
                // the bytes are the same.
                let isLeftToStream = if case .atFrontier = part { state.chunksNeedingWindow.contains(index + 1) } else { false }
                guard let part, !isLeftToStream else {
                    if let mismatch = state.indexMismatch, mismatch.block == index {
                        state.failure = mismatch.error
                    } else {
                        state.firstUndelivered = index
                    }
                    return nil
                }
                defer { state.output = nil }
                return PartToWrite(part: part, after: state.delivery, output: state.output)
            },
            write: { [self] toWrite in toWrite.map(write) },
            passed: { state, index, written in
                if let written {
                    state.output = written.output
                    switch written.outcome {
                    case .appended(let delivery): state.delivery = delivery
                    case .notFollowing: state.firstUndelivered = index
                    case .failed(let error): state.failure = error
                    }
                }
                context.window.release(weight(ofBlock: index))
            },
            isComplete: { [blockCount] state in state.turn.blocksPassed == blockCount })
    }

    /// A part in order for the holder of the writing turn: to append to the parts written before
    /// it, and write to the output, moved out of the state meanwhile.
    private struct PartToWrite {
        var part: Part
        var after: ParallelDelivery
        var output: (any OutputFile)?
    }

    /// What came of a `PartToWrite`, with the output (made at the first bytes) to put back.
    private struct PartWritten {
        enum Outcome {
            case appended(ParallelDelivery)
            /// The part does not follow on: the stream takes over from the parts before it.
            case notFollowing
            case failed(any Error)
        }

        var outcome: Outcome
        var output: (any OutputFile)?
    }

    /// For the holder of the writing turn, outside the task's lock: decodes a chunk left for its
    /// window (`decodedBytes`), appends the part (resolving the bytes of one decoded without its
    /// window in place) and writes it.
    private func write(_ toWrite: PartToWrite) -> PartWritten {
        var output = toWrite.output
        guard var part = decodedBytes(of: toWrite.part, after: toWrite.after) else { return PartWritten(outcome: .notFollowing, output: output) }
        if case .checkpoints(let spans) = plan, let (checkpoint, window) = part.indexedWindow {
            // Each block's window is checked against the bytes of the block before it, the first
            // block having started at the member's start: so every block is.
            switch toWrite.after.compare(indexWindow: window) {
            case .same: break
            case .sameWhereKept: return PartWritten(outcome: .notFollowing, output: output)
            case .differs:
                let error = spans.mismatch(atCheckpoint: checkpoint, "its window is not what the file decodes to")
                return PartWritten(outcome: .failed(error), output: output)
            }
        }
        guard let delivery = toWrite.after.appending(&part) else { return PartWritten(outcome: .notFollowing, output: output) }
        do {
            switch part.bytes {
            case .array(let bytes): try destination.write(bytes, to: &output, decodedInParallel: isDecodedInParallel)
            case .lent(let buffer): try destination.write(buffer.bytes, to: &output, decodedInParallel: isDecodedInParallel)
            }
        } catch {
            return PartWritten(outcome: .failed(error), output: output)
        }
        if case .speculative(let split) = plan, split.search == .blocks {
            let window = delivery.windowAtEnd
            deliveredWindow.withLock { $0 = window }
        }
        context.verified(delivery.verifiedBytes)
        return PartWritten(outcome: .appended(delivery), output: output)
    }

    /// Decodes the rest of the file as a stream, from where the parts written end: inside a
    /// member, the stream goes on from its last block boundary with the bytes written before as
    /// its window, and checks the member's trailer against the CRC-32 of all its bytes.
    private func resumeStream(
        from delivery: ParallelDelivery, into finished: inout FinishedDecoding
    ) -> Result<GzipDecodeSummary, any Error> {
        finished.output = finished.output.map(destination.continuingAsStream)
        return decodeStream(
            from: delivery.resumePoint, reader: &finished.reader, progressReported: &finished.progressReported,
            output: &finished.output)
    }

    // MARK: - Streams

    private func runStream() {
        var reader = state.withLock { state in
            state.startTime = MonotonicClock.now()
            return state.reader
        }
        var progressReported: Int64 = 0
        // The output lives in the task's state from the start, made there on the first bytes.
        let result: Result<GzipDecodeSummary, any Error>
        var builtIndex: CheckpointIndexBuilder.Built?
        let start: Result<PipedStart, any Error>
        if case .indexing(let builder) = plan {
            start = Result { try walkMembers(with: builder, reader: &reader, progressReported: &progressReported, built: &builtIndex) }
        } else {
            start = Result { try decodePipedMembers(reader: &reader, progressReported: &progressReported) }
        }
        switch start {
        case .failure(let error):
            result = .failure(error)
        case .success(.finished(let summary)):
            result = .success(summary)
        case .success(.stream(let start)):
            // No other thread writes this file's output now: the stream takes it out of the state
            // (a move) and decodes into it without the lock.
            var output = state.withLock { state in
                defer { state.output = nil }
                return state.output
            }
            result = decodeStream(from: start, reader: &reader, progressReported: &progressReported, output: &output)
            state.withLock { $0.output = output }
        }
        state.withLock { state in
            state.reader = reader
            state.streamResult = result
            state.progressReported = progressReported
            if case .success = result { state.builtIndex = builtIndex }
        }
    }

    /// Decodes the file's members through `builder`'s walk into the task's output, made on the
    /// first bytes, and hands what follows them (nothing, zero padding, garbage, a member the walk
    /// does not read as gzip) to the stream, which judges it as it judges any file's tail.
    private func walkMembers(
        with builder: CheckpointIndexBuilder, reader: inout ReadableFile?, progressReported: inout Int64,
        built: inout CheckpointIndexBuilder.Built?
    ) throws -> PipedStart {
        let file = try reader ?? ReadableFile(path)
        reader = file
        // The walk writes without the lock, as the stream does: no other thread reaches the output.
        var output = state.withLock { state in
            defer { state.output = nil }
            return state.output
        }
        defer { state.withLock { $0.output = output } }
        let walked = try builder.build(file) { bytes in
            if context.cancellation.isCancelled { throw CancellationError() }
            try destination.write(bytes, to: &output, decodedInParallel: false)
        }
        built = walked
        progressReported += walked.membersEnd
        context.progress(walked.membersEnd)
        context.verified(walked.index.decodedSize)
        return .stream(StreamResumePoint(
            offset: walked.membersEnd, membersBefore: walked.members, uncompressedBytesBefore: walked.index.decodedSize,
            firstHeader: walked.firstHeader))
    }

    /// Where a stream's decode stands after its indexed members were read from a pipe.
    private enum PipedStart {
        /// Every member was indexed, and decoded in parallel.
        case finished(GzipDecodeSummary)
        /// The rest is streamed from here.
        case stream(StreamResumePoint)
    }

    /// A file read front to back (a pipe, standard input) first goes through a `PipedGzipReader`:
    /// its indexed members (squeeze's, BGZF) decode on every worker as they arrive, and the
    /// streaming decoder takes over where the reader stops, reading again the bytes it read
    /// ahead. Any other file is streamed from its start.
    private func decodePipedMembers(reader: inout ReadableFile?, progressReported: inout Int64) throws -> PipedStart {
        let file = try reader ?? ReadableFile(path)
        reader = file
        guard file.isSequential else { return .stream(StreamResumePoint()) }
        let piped = PipedGzipReader(scheduling: context.scheduling, cancellation: context.cancellation)
        let outcome = try piped.decode(file, verified: context.verified) { [self] bytes in try writeStreamed(bytes) }
        switch outcome {
        case .finished(let summary):
            progressReported += summary.compressedBytes
            context.progress(summary.compressedBytes)
            return .finished(summary)
        case .handOff(let handOff):
            progressReported += handOff.compressedBytesBefore
            context.progress(handOff.compressedBytesBefore)
            file.replay(handOff.pending)
            return .stream(StreamResumePoint(
                offset: handOff.compressedBytesBefore, membersBefore: handOff.membersBefore,
                uncompressedBytesBefore: handOff.uncompressedBytesBefore, firstHeader: handOff.firstHeader))
        }
    }

    /// Writes the members the `PipedGzipReader` delivers (one call at a time, in order) to the
    /// task's output, made on the first bytes. The lock is the output's home, not a wait: the
    /// stream's one block waits for the reader meanwhile, and nothing else reaches the state.
    private func writeStreamed(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLock { state in try destination.write(bytes, to: &state.output, decodedInParallel: isDecodedInParallel) }
    }

    /// Streams the file from `start` into `output`, made on the first decoded bytes (written behind
    /// the decoder, where the destination does that for streams); an output that lends buffers
    /// (`WriteBehindOutput`) gets the bytes after those decoded into them, by gzip's stream or
    /// zstd's alike.
    private func decodeStream(
        from start: StreamResumePoint, reader: inout ReadableFile?, progressReported: inout Int64, output: inout (any OutputFile)?
    ) -> Result<GzipDecodeSummary, any Error> {
        var made = output
        defer { output = made }
        return Result {
            let file = try reader ?? ReadableFile(path)
            reader = file
            // Members past `start` that workers decoded before the stream took over were already
            // counted: count only what goes beyond them.
            var counted = max(0, progressReported - start.offset)
            var reported: Int64 = 0
            defer { progressReported += reported }
            if start.offset == 0, try Zstd.startsFile(file.read(count: 4, at: 0)) {
                // A zstd file (whatever its name) that was not planned in parallel: one stream.
                let summary = try context.pools.zstd.withInstance { decoder in
                    try decoder.decodeStream(
                        file, cancellation: context.cancellation,
                        progress: { bytes in
                            reported += bytes
                            context.progress(bytes)
                        },
                        verified: context.verified,
                        lender: { made?.bufferLender },
                        sink: { bytes in try destination.write(bytes, to: &made, decodedInParallel: isDecodedInParallel) })
                }
                return GzipDecodeSummary(
                    zstdFrames: summary.frames, compressedBytes: summary.compressedBytes, uncompressedBytes: summary.uncompressedBytes,
                    decodedInParallel: false)
            }
            return try context.pools.streams.withInstance { decoder in
                try decoder.decode(
                    file, from: start, cancellation: context.cancellation,
                    progress: { bytes in
                        let fresh = max(0, bytes - counted)
                        counted = max(0, counted - bytes)
                        guard fresh > 0 else { return }
                        reported += fresh
                        context.progress(fresh)
                    },
                    verified: context.verified,
                    // Bytes decoded into a lent buffer go straight to the file.
                    lender: { made?.bufferLender },
                    sink: { bytes in try destination.write(bytes, to: &made, decodedInParallel: false) })
            }
        }
    }
}
