/// Decodes one gzip (or zstd) file and hands its bytes, in order, to a consumer: the library's reading side
/// for callers that want bytes rather than files (`squeeze extract` feeding libarchive, say).
///
/// A file made of indexed members (squeeze's own, larger than `DecodingPlan.parallelThreshold`)
/// is decoded member by member on `scheduling.jobs` workers, with at most a few members per worker
/// in memory; any other gzip is decoded as a stream, in fixed buffers. Either way every member's
/// CRC-32 and length are checked, and trailing bytes are judged as `TrailingBytes` says.
public struct GzipFileReader: Sendable {
    public var scheduling: SchedulingOptions
    public let cancellation: CancellationFlag
    /// Indexed files at least this large are decoded member by member (tests lower it).
    var parallelThreshold = DecodingPlan.parallelThreshold
    /// How a member without flush points is split for block search (tests make it small).
    var blockSplit = SpeculativeSplit.BlockSearch()
    /// The window's credits, when not four blocks per job: tests narrow it to one part in flight
    /// at a time (the feeder then wakes only once the whole window is free).
    var windowCapacity: Int?

    public init(scheduling: SchedulingOptions = SchedulingOptions(), cancellation: CancellationFlag = CancellationFlag()) {
        self.scheduling = scheduling
        self.cancellation = cancellation
    }

    /// Decodes the file at `path`, calling `consumer` with the decoded bytes in order.
    ///
    /// `consumer` is called on worker threads, one call at a time (never concurrently), with a
    /// buffer valid only during the call; a throw stops the decode and is rethrown here. Bytes of
    /// a member are handed over before its trailer is checked when it is streamed, so after an
    /// error, what the consumer got must be treated as incomplete; `verified` says, as the decode
    /// goes, how many decoded bytes from the start have had their CRC-32 and length checked
    /// (every byte, before it is handed over, for the members decoded in parallel; the whole
    /// member's, once its trailer is read, for a streamed one). `progress` gets compressed
    /// bytes worked through. Throws `GzipFormatError` for bad data, `SystemError` when the file
    /// cannot be read, and `CancellationError` when `cancellation` is set.
    public func decode(
        _ path: PathName, progress: @escaping @Sendable (Int64) -> Void = { _ in },
        verified: @escaping @Sendable (Int64) -> Void = { _ in },
        into consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) throws -> GzipDecodeSummary {
        try decode(ReadableFile(path), progress: progress, verified: verified, into: consumer)
    }

    /// As `decode(_:progress:verified:into:)`, from a file already open (standard input, say).
    public func decode(
        _ file: ReadableFile, progress: @escaping @Sendable (Int64) -> Void = { _ in },
        verified: @escaping @Sendable (Int64) -> Void = { _ in },
        into consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) throws -> GzipDecodeSummary {
        try decode(file, progress: progress, verified: verified, to: .borrowing(consumer))
    }

    /// As `decode(_:progress:verified:into:)`, to a consumer that may keep the blocks it is given.
    func decode(
        _ file: ReadableFile, progress: @escaping @Sendable (Int64) -> Void, verified: @escaping @Sendable (Int64) -> Void,
        to consumer: DecodedBytesConsumer
    ) throws -> GzipDecodeSummary {
        let size = try file.status().size
        let window = WorkWindow(
            capacity: windowCapacity ?? WorkWindow.capacity(forJobs: scheduling.jobs, blockSize: BlockLayout.defaultBlockSize),
            cancellation: cancellation, wakingWhenFree: windowCapacity)
        let destination = ConsumerDestination(consumer)
        let context = DecodingContext(
            window: window, pools: DecoderPools(), cancellation: cancellation, progress: progress, verified: verified,
            scheduling: scheduling)
        let task: any BlockTask & WeightedBlocks = if let index = ZstdDecodingTask.index(of: file, size: size) {
            ZstdDecodingTask(path: file.path, index: index, reader: file, destination: destination, context: context)
        } else {
            GzipDecodingTask(
                path: file.path, plan: file.isSequential ? .stream : DecodingPlan.make(for: file, size: size, threshold: parallelThreshold, blockSplit: blockSplit),
                reader: file, destination: destination, context: context)
        }
        let items = (0..<task.blockCount).map { block in
            WorkItem(task: task, block: block, taskSize: size, weight: task.weight(ofBlock: block))
        }
        scheduling.run(items, window: window, cancellation: cancellation)
        guard let result = destination.result else { throw CancellationError() }
        return try result.get()
    }
}

