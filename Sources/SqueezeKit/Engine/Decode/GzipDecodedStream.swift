import Dispatch
import Foundation

/// The decoded bytes of a gzip file as a stream its reader pulls from, for consumers that ask for
/// the next block when they want it (libarchive's read callback, say). A `GzipFileReader` decodes
/// on background workers (in parallel for indexed files) and queues decoded chunks; at most
/// `bufferLimit` bytes wait (plus the chunk being added), so a slow reader holds the decoders
/// back instead of growing memory.
///
/// One reader: `next()` and `close()` are meant to be called from one thread at a time.
public final class GzipDecodedStream: Sendable {
    private let state: ChunkQueue
    private let finished = DispatchSemaphore(value: 0)
    private let cancellation: CancellationFlag
    private let consumed = Locked<Int64>(0)

    /// Starts decoding `path` at once.
    public init(path: PathName, scheduling: SchedulingOptions = SchedulingOptions(), bufferLimit: Int = 8 << 20) {
        let state = ChunkQueue(limit: bufferLimit)
        let cancellation = CancellationFlag()
        let finished = finished
        self.state = state
        self.cancellation = cancellation
        let reader = GzipFileReader(scheduling: scheduling, cancellation: cancellation)
        // A thread of its own, not a global-queue worker: the reader is often one itself (a list
        // worker), blocked in next() until this decode, which may need the pool, gives it bytes.
        let decoder = Thread { [consumed] in
            let result = Result {
                try reader.decode(path, progress: { bytes in consumed.withLock { $0 += bytes } }) { bytes in
                    try state.append(Array(bytes))
                }
            }
            state.finish(result)
            finished.signal()
        }
        decoder.name = "squeeze.gzip-stream"
        decoder.start()
    }

    deinit { close() }

    /// The next decoded bytes, in order; nil after the last. When the decode fails, throws its
    /// error (a `GzipFormatError`, a `SystemError`...) once the chunks queued before it have been
    /// returned: as with `GzipFileReader`, bytes already returned must then be taken as incomplete.
    public func next() throws -> [UInt8]? {
        try state.next()
    }

    /// Bytes of the gzip file decoded so far (for progress).
    public var bytesConsumed: Int64 { consumed.withLock { $0 } }

    /// What the decode found, once `next()` has returned nil.
    public var summary: GzipDecodeSummary? { state.summary }

    /// Stops the decode if it is still running (when the reader wants no more) and waits until
    /// its workers are done. Safe to call more than once.
    public func close() {
        guard state.close() else { return }
        cancellation.cancel()
        finished.wait()
    }
}

/// The chunks between the decoder and the reader of a `GzipDecodedStream`.
///
/// `@unchecked Sendable`: every stored property but the condition is read and written only while
/// holding `condition`'s lock.
private final class ChunkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private var chunks: [[UInt8]] = []
    private var first = 0
    private var queuedBytes = 0
    private var result: Result<GzipDecodeSummary, any Error>?
    private var isClosed = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Called by the decoder: waits while the queue is full; throws once the reader has closed.
    func append(_ chunk: [UInt8]) throws {
        condition.lock()
        defer { condition.unlock() }
        while queuedBytes >= limit && !isClosed { condition.wait() }
        if isClosed { throw CancellationError() }
        chunks.append(chunk)
        queuedBytes += chunk.count
        condition.broadcast()
    }

    func finish(_ result: Result<GzipDecodeSummary, any Error>) {
        condition.lock()
        self.result = result
        condition.broadcast()
        condition.unlock()
    }

    func next() throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while first == chunks.count && result == nil && !isClosed { condition.wait() }
        if first < chunks.count {
            let chunk = chunks[first]
            first += 1
            queuedBytes -= chunk.count
            if first > 64 && first * 2 > chunks.count {
                chunks.removeFirst(first)
                first = 0
            }
            condition.broadcast()
            return chunk
        }
        if isClosed { throw CancellationError() }
        // The end: nothing more, or the error that ended the decode.
        _ = try result?.get()
        return nil
    }

    var summary: GzipDecodeSummary? {
        condition.lock()
        defer { condition.unlock() }
        return try? result?.get()
    }

    /// Marks the queue closed; false if it already was.
    func close() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if isClosed { return false }
        isClosed = true
        chunks = []
        first = 0
        queuedBytes = 0
        condition.broadcast()
        return true
    }
}
