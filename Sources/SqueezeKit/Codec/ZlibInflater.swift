import CZlib

/// A zlib raw-DEFLATE decoder, reset for each gzip member: the streaming path's inflater (any
/// gzip, however it was written, in bounded memory).
///
/// `@unchecked Sendable`: a `z_stream` is not thread safe; each instance is used by one thread at
/// a time because decoders only reach it through `CodecPool.withInstance`. The stream is allocated
/// once and never moves, as zlib requires (it keeps pointers into it).
final class ZlibInflater: @unchecked Sendable {
    /// What one call of `inflate` did.
    struct Step {
        var consumed: Int
        var produced: Int
        /// The DEFLATE stream's last block ended: the member's trailer follows.
        var isEnd: Bool
    }

    private let stream: UnsafeMutablePointer<z_stream>

    init() throws(CodecError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = squeeze_inflateInit2(stream, -MAX_WBITS)
        guard status == Z_OK else {
            stream.deallocate()
            throw CodecError(library: "zlib", message: "inflateInit2 failed (\(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Forgets the previous stream: the next `inflate` starts a new DEFLATE stream.
    func reset() throws(CodecError) {
        let status = inflateReset(stream)
        guard status == Z_OK else { throw CodecError(library: "zlib", message: "inflateReset failed (\(status))") }
    }

    /// Decodes as much of `input` into `output` as either allows. Consuming and producing nothing
    /// means zlib needs more input; invalid data throws `GzipFormatError.invalidDeflateData` with
    /// zlib's own words.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Step {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let step = Step(
            consumed: input.count - Int(stream.pointee.avail_in),
            produced: output.count - Int(stream.pointee.avail_out),
            isEnd: status == Z_STREAM_END)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return step
        case Z_DATA_ERROR, Z_NEED_DICT:
            throw GzipFormatError.invalidDeflateData(stream.pointee.msg.map { String(cString: $0) } ?? "format violated")
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
            throw CodecError(library: "zlib", message: "inflate: \(message)")
        }
    }
}
