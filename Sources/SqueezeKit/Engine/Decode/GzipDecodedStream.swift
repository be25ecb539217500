/// The decoded bytes of a gzip file as a stream its reader pulls from, for consumers that ask for
/// the next block when they want it (libarchive's read callback, say). A `GzipFileReader` decodes
/// on background workers (in parallel for indexed files) and queues decoded chunks; at most
/// `bufferLimit` bytes wait (or a single larger chunk), so a slow reader holds the decoders
/// back instead of growing memory.
///
/// One reader: `next()` and `close()` are meant to be called from one thread at a time.
public final class GzipDecodedStream: Sendable {
    private let chunks: BoundedChannel<[UInt8]>
    /// The decoding thread, joined by `close()`.
    private let decoder: JoinableThread<Void>
    private let cancellation: CancellationFlag
    private let consumed: Locked<Int64>
    private let verified: Locked<Int64>
    private let decodeSummary: Locked<GzipDecodeSummary?>
    private let isClosed = Locked(false)

    /// Starts decoding `path` at once.
    public convenience init(path: PathName, scheduling: SchedulingOptions = SchedulingOptions(), bufferLimit: Int = 8 << 20) {
        self.init(opening: { try ReadableFile(path) }, scheduling: scheduling, bufferLimit: bufferLimit)
    }

    /// Starts decoding `file`, already open (standard input, say), at once.
    public convenience init(file: ReadableFile, scheduling: SchedulingOptions = SchedulingOptions(), bufferLimit: Int = 8 << 20) {
        self.init(opening: { file }, scheduling: scheduling, bufferLimit: bufferLimit)
    }

    /// `open` runs on the decoding thread: a failure to open is the decode's error.
    private init(
        opening open: @escaping @Sendable () throws -> ReadableFile, scheduling: SchedulingOptions, bufferLimit: Int
    ) {
        let chunks = BoundedChannel<[UInt8]>(capacity: bufferLimit, weight: { $0.count })
        let cancellation = CancellationFlag()
        let (consumed, verified, decodeSummary) = (Locked<Int64>(0), Locked<Int64>(0), Locked<GzipDecodeSummary?>(nil))
        (self.chunks, self.cancellation) = (chunks, cancellation)
        (self.consumed, self.verified, self.decodeSummary) = (consumed, verified, decodeSummary)
        let reader = GzipFileReader(scheduling: scheduling, cancellation: cancellation)
        // A thread of its own, not a global-queue worker: the reader is often one itself (a list
        // worker), blocked in next() until this decode, which may need the pool, gives it bytes.
        decoder = JoinableThread(name: "squeeze.gz-stream") {
            do {
                let summary = try reader.decode(
                    open(), progress: { bytes in consumed.withLock { $0 += bytes } },
                    verified: { bytes in verified.withLock { $0 = bytes } },
                    to: .keeping { bytes in
                        guard chunks.send(bytes) else { throw CancellationError() }
                    })
                decodeSummary.withLock { $0 = summary }
                chunks.finish()
            } catch {
                chunks.finish(throwing: error)
            }
        }
    }

    deinit { close() }

    /// The next decoded bytes, in order; nil after the last. When the decode fails, throws its
    /// error (a `GzipFormatError`, a `SystemError`...) once the chunks queued before it have been
    /// returned: as with `GzipFileReader`, bytes already returned must then be taken as incomplete.
    public func next() throws -> [UInt8]? {
        try chunks.receive()
    }

    /// Bytes of the gzip file decoded so far (for progress).
    public var bytesConsumed: Int64 { consumed.withLock { $0 } }

    /// Decoded bytes, from the start, whose CRC-32 and length have been checked so far: a byte
    /// `next()` returned at an offset below this is known good; one above it may yet turn out bad.
    public var bytesVerified: Int64 { verified.withLock { $0 } }

    /// What the decode found, once `next()` has returned nil.
    public var summary: GzipDecodeSummary? { decodeSummary.withLock { $0 } }

    /// Stops the decode if it is still running (when the reader wants no more) and waits until
    /// its workers are done. Safe to call more than once.
    public func close() {
        let wasClosed = isClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !wasClosed else { return }
        chunks.close()
        cancellation.cancel()
        decoder.join()
    }
}