/// The destination of a `GzipFileReader` decode: bytes go to the caller's consumer, and the result
/// is kept for the caller to collect once the scheduler returns.
final class ConsumerDestination: DecodedFileDestination {
    private let consumer: DecodedBytesConsumer
    private let outcome = Locked<Result<GzipDecodeSummary, any Error>?>(nil)

    init(_ consumer: DecodedBytesConsumer) {
        self.consumer = consumer
    }

    func makeOutput(decodedInParallel: Bool) throws -> any OutputFile { ConsumerOutput(consumer) }

    func complete(_ decoding: FinishedDecoding) {
        outcome.withLock { $0 = decoding.result }
    }

    /// The result, or nil if the task never finished (the run was cancelled first).
    var result: Result<GzipDecodeSummary, any Error>? { outcome.withLock { $0 } }
}

/// A decoding task whose blocks hold window credits until they are written.
protocol WeightedBlocks {
    func weight(ofBlock index: Int) -> Int
}

extension GzipDecodingTask: WeightedBlocks {}
extension ZstdDecodingTask: WeightedBlocks {}

/// Where a decoded file's bytes go, and what is done once the file is decoded or has failed: an
/// atomic file committed beside the source (decompress), nothing (test), or a caller's consumer.
protocol DecodedFileDestination: Sendable {
    /// The output for the decoded bytes, made when the first bytes (or an empty result) are ready:
    /// a file that is not gzip never gets a temporary. `decodedInParallel`: workers decode the
    /// file's members or chunks and hand whole blocks to the output, already overlapping decoding
    /// with writing (a writer thread behind them would only add a copy and a wait).
    func makeOutput(decodedInParallel: Bool) throws -> any OutputFile

    /// The output a stream goes on writing to when it takes over from workers that made `output`
    /// (decoding no longer overlaps with writing): `output` itself, or a writer behind the stream
    /// wrapping it, as `makeOutput(decodedInParallel: false)` would have made.
    func continuingAsStream(_ output: any OutputFile) -> any OutputFile

    /// Called once per task, on a worker, after the last byte: commits or discards the output and
    /// reports.
    func complete(_ decoding: FinishedDecoding)
}

extension DecodedFileDestination {
    func continuingAsStream(_ output: any OutputFile) -> any OutputFile { output }

    /// Writes `bytes` to `output`, which this destination makes at the first bytes: what each
    /// decoder of a file does with what it decodes, in order.
    func write(_ bytes: UnsafeRawBufferPointer, to output: inout (any OutputFile)?, decodedInParallel: Bool) throws {
        if output == nil { output = try makeOutput(decodedInParallel: decodedInParallel) }
        try output!.write(bytes)
    }

    /// As `write(_:to:decodedInParallel:)`, for bytes the decoder no longer needs.
    func write(_ bytes: [UInt8], to output: inout (any OutputFile)?, decodedInParallel: Bool) throws {
        if output == nil { output = try makeOutput(decodedInParallel: decodedInParallel) }
        try output!.write(bytes)
    }
}

/// Everything a destination needs to know about a finished decode.
struct FinishedDecoding {
    var result: Result<GzipDecodeSummary, any Error>
    /// The output, if one was made: every decoded byte was written to it, in order.
    var output: (any OutputFile)?
    /// The source, if it was opened (to check that it did not change meanwhile).
    var reader: ReadableFile?
    var seconds: Double
    /// Input bytes already reported as progress.
    var progressReported: Int64
    /// The checkpoint index built on the way (`DecodingPlan.indexing`), if every member was read.
    var checkpointIndex: CheckpointIndexBuilder.Built? = nil
}
