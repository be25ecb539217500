/// Decodes one gzip file and hands its bytes, in order, to a consumer: the library's reading side
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

    public init(scheduling: SchedulingOptions = SchedulingOptions(), cancellation: CancellationFlag = CancellationFlag()) {
        self.scheduling = scheduling
        self.cancellation = cancellation
    }

    /// Decodes the file at `path`, calling `consumer` with the decoded bytes in order.
    ///
    /// `consumer` is called on worker threads, one call at a time (never concurrently), with a
    /// buffer valid only during the call; a throw stops the decode and is rethrown here. Bytes of
    /// a member are handed over before its trailer is checked when it is streamed, so after an
    /// error, what the consumer got must be treated as incomplete. `progress` gets compressed
    /// bytes worked through. Throws `GzipFormatError` for bad data, `SystemError` when the file
    /// cannot be read, and `CancellationError` when `cancellation` is set.
    public func decode(
        _ path: PathName, progress: @escaping @Sendable (Int64) -> Void = { _ in },
        into consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) throws -> GzipDecodeSummary {
        let file = try ReadableFile(path)
        let size = try file.status().size
        let window = WorkWindow(
            capacity: WorkWindow.capacity(forJobs: scheduling.jobs, blockSize: BlockLayout.defaultBlockSize),
            cancellation: cancellation)
        let destination = ConsumerDestination(consumer)
        let task = GzipDecodingTask(
            path: path, plan: DecodingPlan.make(for: file, size: size, threshold: parallelThreshold), reader: file,
            destination: destination,
            context: DecodingContext(window: window, pools: DecoderPools(), cancellation: cancellation, progress: progress))
        let items = (0..<task.blockCount).map { block in
            WorkItem(task: task, block: block, taskSize: size, weight: task.weight(ofBlock: block))
        }
        scheduling.mode
            .makeScheduler(jobs: scheduling.jobs, qos: scheduling.qos, cancellation: cancellation)
            .run(PlannedWork(items: items, window: window))
        guard let result = destination.result else { throw CancellationError() }
        return try result.get()
    }
}
