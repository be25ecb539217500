import CZlib

/// A zlib raw-DEFLATE inflater that stops at every block boundary (`Z_BLOCK`) and can start at
/// any bit with a preset window (`inflatePrime`, `inflateSetDictionary`): what a checkpoint index
/// is built and read with, as zran, indexed_gzip and gztool do. zlib rather than ISA-L: its
/// `data_type` says, after each call, whether it stopped between blocks and how many bits of the
/// last byte it took are unread, which is the bit offset a checkpoint records.
///
/// `@unchecked Sendable` is not claimed: one instance belongs to one decode on one thread. The
/// stream is allocated once and never moves, as zlib requires.
final class BlockBoundaryInflater {
    struct Step {
        var consumed: Int
        var produced: Int
        /// The DEFLATE stream's last block ended: the member's trailer follows.
        var isEnd: Bool
        /// Stopped between two blocks of the stream (not after its last one): a block starts at
        /// the bit `unreadBits` before the end of what was consumed.
        var isBetweenBlocks: Bool
        var unreadBits: Int
    }

    private let stream: UnsafeMutablePointer<z_stream>

    init() throws(CodecError) {
        stream = try makeZlibStream { squeeze_inflateInit2($0, -MAX_WBITS) } failure: { "inflateInit2 failed (\($0))" }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Starts a new DEFLATE stream: at a byte (`bitsBefore` 0), or `bitsBefore` bits into the byte
    /// `byte` (its high bits are the ones unread), with `window`, the decoded bytes before it (up
    /// to 32 KiB are used; none at a member's start).
    func reset(bitsBefore: Int, of byte: UInt8, window: UnsafeRawBufferPointer) throws {
        try check(inflateReset(stream), "inflateReset")
        if bitsBefore > 0 {
            let unread = 8 - bitsBefore
            try check(inflatePrime(stream, Int32(unread), Int32(byte >> bitsBefore)), "inflatePrime")
        }
        if !window.isEmpty {
            let used = UnsafeRawBufferPointer(rebasing: window.suffix(1 << 15))
            try check(
                inflateSetDictionary(stream, used.baseAddress!.assumingMemoryBound(to: Bytef.self), uInt(used.count)),
                "inflateSetDictionary")
        }
    }

    /// Decodes from `input` into `output` until either is used up, the stream ends, or a block
    /// ends. Invalid data throws `GzipFormatError.invalidDeflateData` with zlib's words.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Step {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, Z_BLOCK)
        let dataType = stream.pointee.data_type
        let step = Step(
            consumed: input.count - Int(stream.pointee.avail_in), produced: output.count - Int(stream.pointee.avail_out),
            isEnd: status == Z_STREAM_END, isBetweenBlocks: status != Z_STREAM_END && dataType & 128 != 0 && dataType & 64 == 0,
            unreadBits: Int(dataType & 7))
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return step
        case Z_DATA_ERROR, Z_NEED_DICT:
            throw GzipFormatError.invalidDeflateData(stream.pointee.msg.map { String(cString: $0) } ?? "format violated")
        default:
            throw CodecError(library: "zlib", message: "inflate: " + (stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"))
        }
    }

    private func check(_ status: Int32, _ function: String) throws {
        guard status == Z_OK else { throw CodecError(library: "zlib", message: "\(function) failed (\(status))") }
    }
}
