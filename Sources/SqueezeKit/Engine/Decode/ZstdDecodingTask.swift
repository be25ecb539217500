/// Decodes one zstd file whose frames were found (`ZstdFrameIndex`: a seek table, or the frames'
/// headers, as `pzstd` and concatenated `zstd` outputs have), as a `BlockTask` any scheduler can
/// run: one block per run of frames, decoded side by side (each run into a buffer of its stated
/// length or bound, by libzstd, which checks each frame's checksum), put back in order and written by
/// the holder of the writing turn (`WritingTurn`), outside the task's lock; each run's window
/// credit is given back once it is written.
///
/// If a run fails (damaged data, or lengths that lied), the runs before it are still written,
/// those after it are dropped, and `finish()` decodes the rest of the file as one stream from
/// that run's offset, which is a frame's start: the output is then exactly what one stream gives,
/// and so is the error, if there is one. A file without such an index is streamed by
/// `GzipDecodingTask`, whose stream reads zstd where the file starts with it.
///
/// `@unchecked Sendable`: `state` holds the output file, which is not `Sendable`; it is used only
/// inside `state.withLock`, or by one thread that moved it out of the state: the holder of the
/// writing turn while it writes a run (it puts it back), or `finish()`. The other fields are `let`
/// and `Sendable`.
final class ZstdDecodingTask: BlockTask, @unchecked Sendable {
    let path: PathName
    let index: ZstdFrameIndex
    private let destination: any DecodedFileDestination
    private let context: DecodingContext
    private let state: Locked<State>

    private struct State: WritingTurnHolder {
        var reader: ReadableFile?
        var startTime: Double?
        var turn = WritingTurn<[UInt8]>()
        var output: (any OutputFile)?
        /// A failure no decoding can mend: the source cannot be opened, the output cannot be written.
        var failure: (any Error)?
        /// The first run not written: it failed, or came after one that did.
        var firstUndelivered: Int?
        /// Decoded bytes written, all checked.
        var delivered: Int64 = 0
        var progressReported: Int64 = 0

        mutating func insert(_ block: [UInt8]?, at index: Int) -> Bool { turn.insert(block, at: index) }
        mutating func nextInOrder() -> (index: Int, block: [UInt8]?)? { turn.nextInOrder() }
    }

    init(path: PathName, index: ZstdFrameIndex, reader: ReadableFile? = nil, destination: any DecodedFileDestination, context: DecodingContext) {
        self.path = path
        self.index = index
        self.destination = destination
        self.context = context
        state = Locked(State(reader: reader))
    }

    /// The index of `file` when it is a zstd file worth decoding in parallel.
    static func index(of file: ReadableFile, size: Int64) -> ZstdFrameIndex? {
        guard size >= DecodingPlan.parallelThreshold, !file.isSequential,
              let magic = try? file.read(count: 4, at: 0), Zstd.startsFile(magic)
        else { return nil }
        return try? ZstdFrameIndex.find(in: file, size: size)
    }

    var blockCount: Int { index.runs.count }

    /// A run holds its compressed and decoded bytes until it is written.
    func weight(ofBlock block: Int) -> Int {
        let run = index.runs[block]
        return context.window.weight(ofLength: run.length + run.decompressedLength)
    }

    func runBlock(_ block: Int) -> Bool {
        guard !context.cancellation.isCancelled, let reader = source(forRun: block) else { return deposit(nil, at: block) }
        let run = index.runs[block]
        let decoded: [UInt8]? = try? context.pools.zstd.withInstance { decoder in
            let compressed = try reader.read(count: run.length, at: run.offset)
            guard compressed.count == run.length else { throw ZstdFormatError.truncated }
            var failure: (any Error)?
            let bytes = [UInt8](unsafeUninitializedCapacity: run.decompressedLength) { buffer, initialized in
                do {
                    initialized = try compressed.withUnsafeBytes {
                        try decoder.decode($0, into: UnsafeMutableRawBufferPointer(buffer), exactly: run.isExact)
                    }
                } catch {
                    failure = error
                    initialized = 0
                }
            }
            if let failure { throw failure }
            return bytes
        }
        state.withLock { $0.progressReported += Int64(run.length) }
        context.progress(Int64(run.length))
        return deposit(decoded, at: block)
    }

