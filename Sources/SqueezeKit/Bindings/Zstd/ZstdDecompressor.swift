import CZstd

/// A libzstd decompression context: decodes a run of whole frames into a buffer of exactly their
/// length (`ZstdFrameIndex.Run`), or a file as one stream. libzstd checks each frame's XXH64
/// checksum where the frame has one; a frame without (`zstd --no-check`) is checked only for its
/// structure and, where its header states it, its length.
///
/// `@unchecked Sendable`: a `ZSTD_DCtx` is not thread safe; each instance is used by one thread at
/// a time because workers only reach it through `CodecPool.withInstance`.
final class ZstdDecompressor: @unchecked Sendable {
    private let context: OpaquePointer
    /// The stream's compressed input, read ahead on another thread as gzip's stream reads it
    /// (`BufferedFileInput`): the decoding thread, a stream's critical path, then does not wait
    /// in `read`. Made at the first stream: a decoder of runs (`decode`) needs none.
    private var input: BufferedFileInput?
    /// The stream's own output buffer, for the bytes no lender takes; made at the first stream.
    private var ownOutput: UnsafeMutableRawBufferPointer?

    static let inputCapacity = 1 << 20

    init() throws {
        guard let context = ZSTD_createDCtx() else {
            throw CodecError(library: "libzstd", message: "cannot create a decompression context")
        }
        self.context = context
    }

    deinit {
        ZSTD_freeDCtx(context)
        ownOutput?.deallocate()
    }

    /// Decodes the frames in `input` into `output`, which they must fill `exactly` (or fit in);
    /// returns the decoded length.
    func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, exactly: Bool = true) throws -> Int {
        ZSTD_DCtx_reset(context, ZSTD_reset_session_only)
        let decoded = try Zstd.check(ZSTD_decompressDCtx(context, output.baseAddress, output.count, input.baseAddress, input.count), "decode")
        guard decoded == output.count || !exactly else { throw ZstdFormatError.lengthMismatch(stated: Int64(output.count), decoded: Int64(decoded)) }
        return decoded
    }

    /// What one stream held.
    struct StreamSummary: Equatable, Sendable {
        /// Frames ended, skippable ones included.
        var frames: Int
        var compressedBytes: Int64
        var uncompressedBytes: Int64
    }

    /// Decodes `file` from `offset` to its end as one stream of frames, handing the bytes to
    /// `sink` in order (before the checksum of their frame is checked: the caller keeps nothing
    /// under a final name until this returns). `lender` is asked once, after the sink's first
    /// bytes: the bytes after those are decoded straight into its buffers, in order, if it gives
    /// one (`DecodedOutput`, as gzip's stream does). `verified` hears the decoded bytes whose
    /// frames have ended, checked; `progress` the compressed bytes read. On damaged data the bytes
    /// decoded before it are handed on first, as `zstd -dc` writes them.
    func decodeStream(
        _ file: ReadableFile, from offset: Int64 = 0, cancellation: CancellationFlag,
        progress: (Int64) -> Void, verified: (Int64) -> Void = { _ in },
        lender: () -> (any DecodeBufferLender)? = { nil }, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> StreamSummary {
        ZSTD_DCtx_reset(context, ZSTD_reset_session_only)
        let input = self.input ?? BufferedFileInput(capacity: Self.inputCapacity)
        self.input = input
        input.open(file, at: offset)
        defer { input.close() }
        let own = ownOutput ?? .allocate(byteCount: ZSTD_DStreamOutSize(), alignment: 16)
        ownOutput = own
        // The closures are used only within this call; the output that keeps them does not outlive it.
        return try withoutActuallyEscaping(sink) { sink in
            try withoutActuallyEscaping(lender) { lender in
                var output = DecodedOutput(own: own, sink: sink, findLender: lender)
                do {
                    return try decodeFrames(input, from: offset, into: &output, cancellation: cancellation, progress: progress, verified: verified)
                } catch let error as ZstdFormatError {
                    try output.flush()
                    throw error
                } catch {
                    output.abandon()
                    throw error
                }
            }
        }
    }

    /// The loop of `decodeStream`: decodes every frame of `input` (open at `offset`) into `output`,
    /// a buffer of input at a time, and leaves it flushed.
    private func decodeFrames(
        _ input: BufferedFileInput, from offset: Int64, into output: inout DecodedOutput, cancellation: CancellationFlag,
        progress: (Int64) -> Void, verified: (Int64) -> Void
    ) throws -> StreamSummary {
        var summary = StreamSummary(frames: 0, compressedBytes: 0, uncompressedBytes: 0)
        var frameStart = offset
        var inFrame = false
        while true {
            if cancellation.isCancelled { throw CancellationError() }
            // libzstd takes every byte it is given (it keeps what it cannot use yet): each refill
            // starts from an empty buffer.
            if try input.refill() == 0 { break }
            let bytes = input.available
            let position = input.position
            progress(Int64(bytes.count))
            var source = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
            while true {
                if !inFrame { frameStart = position + Int64(source.pos) }
                try output.prepare()
                // Never empty: a full buffer is handed on at once.
                let free = output.free
                var target = ZSTD_outBuffer(dst: free.baseAddress, size: free.count, pos: 0)
                let consumedBefore = source.pos
                let result = ZSTD_decompressStream(context, &target, &source)
                if ZSTD_isError(result) != 0 && ZSTD_getErrorCode(result) == ZSTD_error_prefix_unknown {
                    throw ZstdFormatError.notZstd(offset: frameStart)
                }
                let remaining = try Zstd.check(result, "decode")
                output.fill += target.pos
                summary.uncompressedBytes += Int64(target.pos)
                inFrame = remaining != 0
                // A frame ends in the call that returns 0 having read or given something.
                if !inFrame && (source.pos > consumedBefore || target.pos > 0) {
                    summary.frames += 1
                    verified(summary.uncompressedBytes)
                }
                if output.isFull {
                    try output.flush()
                    // A buffer of input can decode to gigabytes (runs of one byte, 4 bytes a block).
                    if cancellation.isCancelled { throw CancellationError() }
                }
                // A full output buffer may leave decoded bytes inside libzstd: call again,
                // unless the frame just ended (a call then would start the next one, and
                // with no input say it is inside it).
                if source.pos == source.size && (target.pos < target.size || !inFrame) { break }
            }
            input.consume(bytes.count)
        }
        try output.flush()
        summary.compressedBytes = input.position - offset
        if inFrame { throw ZstdFormatError.truncated }
        if summary.compressedBytes == 0 && offset == 0 { throw ZstdFormatError.notZstd(offset: 0) }
        return summary
    }
}