    func finish() {
        var (output, reader, failure, firstUndelivered, delivered, startTime, progressReported) = state.withLock { state in
            defer {
                state.output = nil
                state.reader = nil
            }
            return (state.output, state.reader, state.failure, state.firstUndelivered, state.delivered, state.startTime, state.progressReported)
        }
        var result: Result<GzipDecodeSummary, any Error>
        if let failure {
            result = .failure(failure)
        } else if context.cancellation.isCancelled {
            result = .failure(CancellationError())
        } else if let firstUndelivered {
            result = resumeStream(at: index.runs[firstUndelivered], delivered: delivered, reader: &reader, output: &output, progressReported: &progressReported)
        } else {
            result = .success(GzipDecodeSummary(zstdFrames: index.frames, compressedBytes: index.end, uncompressedBytes: delivered, decodedInParallel: true))
        }
        if case .success = result, output == nil {
            do {
                output = try destination.makeOutput(decodedInParallel: true)
            } catch {
                result = .failure(error)
            }
        }
        let seconds = MonotonicClock.now() - (startTime ?? MonotonicClock.now())
        destination.complete(FinishedDecoding(result: result, output: output, reader: reader, seconds: seconds, progressReported: progressReported))
    }

    /// The source, opened on first use; nil when run `block` need not be decoded (the task has
    /// failed, or an earlier run did).
    private func source(forRun block: Int) -> ReadableFile? {
        state.withLock { state in
            if state.startTime == nil { state.startTime = MonotonicClock.now() }
            if state.failure != nil { return nil }
            if let undelivered = state.firstUndelivered, undelivered < block { return nil }
            if let reader = state.reader { return reader }
            do {
                let reader = try ReadableFile(path)
                state.reader = reader
                return reader
            } catch {
                state.failure = error
                return nil
            }
        }
    }

    /// Hands run `block` to the ordered output (`depositInOrder`: written now by this thread, or by
    /// the holder of the writing turn); the first dropped run stops the writing (the rest is left
    /// to `finish()`). Each run's window credit goes back once it has passed. True when every run
    /// has passed.
    private func deposit(_ decoded: [UInt8]?, at block: Int) -> Bool {
        state.depositInOrder(
            decoded, at: block,
            take: { state, position, bytes -> (bytes: [UInt8], output: (any OutputFile)?)? in
                guard state.firstUndelivered == nil && state.failure == nil else { return nil }
                guard let bytes else {
                    state.firstUndelivered = position
                    return nil
                }
                defer { state.output = nil }
                return (bytes, state.output)
            },
            write: { toWrite -> (failure: (any Error)?, count: Int, output: (any OutputFile)?)? in
                guard let (bytes, made) = toWrite else { return nil }
                var output = made
                do {
                    try destination.write(bytes, to: &output, decodedInParallel: true)
                    return (nil, bytes.count, output)
                } catch {
                    return (error, 0, output)
                }
            },
            passed: { state, position, written in
                if let written {
                    state.output = written.output
                    if let failure = written.failure {
                        state.failure = failure
                    } else {
                        state.delivered += Int64(written.count)
                        context.verified(state.delivered)
                    }
                }
                context.window.release(weight(ofBlock: position))
            },
            isComplete: { [blockCount] state in state.turn.blocksPassed == blockCount })
    }

    /// Decodes the file as one stream from the start of `run`, after the runs written before it.
    private func resumeStream(
        at run: ZstdFrameIndex.Run, delivered: Int64, reader: inout ReadableFile?, output: inout (any OutputFile)?,
        progressReported: inout Int64
    ) -> Result<GzipDecodeSummary, any Error> {
        var made = output
        defer { output = made }
        return Result {
            let file = try reader ?? ReadableFile(path)
            reader = file
            var reported: Int64 = 0
            let stream = try context.pools.zstd.withInstance { decoder in
                try decoder.decodeStream(
                    file, from: run.offset, cancellation: context.cancellation,
                    progress: { reported += $0 },
                    verified: { context.verified(delivered + $0) },
                    sink: { bytes in try destination.write(bytes, to: &made, decodedInParallel: true) })
            }
            progressReported += reported
            let framesBefore = index.runs.prefix { $0.offset < run.offset }.reduce(0) { $0 + $1.frames }
            return GzipDecodeSummary(
                zstdFrames: framesBefore + stream.frames, compressedBytes: run.offset + stream.compressedBytes,
                uncompressedBytes: delivered + stream.uncompressedBytes, decodedInParallel: true)
        }
    }
}

extension GzipDecodeSummary {
    /// What a zstd file held: its frames (skippable ones included where it was streamed), and
    /// nothing of gzip's header or trailing bytes (zstd's decoder refuses what follows its frames).
    init(zstdFrames frames: Int, compressedBytes: Int64, uncompressedBytes: Int64, decodedInParallel: Bool) {
        self.init(
            members: frames, compressedBytes: compressedBytes, uncompressedBytes: uncompressedBytes, firstHeader: nil,
            trailing: .none, decodedInParallel: decodedInParallel, format: .zstd)
    }
}
